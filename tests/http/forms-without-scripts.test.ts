import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ACCOUNT_FIELD } from "~/lib/schemas/profile";
import { emailOutbox } from "~/server/db/schema.server";
import { settleBackgroundWork } from "~/server/platform/background.server";

import { type HttpApp, type RawAnswer, rawRequest, startHttpApp } from "../support/http-app";
import { createPerson, type Person, uniqueEmail } from "../support/people";

/*
 * The login, sign-up, reset and account forms posted by the browser itself, as
 * when scripts are off or not yet loaded: a navigation, asking for a page. The
 * page's script posts the same form to the route's `.data` and acts on the answer itself.
 */

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
});
afterAll(async () => {
  await app?.close();
});

/** What a browser's own form post sends: its page's origin, the form's encoding, and a request for a page. */
const BROWSER_FORM = { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

function pagePost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawRequest(app.url, { method: "POST", path, headers: { ...BROWSER_FORM, Origin: app.url, ...headers }, body: new URLSearchParams(fields).toString() });
}

/** The same form posted by the page's script: the router's fetch of the route's data, asking for any type. */
function scriptPost(path: string, fields: Record<string, string>): Promise<RawAnswer> {
  return rawRequest(app.url, {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "*/*", Origin: app.url },
    body: new URLSearchParams(fields).toString(),
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page says `message` in its alert or status line (not only in the route data the page's script would read). */
function saysOnPage(page: RawAnswer, role: "alert" | "status", message: string) {
  expect(page.body).toMatch(new RegExp(`<p role="${role}"[^>]*>${escapeRegExp(message)}</p>`));
}

/** The HTML of the page's form named `label`. */
function formOf(page: RawAnswer, label: string): string {
  const start = page.body.search(new RegExp(`<form[^>]*aria-label="${label}"`));
  expect(start, `the page has a form named ${label}`).toBeGreaterThanOrEqual(0);
  return page.body.slice(start, page.body.indexOf("</form>", start));
}

/** An input's tag in the form's HTML, by its name. */
const inputOf = (form: string, name: string) => form.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];

/** The value an input of the form shows. */
const inputValue = (form: string, name: string) => inputOf(form, name)?.match(/value="([^"]*)"/)?.[1];

/** A Set-Cookie header without its value: its name and attributes. */
const cookieShape = (header: string) => header.replace(/=[^;]*/, "=…").replace(/; Expires=[^;]*/i, "");

const setCookies = (answer: RawAnswer) => [answer.headers["set-cookie"] ?? []].flat();

describe("login without scripts", () => {
  let person: Person;
  beforeAll(async () => {
    person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
  });

  it("says 'Email and password are required.' on the page for blank fields", async () => {
    const page = await pagePost("/auth", { intent: "sign-in", email: "", password: "" });
    expect(page.status).toBe(400);
    saysOnPage(page, "alert", "Email and password are required.");
  });

  it("says why a wrong password was refused, keeping the email and never the password", async () => {
    const page = await pagePost("/auth", { intent: "sign-in", email: person.email, password: "not-the-password" });
    expect(page.status).toBe(400);
    saysOnPage(page, "alert", "Invalid email or password");
    expect(inputValue(formOf(page, "Login"), "email")).toBe(person.email);
    expect(page.body).not.toContain("not-the-password");
    expect(setCookies(page).filter((cookie) => cookie.startsWith(person.cookieName))).toEqual([]);
  });

  it("sends a correct login to /account with the session cookie a script's login gets", async () => {
    const page = await pagePost("/auth", { intent: "sign-in", email: person.email, password: person.password });
    expect({ status: page.status, location: page.headers.location }).toEqual({ status: 303, location: "/account" });
    const session = setCookies(page).find((cookie) => cookie.startsWith(`${person.cookieName}=`));
    expect(session).toBeDefined();

    const scripted = await scriptPost("/auth.data", { intent: "sign-in", email: person.email, password: person.password });
    expect(scripted.status).toBe(200);
    expect(scripted.headers.location).toBeUndefined();
    expect(scripted.body).toContain("Login successful! Redirecting...");
    expect(setCookies(page).map(cookieShape)).toEqual(setCookies(scripted).map(cookieShape));

    const account = await rawRequest(app.url, { path: "/account", headers: { Cookie: session!.split(";")[0] } });
    expect(account.status).toBe(200);
    expect(account.body).toContain("My Account");
  });

  it("is refused from another site's page, as with scripts", async () => {
    const page = await pagePost("/auth", { intent: "sign-in", email: person.email, password: person.password }, { Origin: "https://attacker.example" });
    expect(page.status).toBe(403);
    expect(page.headers["set-cookie"]).toBeUndefined();
  });
});

describe("sign-up without scripts", () => {
  const signUp = (fields: Record<string, string>) =>
    pagePost("/auth?view=sign_up", {
      intent: "sign-up",
      firstName: "Layla",
      lastName: "Hassan",
      email: uniqueEmail("no.scripts.sign-up"),
      password: "implant-2027",
      confirmPassword: "implant-2027",
      ...fields,
    });

  it.each<[string, Record<string, string>, string]>([
    ["blank names", { firstName: "", lastName: " " }, "First name and last name are required."],
    ["passwords that differ", { password: "typed-pass-1", confirmPassword: "typed-pass-2" }, "Passwords do not match."],
    ["a short password", { password: "abc", confirmPassword: "abc" }, "Password should be at least 6 characters."],
  ])("says what is wrong with %s, keeping what was typed but the passwords", async (_case, fields, message) => {
    const email = uniqueEmail("refused.sign-up");
    const page = await signUp({ email, lastName: "Hassan", marketing: "on", ...fields });
    expect(page.status).toBe(400);
    saysOnPage(page, "alert", message);
    const form = formOf(page, "Create Account");
    expect(inputValue(form, "email")).toBe(email);
    expect(inputValue(form, "lastName")).toBe(fields.lastName ?? "Hassan");
    expect(inputValue(form, "password")).toBeUndefined();
    // A short password could be in the page by chance (a nonce, say); a longer one is not, unless echoed.
    for (const password of [fields.password ?? "implant-2027", fields.confirmPassword ?? "implant-2027"].filter((typed) => typed.length >= 6)) {
      expect(page.body).not.toContain(password);
    }
  });

  it("keeps the marketing box as it was sent", async () => {
    const unticked = await signUp({ firstName: "" });
    expect(inputOf(formOf(unticked, "Create Account"), "marketing")).not.toMatch(/ checked/);
    const ticked = await signUp({ firstName: "", marketing: "on" });
    expect(inputOf(formOf(ticked, "Create Account"), "marketing")).toMatch(/ checked/);
  });

  it("says to check the email, on an empty form", async () => {
    const email = uniqueEmail("no.scripts.signed-up");
    const page = await signUp({ email });
    expect(page.status).toBe(200);
    saysOnPage(page, "status", "Sign up successful! Please check your email to confirm your account.");
    expect(inputValue(formOf(page, "Create Account"), "email")).toBeUndefined();
  });
});

describe("password reset without scripts", () => {
  it("opens the reset request from a link, and says the link is on its way", async () => {
    const login = await rawRequest(app.url, { path: "/auth" });
    expect(login.body).toContain('href="/auth?view=sign_in&amp;forgot"');
    const opened = await rawRequest(app.url, { path: "/auth?view=sign_in&forgot" });
    expect(opened.body).toContain('aria-label="Reset your password"');

    const page = await pagePost("/auth?view=sign_in&forgot", { intent: "forgot-password", email: "nobody.here@example.com" });
    expect(page.status).toBe(200);
    saysOnPage(page, "status", "If an account exists for that email, we have sent a link to reset your password.");
    const refused = await pagePost("/auth?view=sign_in&forgot", { intent: "forgot-password", email: "not an email" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('aria-label="Reset your password"');
    expect(inputValue(formOf(refused, "Reset your password"), "email")).toBe("not an email");
  });

  it("says what is wrong with the new password, then sends the new one to the login, which says it worked", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    await pagePost("/auth", { intent: "forgot-password", email: person.email });
    await settleBackgroundWork();
    const [mail] = await app.services.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.template, "reset-password")));
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").at(-1)!;
    const path = `/auth/reset-password?token=${token}`;

    const mismatch = await pagePost(path, { token, newPassword: "new-pass-1", confirmPassword: "new-pass-2" });
    expect(mismatch.status).toBe(400);
    saysOnPage(mismatch, "alert", "New passwords do not match.");
    expect(mismatch.body).toContain('aria-label="Choose a new password"');

    const chosen = await pagePost(path, { token, newPassword: "new-pass-1", confirmPassword: "new-pass-1" });
    expect({ status: chosen.status, location: chosen.headers.location }).toEqual({ status: 303, location: "/auth?view=sign_in&notice=password-updated" });
    saysOnPage(await rawRequest(app.url, { path: chosen.headers.location! }), "status", "Password updated successfully!");
    expect((await pagePost("/auth", { intent: "sign-in", email: person.email, password: "new-pass-1" })).status).toBe(303);

    // The link is used up: a second new password from it says what to do, not the library's "Invalid token".
    const again = await pagePost(path, { token, newPassword: "new-pass-2", confirmPassword: "new-pass-2" });
    expect(again.status).toBe(400);
    saysOnPage(again, "alert", "Error updating password: this reset link is invalid or has expired. Please ask for a new one.");
  });
});

