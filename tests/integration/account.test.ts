import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { PurchasesResult } from "~/components/sections/account/purchased-courses";
import type { PurchaseStatus } from "~/lib/purchases";
import { ACCOUNT_CHANGED_MESSAGE, ACCOUNT_FIELD } from "~/lib/schemas/profile";
import * as accountRoute from "~/routes/account";
import * as apiUpdateUserPreferencesRoute from "~/routes/api.v2.update-user-preferences";
import { courses, interestRegistrations, newsletterSubscribers, profiles, userCoursePurchases, users } from "~/server/db/schema.server";
import { confirmNewsletterSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";

import { testDriver, useTestDatabase } from "../support/database";
import { isSubscribed } from "../support/marketing";
import { createPerson, FULL_PROFILE, type Person } from "../support/people";
import { guarded, jsonRequest, routeArgs, settle, TEST_MAIL_BUDGETS, TEST_SITE_URL, testAuth } from "../support/route-args";

const accountAction = guarded(accountRoute, "action");
const accountLoader = guarded(accountRoute, "loader");
const preferencesAction = guarded(apiUpdateUserPreferencesRoute, "action");

const handle = useTestDatabase();

const signUpAndSignIn = (firstName: string, lastName: string, marketing = false) =>
  createPerson({ db: handle.db, auth: testAuth(handle) }, { firstName, lastName, marketing, password: "first-password" });

async function signIn(email: string, password: string) {
  const response = await testAuth(handle).api.signInEmail({ body: { email, password }, asResponse: true });
  if (!response.ok) return null;
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { cookie, token: response.headers.get("set-auth-token") ?? "" };
}

/** How a request is signed in, and (`id`) the account its page was drawn for, which the account forms name. */
type Credentials = (({ cookie: string } | { token: string }) & { id?: string }) | null;
const authHeaders = (who: Credentials): Record<string, string> =>
  !who ? {} : "cookie" in who ? { Cookie: who.cookie } : { Authorization: `Bearer ${who.token}` };

const asCookie = (person: Person) => ({ cookie: person.cookie, id: person.id });
const asBearer = (person: Person) => ({ token: person.bearer, id: person.id });

function loadAccount(who: Credentials, path = "/account") {
  return accountLoader(routeArgs(new Request(new URL(path, TEST_SITE_URL), { headers: authHeaders(who) }), handle));
}

function postAccount(who: Credentials, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(new URL("/account", TEST_SITE_URL), {
    method: "POST",
    headers: { Origin: TEST_SITE_URL, ...authHeaders(who), ...headers },
    // As the page's forms post them: naming the account the page was drawn for.
    body: new URLSearchParams({ ...(who?.id && { [ACCOUNT_FIELD]: who.id }), ...fields }),
  });
  return settle(() => accountAction(routeArgs(request, handle)));
}

function postPreferences(who: Credentials, body: unknown, headers: Record<string, string> = {}) {
  const request = jsonRequest("/api/v2/v2-update-user-preferences", body, { ...authHeaders(who), ...headers });
  return settle(() => preferencesAction(routeArgs(request, handle)));
}

async function profileRow(person: Person) {
  const [row] = await handle.db.select().from(profiles).where(eq(profiles.id, person.id));
  return row ?? null;
}

const saveProfileAs = (who: Credentials, fields: Partial<Record<keyof typeof FULL_PROFILE, string>> & Record<string, string>) =>
  postAccount(who, { intent: "profile", ...FULL_PROFILE, ...fields });

let alice: Person;
let bob: Person;
let courseIds: { level2: string; sinus: string };

beforeAll(async () => {
  alice = await signUpAndSignIn("Alice", "Amari", true);
  bob = await signUpAndSignIn("Bob", "Brennan");
  const inserted = await handle.db
    .insert(courses)
    .values([
      {
        offeringKey: "level-2",
        title: "Level 2 - Ultimate Full Arch Live Course",
        slug: "level-2-ultimate-full-arch-live-course",
        description: "L".repeat(150),
        imageUrl: "/media/img/course-level-2-960.webp",
      },
      { offeringKey: "sinus-grafting", title: "Sinus Grafting", slug: "sinus-grafting", description: "A short description.", imageUrl: null },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  courseIds = {
    level2: inserted.find((row) => row.slug.startsWith("level-2"))!.id,
    sinus: inserted.find((row) => row.slug === "sinus-grafting")!.id,
  };
  const purchase = (userId: string | null, courseId: string, status: PurchaseStatus, date: string, receiptUrl: string | null, session: string) => ({
    userId,
    courseId,
    customerEmail: "buyer@example.com",
    status,
    purchaseDate: new Date(date),
    receiptUrl,
    amountSubtotal: 100,
    amountTotal: 100,
    currency: "gbp",
    stripeSessionId: session,
  });
  await handle.db
    .insert(userCoursePurchases)
    .values([
      purchase(alice.id, courseIds.sinus, "paid", "2026-03-01T10:00:00Z", "https://pay.stripe.com/receipts/alice-1", "cs_alice_1"),
      purchase(alice.id, courseIds.level2, "pending", "2026-05-20T10:00:00Z", null, "cs_alice_2"),
      purchase(bob.id, courseIds.level2, "complete", "2026-04-10T10:00:00Z", "https://pay.stripe.com/receipts/bob-1", "cs_bob_1"),
      purchase(null, courseIds.sinus, "paid", "2026-04-11T10:00:00Z", null, "cs_guest_1"),
    ]);
});

describe(`account page loader on ${testDriver}`, () => {
  it("sends an anonymous visitor to /auth, told to log in", async () => {
    let thrown: unknown;
    try {
      await loadAccount(null);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/auth?notice=login-required");
  });

  it("shows a signed-in person their own account, profile, preference and purchases (cookie or bearer token)", async () => {
    for (const who of [asCookie(alice), asBearer(alice)]) {
      const data = await loadAccount(who);
      expect(data.account.email).toBe(alice.email);
      expect(new Date(data.account.joinedAt).getTime()).toBeGreaterThan(Date.now() - 60 * 60 * 1000);
      expect(data.profile).toMatchObject({ found: true, loadError: null, eventNotifications: true });
      expect(data.profile.values).toMatchObject({ firstName: "Alice", lastName: "Amari", emailAddress: alice.email });
      const purchases = await data.purchases;
      expect(purchases.ok).toBe(true);
      const list = (purchases as Extract<PurchasesResult, { ok: true }>).purchases;
      // Newest first; only Alice's two (not Bob's, not the unclaimed guest purchase).
      expect(list.map((item) => [item.title, item.status, item.tone])).toEqual([
        ["Level 2 - Ultimate Full Arch Live Course", "pending", "pending"],
        ["Sinus Grafting", "paid", "success"],
      ]);
      expect(list[0]).toMatchObject({
        courseHref: "/courses/level-2-ultimate-full-arch-live-course",
        description: `${"L".repeat(100)}…`,
        receiptUrl: null,
        imageUrl: "/media/img/course-level-2-960.webp",
        purchasedOn: "2026-05-20T10:00:00.000Z",
      });
      expect(list[1]).toMatchObject({
        courseHref: "/courses/sinus-grafting",
        description: "A short description.",
        receiptUrl: "https://pay.stripe.com/receipts/alice-1",
        imageUrl: null,
      });
    }
  });

  it("never shows one person another's profile or purchases, whatever the URL names", async () => {
    const data = await loadAccount(asCookie(bob), `/account?userId=${alice.id}&id=${alice.id}`);
    expect(data.account.email).toBe(bob.email);
    expect(data.profile.values.firstName).toBe("Bob");
    expect(data.profile.eventNotifications).toBe(false);
    const purchases = (await data.purchases) as Extract<PurchasesResult, { ok: true }>;
    expect(purchases.purchases.map((item) => [item.title, item.status, item.tone])).toEqual([
      ["Level 2 - Ultimate Full Arch Live Course", "complete", "success"],
    ]);
  });

  it("says so on the confirmation link's landing, and only for an account that is confirmed", async () => {
    const confirmed = await signUpAndSignIn("Dana", "Diaz");
    expect((await loadAccount(asCookie(confirmed), "/account?verified=1")).notices.emailConfirmed).toBe(true);
    expect((await loadAccount(asCookie(confirmed))).notices.emailConfirmed).toBe(false);
    const unconfirmed = await createPerson({ db: handle.db, auth: testAuth(handle) }, { verified: false });
    expect((await loadAccount(asCookie(unconfirmed), "/account?verified=1")).notices.emailConfirmed).toBe(false);
  });

  it("tells a person their £100 off a first course is waiting while it is: ticked at sign-up, confirmed, and no course bought yet", async () => {
    const ticked = await signUpAndSignIn("Eve", "Ekwueme", true);
    const notTicked = await signUpAndSignIn("Finn", "Foley");
    const unconfirmed = await createPerson({ db: handle.db, auth: testAuth(handle) }, { marketing: true, verified: false });
    const discountFor = async (person: Person) => (await loadAccount(asCookie(person))).notices.firstCourseDiscount;
    expect([await discountFor(ticked), await discountFor(notTicked), await discountFor(unconfirmed)]).toEqual([true, false, false]);
    // Alice ticked the box too, and has bought a course.
    expect(await discountFor(alice)).toBe(false);

    const [course] = await handle.db.select({ id: courses.id }).from(courses).limit(1);
    await handle.db.insert(userCoursePurchases).values({
      userId: ticked.id,
      courseId: course.id,
      status: "paid",
      customerEmail: ticked.email,
      stripeSessionId: `cs_first_${ticked.id}`,
      purchaseDate: new Date(),
      amountSubtotal: 140_000,
      amountTotal: 140_000,
      currency: "gbp",
    });
    expect(await discountFor(ticked)).toBe(false);
  });

  it("shows the way to the back office to an administrator only", async () => {
    const admin = await createPerson({ db: handle.db, auth: testAuth(handle) }, { admin: true });
    expect((await loadAccount(asCookie(admin))).notices.isAdmin).toBe(true);
    expect((await loadAccount(asCookie(bob))).notices.isAdmin).toBe(false);
  });

  it("answers an empty list to someone with no purchases", async () => {
    const carol = await signUpAndSignIn("Carol", "Chen");
    const data = await loadAccount(asCookie(carol));
    expect(await data.purchases).toEqual({ ok: true, purchases: [] });
  });

  it("prefills the account's email when there is no profile row yet, and saving creates the row", async () => {
    const dana = await signUpAndSignIn("Dana", "Doyle");
    await handle.db.delete(profiles).where(eq(profiles.id, dana.id));
    const data = await loadAccount(asCookie(dana));
    expect(data.profile).toMatchObject({ found: false, loadError: null, eventNotifications: false });
    expect(data.profile.values).toEqual({
      firstName: "",
      lastName: "",
      emailAddress: dana.email,
      mobileCountryCode: "",
      mobileNumber: "",
      countryOfResidence: "",
      instagramProfile: "",
    });
    const saved = await postAccount(asCookie(dana), { intent: "profile", firstName: "Dana", emailAddress: dana.email });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Profile updated successfully!" } });
    expect(await profileRow(dana)).toMatchObject({ firstName: "Dana", lastName: null, emailAddress: dana.email, mobileNumber: null, isAdmin: false });
    expect((await loadAccount(asCookie(dana))).profile.found).toBe(true);
  });

  describe("when the database fails", () => {
    async function withTableRenamed<T>(table: string, run: () => Promise<T>) {
      await handle.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
      try {
        return await run();
      } finally {
        await handle.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
      }
    }

    it("settles the purchases promise to an error (logged) without failing the page", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const result = await withTableRenamed("user_course_purchases", async () => (await loadAccount(asCookie(alice))).purchases);
      expect(result).toEqual({ ok: false, message: "Something went wrong on our side. Please try again shortly." });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("Reading purchased courses failed"));
      logged.mockRestore();
    });

    it("reports a profile read failure, keeping the form usable with the account's email", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const data = await withTableRenamed("profiles", () => loadAccount(asCookie(alice)));
      expect(data.profile).toMatchObject({ found: false, loadError: "Something went wrong on our side. Please try again shortly." });
      expect(data.profile.values.emailAddress).toBe(alice.email);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("Reading the profile failed"));
      logged.mockRestore();
    });
  });
});

describe("profile save", () => {
  beforeEach(async () => {
    // Each test starts from Bob's profile as the sign-up made it.
    await handle.db
      .update(profiles)
      .set({
        firstName: "Bob",
        lastName: "Brennan",
        emailAddress: bob.email,
        mobileCountryCode: null,
        mobileNumber: null,
        countryOfResidence: null,
        instagramProfile: null,
      })
      .where(eq(profiles.id, bob.id));
  });

  it("answers an anonymous save 401 with the spec's message, changing nothing", async () => {
    const before = await profileRow(bob);
    const answer = await saveProfileAs(null, { firstName: "Mallory" });
    expect(answer).toEqual({
      status: 401,
      body: { ok: false, signedOut: true, message: "You must be logged in to update your profile." },
    });
    expect(await profileRow(bob)).toEqual(before);
  });

  it("saves trimmed values and stores empty optional values as null", async () => {
    const answer = await saveProfileAs(asCookie(bob), {
      firstName: "  Robert ",
      lastName: "   ",
      emailAddress: "  bob@clinic.example ",
      mobileCountryCode: "+971",
      mobileNumber: " 501234567 ",
      countryOfResidence: "United Arab Emirates",
      instagramProfile: "",
    });
    const stored = {
      firstName: "Robert",
      lastName: null,
      emailAddress: "bob@clinic.example",
      mobileCountryCode: "+971",
      mobileNumber: "501234567",
      countryOfResidence: "United Arab Emirates",
      instagramProfile: null,
    };
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        message: "Profile updated successfully!",
        values: { ...stored, lastName: "", instagramProfile: "" },
      },
    });
    expect(await profileRow(bob)).toMatchObject(stored);
  });

  it("gives the account the profile's name, so the emails greet the person by the name they corrected", async () => {
    const dentist = await createPerson({ db: handle.db, auth: testAuth(handle) }, { firstName: "Jhon", lastName: "Smyth" });
    const answer = await saveProfileAs(asCookie(dentist), { firstName: " John ", lastName: "Smith" });
    expect(answer.status).toBe(200);
    const [account] = await handle.db.select().from(users).where(eq(users.id, dentist.id));
    expect(account).toMatchObject({ firstName: "John", lastName: "Smith", name: "John Smith" });

    // A first name alone keeps a name to greet by; the account's other fields are untouched.
    await saveProfileAs(asCookie(dentist), { firstName: "Jo", lastName: "" });
    const [again] = await handle.db.select().from(users).where(eq(users.id, dentist.id));
    expect(again).toMatchObject({ firstName: "Jo", lastName: null, name: "Jo", email: account.email, emailVerified: account.emailVerified });
  });

  it("clears every optional value when the fields are left empty", async () => {
    await saveProfileAs(asCookie(bob), {});
    const answer = await postAccount(asCookie(bob), { intent: "profile", firstName: "Bob" });
    expect(answer.status).toBe(200);
    expect(await profileRow(bob)).toMatchObject({
      firstName: "Bob",
      lastName: null,
      emailAddress: null,
      mobileCountryCode: null,
      mobileNumber: null,
      countryOfResidence: null,
      instagramProfile: null,
    });
  });

  it("changes only the caller's row: ids named in the body are ignored (cookie or bearer token)", async () => {
    const alicesBefore = await profileRow(alice);
    for (const who of [asCookie(bob), asBearer(bob)]) {
      const answer = await saveProfileAs(who, { firstName: "Hijacker", id: alice.id, userId: alice.id, user_id: alice.id, isAdmin: "true" });
      expect(answer.status).toBe(200);
    }
    expect(await profileRow(alice)).toEqual(alicesBefore);
    expect(await profileRow(bob)).toMatchObject({ firstName: "Hijacker", isAdmin: false });
  });

  it("refuses a page drawn for another account (someone else signed in on another tab since): no profile, password or preference of theirs changes", async () => {
    const bobsProfile = await profileRow(bob);
    // Alice's tab, still showing her account, posting with Bob's session: the one this browser now has.
    const asBobInAlicesTab = { cookie: bob.cookie, id: alice.id };
    const refused = { status: 409, body: { ok: false, accountChanged: true, message: ACCOUNT_CHANGED_MESSAGE } };
    expect(await saveProfileAs(asBobInAlicesTab, { firstName: "Alice", emailAddress: alice.email })).toEqual(refused);
    expect(await postAccount(asBobInAlicesTab, { intent: "password", newPassword: "alices-choice", confirmPassword: "alices-choice" })).toEqual(refused);
    // A page that names no account at all is refused alike.
    expect(await postAccount({ cookie: bob.cookie }, { intent: "profile", ...FULL_PROFILE })).toEqual(refused);
    expect(await profileRow(bob)).toEqual(bobsProfile);
    expect(await signIn(bob.email, bob.password)).not.toBeNull();
    expect(await signIn(bob.email, "alices-choice")).toBeNull();

    const preferences = bobsProfile.emailPreferences.eventNotifications;
    expect(await postPreferences(asCookie(bob), { preferences: { eventNotifications: !preferences }, accountId: alice.id })).toEqual({
      status: 409,
      body: { error: ACCOUNT_CHANGED_MESSAGE },
    });
    expect((await profileRow(bob)).emailPreferences.eventNotifications).toBe(preferences);
    // Naming the right account, or none (the spec's callers), it changes.
    expect((await postPreferences(asCookie(bob), { preferences: { eventNotifications: !preferences }, accountId: bob.id })).status).toBe(200);
    expect((await profileRow(bob)).emailPreferences.eventNotifications).toBe(!preferences);
    await postPreferences(asCookie(bob), { preferences: { eventNotifications: preferences } });
  });

  it("accepts every form of a valid Instagram profile and the edges of the mobile number rule", async () => {
    const valid: Record<string, string>[] = [
      { instagramProfile: "dr_amelia.hart" },
      { instagramProfile: "@a" },
      { instagramProfile: `@${"a".repeat(30)}` },
      { instagramProfile: "https://www.instagram.com/dr.amelia_hart/" },
      { instagramProfile: "http://instagram.com/dr.amelia_hart" },
      { instagramProfile: "instagram.com/dr.amelia_hart?hl=en" },
      { mobileNumber: "123456" },
      { mobileNumber: "123456789012345" },
      { mobileCountryCode: "", mobileNumber: "" },
      { firstName: "", lastName: "Hart" },
      { emailAddress: "" },
      { countryOfResidence: "Other" },
    ];
    for (const fields of valid) {
      const answer = await saveProfileAs(asCookie(bob), fields);
      expect({ fields, status: answer.status }).toEqual({ fields, status: 200 });
    }
  });

  const invalid: [name: string, fields: Record<string, string>, field: string, message: string][] = [
    ["no name at all", { firstName: "", lastName: "" }, "firstName", "First name or last name must be provided."],
    ["names that are only spaces", { firstName: "   ", lastName: "  " }, "firstName", "First name or last name must be provided."],
    [
      "a number without a country code",
      { mobileCountryCode: "", mobileNumber: "7700900123" },
      "mobileCountryCode",
      "Please enter a mobile number with the country code.",
    ],
    ["a country code without a number", { mobileCountryCode: "+44", mobileNumber: "" }, "mobileNumber", "Please select a country code for your mobile number."],
    ["a number with letters", { mobileNumber: "77009abc12" }, "mobileNumber", "Mobile number should contain 6-15 digits only."],
    ["a number with spaces", { mobileNumber: "7700 900 123" }, "mobileNumber", "Mobile number should contain 6-15 digits only."],
    ["a number of 5 digits", { mobileNumber: "12345" }, "mobileNumber", "Mobile number should contain 6-15 digits only."],
    ["a number of 16 digits", { mobileNumber: "1234567890123456" }, "mobileNumber", "Mobile number should contain 6-15 digits only."],
    ["a number with a plus", { mobileNumber: "+447700900123" }, "mobileNumber", "Mobile number should contain 6-15 digits only."],
    ["a malformed email", { emailAddress: "amelia@clinic" }, "emailAddress", "Please enter a valid email address."],
    ["an email with spaces inside", { emailAddress: "amelia hart@clinic.example" }, "emailAddress", "Please enter a valid email address."],
    ["an Instagram handle with a dash", { instagramProfile: "@dr-amelia" }, "instagramProfile", "Please enter a valid Instagram username (@username) or URL."],
    [
      "an Instagram handle of 31 characters",
      { instagramProfile: "a".repeat(31) },
      "instagramProfile",
      "Please enter a valid Instagram username (@username) or URL.",
    ],
    ["a bare @", { instagramProfile: "@" }, "instagramProfile", "Please enter a valid Instagram username (@username) or URL."],
    [
      "another site's URL",
      { instagramProfile: "https://facebook.com/dr.amelia" },
      "instagramProfile",
      "Please enter a valid Instagram username (@username) or URL.",
    ],
    [
      "a look-alike host",
      { instagramProfile: "https://instagram.com.evil.example/amelia" },
      "instagramProfile",
      "Please enter a valid Instagram username (@username) or URL.",
    ],
    ["a country code not on the list", { mobileCountryCode: "+999" }, "mobileCountryCode", "Please select a country code from the list."],
    ["a country not on the list", { countryOfResidence: "Atlantis" }, "countryOfResidence", "Please select a country of residence from the list."],
    ["a 10,000-character name", { firstName: "N".repeat(10_000) }, "firstName", "Please keep each field under 200 characters."],
  ];

  it.each(invalid)("refuses %s with 400, the spec's message on the field, and changes nothing", async (_name, fields, field, message) => {
    const before = await profileRow(bob);
    const answer = await saveProfileAs(asCookie(bob), fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, message });
    expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message);
    expect(await profileRow(bob)).toEqual(before);
  });

  it("reports a problem with each field at once", async () => {
    const answer = await saveProfileAs(asCookie(bob), {
      firstName: "",
      lastName: "",
      mobileCountryCode: "+44",
      mobileNumber: "",
      emailAddress: "x",
      instagramProfile: "x y",
    });
    expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      firstName: "First name or last name must be provided.",
      emailAddress: "Please enter a valid email address.",
      mobileNumber: "Please select a country code for your mobile number.",
      instagramProfile: "Please enter a valid Instagram username (@username) or URL.",
    });
  });

  it("refuses a cross-site browser post and an unknown intent", async () => {
    expect((await saveProfileAs(asCookie(bob), { firstName: "Csrf" })).status).toBe(200);
    const crossSite = await postAccount(asCookie(bob), { intent: "profile", ...FULL_PROFILE, firstName: "Csrf2" }, { Origin: "https://attacker.example" });
    expect(crossSite.status).toBe(403);
    expect((await profileRow(bob))?.firstName).toBe("Csrf");
    expect(await postAccount(asCookie(bob), { intent: "delete-everything" })).toEqual({ status: 400, body: { ok: false, message: "Unknown request." } });
  });
});