describe("the account's forms without scripts", () => {
  let person: Person;
  beforeAll(async () => {
    person = await createPerson({ db: app.services.database.db, auth: app.services.auth }, { firstName: "Amelia", lastName: "Hart" });
  });
  // As the page's forms post them: naming the account the page was drawn for.
  const accountPost = (fields: Record<string, string>, cookie = person.cookie) =>
    pagePost("/account", { [ACCOUNT_FIELD]: person.id, ...fields }, { Cookie: cookie });
  const profile = (fields: Record<string, string>) =>
    accountPost({
      intent: "profile",
      firstName: "Amelia",
      lastName: "Hart",
      emailAddress: person.email,
      mobileCountryCode: "+44",
      mobileNumber: "7700900123",
      countryOfResidence: "",
      instagramProfile: "",
      ...fields,
    });

  it("says what is wrong with the profile beside its field, keeping what was typed", async () => {
    const page = await profile({ firstName: "Amy", mobileNumber: "12345" });
    expect(page.status).toBe(400);
    expect(page.body).toMatch(/<p id="[^"]*-mobileNumber-error"[^>]*>Mobile number should contain 6-15 digits only\.<\/p>/);
    expect(inputValue(formOf(page, "Profile Details"), "mobileNumber")).toBe("12345");
    expect(inputValue(formOf(page, "Profile Details"), "firstName")).toBe("Amy");
  });

  it("says 'Profile updated successfully!' and shows what was saved", async () => {
    const page = await profile({ firstName: "  Amelia-Rose " });
    expect(page.status).toBe(200);
    saysOnPage(page, "status", "Profile updated successfully!");
    expect(inputValue(formOf(page, "Profile Details"), "firstName")).toBe("Amelia-Rose");
  });

  it("says what is wrong with a new password, and when it is saved", async () => {
    const mismatch = await accountPost({ intent: "password", newPassword: "changed-1", confirmPassword: "changed-2" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatch(/<p id="[^"]*-confirmPassword-error"[^>]*>New passwords do not match\.<\/p>/);
    expect(mismatch.body).not.toContain("changed-1");

    const saved = await accountPost({ intent: "password", newPassword: "changed-1", confirmPassword: "changed-1" });
    expect(saved.status).toBe(200);
    saysOnPage(saved, "status", "Password updated successfully!");
  });

  it("sends a form posted after the session ended to the login", async () => {
    const page = await accountPost({ intent: "profile", firstName: "Mallory" }, "");
    expect({ status: page.status, location: page.headers.location }).toEqual({ status: 303, location: "/auth?notice=login-required" });
  });
});

describe("logout without scripts", () => {
  it("posts the header's form itself: the session ends, and the login page says so", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const account = await rawRequest(app.url, { path: "/account", headers: { Cookie: person.cookie } });
    expect(account.body).toMatch(/<form action="\/auth\/logout" method="post"><button [^>]*type="submit"[^>]*>Logout<\/button><\/form>/);

    const page = await pagePost("/auth/logout", {}, { Cookie: person.cookie });
    expect({ status: page.status, location: page.headers.location }).toEqual({ status: 303, location: "/auth?notice=logged-out" });
    expect(setCookies(page).find((cookie) => cookie.startsWith(`${person.cookieName}=;`))).toMatch(/Max-Age=0/i);
    saysOnPage(await rawRequest(app.url, { path: page.headers.location! }), "status", "You have been logged out.");
    const after = await rawRequest(app.url, { path: "/account", headers: { Cookie: person.cookie } });
    expect({ status: after.status, location: after.headers.location }).toEqual({ status: 302, location: "/auth?notice=login-required" });
  });

  it("is refused from another site's page, and the session stays", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const page = await pagePost("/auth/logout", {}, { Cookie: person.cookie, Origin: "https://elsewhere.example" });
    expect(page.status).toBe(403);
    expect((await rawRequest(app.url, { path: "/account", headers: { Cookie: person.cookie } })).status).toBe(200);
  });

  it("answers the address typed or followed with the page its Logout is on, signing nobody out", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const signedIn = await rawRequest(app.url, { path: "/auth/logout", headers: { Cookie: person.cookie } });
    expect({ status: signedIn.status, location: signedIn.headers.location, cookies: signedIn.headers["set-cookie"] }).toEqual({
      status: 302,
      location: "/account",
      cookies: undefined,
    });
    expect((await rawRequest(app.url, { path: "/account", headers: { Cookie: person.cookie } })).status).toBe(200);
    const anonymous = await rawRequest(app.url, { path: "/auth/logout" });
    expect({ status: anonymous.status, location: anonymous.headers.location }).toEqual({ status: 302, location: "/auth" });
  });
});

describe("a login asked for by a page", () => {
  const receipt = "/account/receipts/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";

  it("leads back to the page: an emailed receipt's link opens the receipt once logged in", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    const asked = await rawRequest(app.url, { path: receipt });
    expect({ status: asked.status, location: asked.headers.location }).toEqual({
      status: 302,
      location: `/auth?notice=login-required&next=${encodeURIComponent(receipt)}`,
    });
    const login = await rawRequest(app.url, { path: asked.headers.location! });
    expect(inputOf(formOf(login, "Login"), "next")).toContain(`value="${receipt}"`);

    const page = await pagePost("/auth", { intent: "sign-in", email: person.email, password: person.password, next: receipt });
    expect({ status: page.status, location: page.headers.location }).toEqual({ status: 303, location: receipt });
    const scripted = await scriptPost("/auth.data", { intent: "sign-in", email: person.email, password: person.password, next: receipt });
    expect(scripted.body).toContain(`"redirectTo","${receipt}"`);
  });

  it("goes to the account, as any login does, when the page named is not one of the site's own", async () => {
    const person = await createPerson({ db: app.services.database.db, auth: app.services.auth });
    for (const next of ["https://evil.example/account", "//evil.example", "/\\evil.example", "/account/../admin", "/auth", "/account?x=https://evil.example"]) {
      const page = await pagePost("/auth", { intent: "sign-in", email: person.email, password: person.password, next });
      expect({ status: page.status, location: page.headers.location }, next).toEqual({ status: 303, location: "/account" });
      const login = await rawRequest(app.url, { path: `/auth?notice=login-required&next=${encodeURIComponent(next)}` });
      expect(inputOf(formOf(login, "Login"), "next"), next).toBeUndefined();
    }
  });
});