describe("password change", () => {
  it("answers an anonymous change 401", async () => {
    const answer = await postAccount(null, { intent: "password", newPassword: "new-password", confirmPassword: "new-password" });
    expect(answer).toEqual({
      status: 401,
      body: { ok: false, signedOut: true, message: "Error updating password: You must be logged in to update your password." },
    });
  });

  it.each([
    ["different entries", "new-password", "new-passw0rd", "confirmPassword", "New passwords do not match."],
    ["a short password", "abc12", "abc12", "newPassword", "Password should be at least 6 characters."],
    // Login refuses a blank password, so this one could never be used.
    ["a password of spaces alone", "        ", "        ", "newPassword", "Password should be at least 6 characters."],
  ])("refuses %s with the spec's message", async (_name, newPassword, confirmPassword, field, message) => {
    const answer = await postAccount(asCookie(alice), { intent: "password", newPassword, confirmPassword });
    expect(answer).toEqual({ status: 400, body: { ok: false, message, fieldErrors: { [field]: message } } });
    expect(await signIn(alice.email, alice.password)).not.toBeNull();
  });

  it("changes the caller's password only: the new one signs in, the old one no longer does, the other person is untouched", async () => {
    const erin = await signUpAndSignIn("Erin", "Evans");
    const answer = await postAccount(asBearer(erin), {
      intent: "password",
      newPassword: "second-password",
      confirmPassword: "second-password",
      userId: bob.id,
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, message: "Password updated successfully!" } });
    expect(await signIn(erin.email, "second-password")).not.toBeNull();
    expect(await signIn(erin.email, erin.password)).toBeNull();
    expect(await signIn(bob.email, bob.password)).not.toBeNull();
    expect(await signIn(bob.email, "second-password")).toBeNull();
  });

  it("counts a new password's length as login does: 64 emoji (128 UTF-16 units) are saved and sign in, 65 are refused and change nothing", async () => {
    const fay = await signUpAndSignIn("Fay", "Foster");
    const tooLong = "🦷".repeat(65);
    expect(await postAccount(asCookie(fay), { intent: "password", newPassword: tooLong, confirmPassword: tooLong })).toMatchObject({
      status: 400,
      body: { ok: false, message: "Password should be at most 128 characters." },
    });
    expect(await signIn(fay.email, fay.password)).not.toBeNull();

    const longest = "🦷".repeat(64);
    expect(await postAccount(asCookie(fay), { intent: "password", newPassword: longest, confirmPassword: longest })).toMatchObject({ status: 200 });
    expect(await signIn(fay.email, longest)).not.toBeNull();
  });
});

describe("preferences endpoint", () => {
  const preference = async (person: Person) => (await profileRow(person))?.emailPreferences.eventNotifications;

  it("answers anyone without a session 401, whatever the body says", async () => {
    for (const body of [{ preferences: { eventNotifications: true } }, { preferences: { eventNotifications: true }, userId: bob.id }, "not json"]) {
      expect(await postPreferences(null, body)).toEqual({ status: 401, body: { error: "You must be logged in to change preferences." } });
    }
    expect(await postPreferences({ token: "forged-token" }, { preferences: { eventNotifications: true } })).toEqual({
      status: 401,
      body: { error: "You must be logged in to change preferences." },
    });
    expect(await preference(bob)).toBe(false);
  });

  it("sets the caller's preference with a session cookie or a bearer token", async () => {
    expect(await postPreferences(asCookie(bob), { preferences: { eventNotifications: true } })).toEqual({
      status: 200,
      body: { message: "Marketing preferences updated successfully!" },
    });
    expect(await preference(bob)).toBe(true);
    expect(await postPreferences(asBearer(bob), { preferences: { eventNotifications: false } })).toEqual({
      status: 200,
      body: { message: "Marketing preferences updated successfully!" },
    });
    expect(await preference(bob)).toBe(false);
  });

  it("takes the address off the new-date lists when switched off, and puts it on the newsletter, confirmed, when switched on", async () => {
    const gail = await signUpAndSignIn("Gail", "Grant");
    const address = gail.email.toUpperCase();
    await handle.db.insert(interestRegistrations).values({ name: "Gail", email: address, offeringKeys: ["sinus-grafting"] });
    await handle.db.insert(newsletterSubscribers).values({ email: gail.email, unsubscribeToken: `gail-${gail.id}`, confirmedAt: new Date() });

    expect((await postPreferences(asCookie(gail), { preferences: { eventNotifications: false } })).status).toBe(200);
    expect(await isSubscribed(handle.db, gail.email)).toBe(false);
    const [interest] = await handle.db.select().from(interestRegistrations).where(eq(interestRegistrations.email, address));
    expect(interest.unsubscribedAt).toBeInstanceOf(Date);

    expect((await postPreferences(asCookie(gail), { preferences: { eventNotifications: true } })).status).toBe(200);
    expect(await isSubscribed(handle.db, gail.email)).toBe(true);
    // Someone else's list entries are untouched by either.
    expect(await isSubscribed(handle.db, bob.email)).toBe(false);
  });

  it("follows the address's list: on once a subscription is confirmed from its email, off after an unsubscribe link; never for an unverified account", async () => {
    const hana = await signUpAndSignIn("Hana", "Hale");
    await postPreferences(asCookie(hana), { preferences: { eventNotifications: false } });
    await subscribeToNewsletter(handle.db, { email: hana.email.toUpperCase() }, { siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS });
    const [pending] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, hana.email));
    expect(await preference(hana)).toBe(false);
    expect(await confirmNewsletterSubscription(handle.db, pending.confirmationToken!)).toEqual({ email: hana.email });
    expect(await preference(hana)).toBe(true);
    expect(await unsubscribeFromNewsletter(handle.db, pending.unsubscribeToken)).toEqual({ email: hana.email });
    expect(await preference(hana)).toBe(false);

    // An address whose account has not followed its own confirmation link proves nothing about that account.
    const ivo = await signUpAndSignIn("Ivo", "Ingram");
    await postPreferences(asCookie(ivo), { preferences: { eventNotifications: false } });
    await handle.db.update(users).set({ emailVerified: false }).where(eq(users.id, ivo.id));
    await subscribeToNewsletter(handle.db, { email: ivo.email }, { siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS });
    const [ivoPending] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, ivo.email));
    await confirmNewsletterSubscription(handle.db, ivoPending.confirmationToken!);
    expect(await preference(ivo)).toBe(false);
  });

  it("ignores another person's id in the body and keeps other stored preferences", async () => {
    await handle.db
      .update(profiles)
      .set({ emailPreferences: sql`'{"eventNotifications": true, "newCourses": true}'::jsonb` })
      .where(eq(profiles.id, alice.id));
    const answer = await postPreferences(asCookie(bob), { preferences: { eventNotifications: true }, userId: alice.id, id: alice.id, user_id: alice.id });
    expect(answer.status).toBe(200);
    expect(await preference(bob)).toBe(true);
    await postPreferences(asCookie(alice), { preferences: { eventNotifications: false } });
    expect((await profileRow(alice))?.emailPreferences).toEqual({ eventNotifications: false, newCourses: true });
    expect(await preference(bob)).toBe(true);
  });

  it("creates the profile row when it is missing", async () => {
    const finn = await signUpAndSignIn("Finn", "Foster");
    await handle.db.delete(profiles).where(eq(profiles.id, finn.id));
    expect((await postPreferences(asBearer(finn), { preferences: { eventNotifications: true } })).status).toBe(200);
    expect(await profileRow(finn)).toMatchObject({ firstName: null, emailPreferences: { eventNotifications: true }, isAdmin: false });
  });

  it.each([
    ["non-JSON", "eventNotifications=true"],
    ["an empty body", ""],
    ["an empty object", {}],
    ["a JSON list", [{ preferences: { eventNotifications: true } }]],
    ["preferences that are not an object", { preferences: true }],
    ["a missing eventNotifications", { preferences: {} }],
    ["a string for the boolean", { preferences: { eventNotifications: "true" } }],
    ["a number for the boolean", { preferences: { eventNotifications: 1 } }],
    ["null for the boolean", { preferences: { eventNotifications: null } }],
  ])("answers %s with 400 and changes nothing", async (_name, body) => {
    const before = await preference(bob);
    expect(await postPreferences(asCookie(bob), body)).toEqual({
      status: 400,
      body: { error: "Failed to update marketing preferences." },
    });
    expect(await preference(bob)).toBe(before);
  });

  it("refuses a cross-site browser request but not a bearer client", async () => {
    expect((await postPreferences(asCookie(bob), { preferences: { eventNotifications: true } }, { Origin: "https://attacker.example" })).status).toBe(403);
    expect((await postPreferences(asBearer(bob), { preferences: { eventNotifications: true } }, { Origin: "https://app.example" })).status).toBe(200);
    // A cookie beside a bearer token is a browser's ambient credential: the token does not excuse it.
    const cookieAndJunkToken = { Origin: "https://attacker.example", Authorization: "Bearer junk" };
    expect((await postPreferences(asCookie(bob), { preferences: { eventNotifications: false } }, cookieAndJunkToken)).status).toBe(403);
    expect(await preference(bob)).toBe(true);
  });
});
