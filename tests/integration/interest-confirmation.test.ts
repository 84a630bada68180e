import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import * as interestConfirmRoute from "~/routes/interest.confirm";
import * as interestUnsubscribeRoute from "~/routes/interest.unsubscribe";
import * as newsletterUnsubscribeRoute from "~/routes/newsletter.unsubscribe";
import { editionAnnouncements, emailOutbox, interestRegistrations, newsletterSubscribers } from "~/server/db/schema.server";
import { announceNewEdition } from "~/server/marketing/announcements.server";
import { CONFIRMATION_EMAILS_PER_INTERVAL, registerInterest } from "~/server/marketing/interest.server";
import { CONFIRMATION_EMAIL_INTERVAL_MS, confirmNewsletterSubscription, subscribeToNewsletter } from "~/server/marketing/newsletter.server";

import { addEdition } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, uniqueEmail } from "../support/people";
import { guarded, routeArgs, TEST_MAIL_BUDGETS, TEST_SITE_URL, testAuth } from "../support/route-args";

const confirmLoader = guarded(interestConfirmRoute, "loader");
const confirmAction = guarded(interestConfirmRoute, "action");
const unsubscribeAction = guarded(interestUnsubscribeRoute, "action");
const newsletterUnsubscribeAction = guarded(newsletterUnsubscribeRoute, "action");

const handle = useTestDatabase();
afterAll(async () => {});
beforeEach(async () => {
  await handle.db.delete(editionAnnouncements);
  await handle.db.delete(interestRegistrations);
  await handle.db.delete(newsletterSubscribers);
  await handle.db.delete(emailOutbox);
});

const STAFF = "staff@example.com";
const register = (email: string, interestedCourses = ["Sinus Grafting"], now?: Date) =>
  registerInterest(
    handle.db,
    { name: "Dr Amira Khan", email, interestedCourses },
    { staffEmail: STAFF, siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS, now },
  );
const mailTo = (email: string, template: string) =>
  handle.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()} and ${emailOutbox.template} = ${template}`);
const tokenIn = (text: string) => /\/interest\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? null;
const registrationsOf = (email: string) =>
  handle.db
    .select()
    .from(interestRegistrations)
    .where(sql`lower(${interestRegistrations.email}) = ${email.toLowerCase()}`);

/** The confirm page's button: its form posts the link's token. */
const pressConfirm = (token: string) =>
  confirmAction(
    routeArgs(
      new Request(`${TEST_SITE_URL}/interest/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_SITE_URL },
        body: new URLSearchParams({ token }),
      }),
      handle,
    ),
  );

/** A newsletter subscription, confirmed by its emailed link. */
async function subscribed(email: string, name?: string) {
  await subscribeToNewsletter(handle.db, { email, name }, { siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS });
  const [row] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  expect(await confirmNewsletterSubscription(handle.db, row.confirmationToken!)).not.toBeNull();
}

/** Who would hear about a new Sinus Grafting date now. */
async function announcedTo() {
  const edition = await addEdition(handle.db, { startDate: "2031-03-03", offeringKey: "sinus-grafting" });
  await handle.db.transaction((tx) =>
    announceNewEdition(tx, { ...edition, offeringKey: "sinus-grafting", startDate: edition.startDate!, endDate: edition.endDate! }, TEST_SITE_URL),
  );
  const mails = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "new-date-announcement"));
  return mails.map((mail) => mail.toAddress).sort();
}

describe(`registering interest on ${testDriver}`, () => {
  it("tells staff at once, and asks the address to confirm with a link that carries none of what was typed", async () => {
    expect(await register("amira@example.com", ["Sinus Grafting", "Full Arch Complications"])).toEqual({
      message: "Thank you! Your interest has been registered.",
    });
    expect(await mailTo(STAFF, "interest-notification")).toHaveLength(1);
    const [ask] = await mailTo("amira@example.com", "interest-confirmation");
    expect(ask.subject).toBe("Please confirm your interest in our courses");
    expect(ask.text).toContain("Sinus Grafting and Full Arch Complications");
    expect(ask.text).not.toContain("Amira");
    const [registration] = await registrationsOf("amira@example.com");
    expect(tokenIn(ask.text)).toBe(registration.confirmationToken);
    expect(registration.confirmedAt).toBeNull();
  });

  it("hears about new dates only once the address confirms, on the page's button: opening the link confirms nothing", async () => {
    await register("omar@example.com");
    const token = tokenIn((await mailTo("omar@example.com", "interest-confirmation"))[0].text)!;
    // A link scanner opens the link: the page only asks.
    expect(await confirmLoader(routeArgs(new Request(`${TEST_SITE_URL}/interest/confirm?token=${token}`), handle))).toEqual({ token });
    expect(await announcedTo()).toEqual([]);

    expect(await pressConfirm(token)).toEqual({ confirmed: true });
    expect(await announcedTo()).toEqual(["omar@example.com"]);
    // The link works once; a token nobody was sent works never.
    expect(await pressConfirm(token)).toEqual({ confirmed: false });
    expect(await pressConfirm("not-a-real-token")).toEqual({ confirmed: false });
    expect(await pressConfirm("")).toEqual({ confirmed: false });
  });

  it("sends no second email for the courses a link still out names, however often or however spelt the address is registered; that link confirms them", async () => {
    const now = new Date();
    await register("lina@example.com", ["Sinus Grafting", "Full Arch Complications"], now);
    await register("LINA@example.com", ["Full Arch Complications"], new Date(now.getTime() + 60_000));
    await Promise.all(Array.from({ length: 5 }, () => register("lina@example.com", ["Sinus Grafting"], new Date(now.getTime() + 120_000))));
    const asks = await mailTo("lina@example.com", "interest-confirmation");
    expect(asks).toHaveLength(1);
    // Only the registration whose email went out carries a link.
    expect((await registrationsOf("lina@example.com")).filter((registration) => registration.confirmationToken !== null)).toHaveLength(1);
    expect(await mailTo(STAFF, "interest-notification")).toHaveLength(7);

    expect(await pressConfirm(tokenIn(asks[0].text)!)).toEqual({ confirmed: true });
    const registrations = await registrationsOf("lina@example.com");
    expect(registrations).toHaveLength(7);
    expect(registrations.every((registration) => registration.confirmedAt !== null && registration.confirmationToken === null)).toBe(true);

    // Later, a new registration asks again.
    await register("lina@example.com", ["Sinus Grafting"], new Date(now.getTime() + CONFIRMATION_EMAIL_INTERVAL_MS + 180_000));
    expect(await mailTo("lina@example.com", "interest-confirmation")).toHaveLength(2);
  });

  it("never confirms courses the email did not name: a registration naming others has its own email, and past three in ten minutes none, and no link confirms it", async () => {
    const now = new Date();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await register("victim@example.com", ["Sinus Grafting"], now);
    // Someone else adds courses to the address while its owner's link is out.
    await registerInterest(
      handle.db,
      { name: "Not The Owner", email: "victim@example.com", interestedCourses: ["Full Arch Complications"] },
      { staffEmail: STAFF, siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS, now: at(1) },
    );
    const asks = await mailTo("victim@example.com", "interest-confirmation");
    expect(asks).toHaveLength(2);
    const own = asks.find((ask) => !ask.text.includes("Full Arch Complications"))!;
    expect(await pressConfirm(tokenIn(own.text)!)).toEqual({ confirmed: true });
    const confirmed = (await registrationsOf("victim@example.com")).filter((registration) => registration.confirmedAt !== null);
    expect(confirmed.map((registration) => registration.offeringKeys)).toEqual([["sinus-grafting"]]);

    // At most three emails in ten minutes: a fourth registration is stored and told to staff, and no link stands for it.
    await register("victim@example.com", ["Level 2 - Ultimate Full Arch Live Course"], at(2));
    await register("victim@example.com", ["Sinus Grafting", "Level 2 - Ultimate Full Arch Live Course"], at(3));
    const all = await mailTo("victim@example.com", "interest-confirmation");
    expect(all).toHaveLength(CONFIRMATION_EMAILS_PER_INTERVAL);
    expect(await mailTo(STAFF, "interest-notification")).toHaveLength(4);
    for (const ask of all) await pressConfirm(tokenIn(ask.text)!);
    const unconfirmed = (await registrationsOf("victim@example.com")).filter((registration) => registration.confirmedAt === null);
    expect(unconfirmed.map((registration) => registration.offeringKeys)).toEqual([["sinus-grafting", "level-2"]]);
  });

  it("asks again when the address registers once more after confirming or unsubscribing, within the ten minutes", async () => {
    const now = new Date();
    await register("again@example.com", ["Sinus Grafting"], now);
    expect(await pressConfirm(tokenIn((await mailTo("again@example.com", "interest-confirmation"))[0].text)!)).toEqual({ confirmed: true });
    await register("again@example.com", ["Full Arch Complications"], new Date(now.getTime() + 60_000));
    const asks = await mailTo("again@example.com", "interest-confirmation");
    expect(asks).toHaveLength(2);
    const second = asks.find((ask) => ask.text.includes("Full Arch Complications"))!;
    expect(await pressConfirm(tokenIn(second.text)!)).toEqual({ confirmed: true });
    expect((await registrationsOf("again@example.com")).every((registration) => registration.confirmedAt !== null)).toBe(true);
  });

  it("confirms with a link only the registrations it stood for: not one made after its ten minutes, which had a link of its own", async () => {
    const now = new Date();
    await register("later@example.com", ["Sinus Grafting"], now);
    await register("later@example.com", ["Full Arch Complications"], new Date(now.getTime() + CONFIRMATION_EMAIL_INTERVAL_MS + 60_000));
    const asks = await mailTo("later@example.com", "interest-confirmation");
    expect(asks).toHaveLength(2);
    const first = asks.find((ask) => !ask.text.includes("Full Arch Complications"))!;
    expect(await pressConfirm(tokenIn(first.text)!)).toEqual({ confirmed: true });
    const confirmed = (await registrationsOf("later@example.com")).filter((registration) => registration.confirmedAt !== null);
    expect(confirmed.map((registration) => registration.offeringKeys)).toEqual([["sinus-grafting"]]);
  });

  it("sends one confirmation email for a burst of first registrations of one address", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => register(i % 2 ? "BURST@example.com" : "burst@example.com")));
    expect(await registrationsOf("burst@example.com")).toHaveLength(10);
    expect(await mailTo("burst@example.com", "interest-confirmation")).toHaveLength(1);
  });

  it("ends a confirmation link still out when the address unsubscribes from new dates", async () => {
    await register("gone@example.com");
    const [pending] = await registrationsOf("gone@example.com");
    const unsubscribed = await unsubscribeAction(
      routeArgs(
        new Request(`${TEST_SITE_URL}/interest/unsubscribe?token=${pending.unsubscribeToken}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        handle,
      ),
    );
    expect(unsubscribed).toEqual({ unsubscribed: true });
    expect(await pressConfirm(pending.confirmationToken!)).toEqual({ confirmed: false });
    expect(await announcedTo()).toEqual([]);
  });

  it("hears about no more new dates, for either reason, once the address unsubscribes through the link of an email it got as subscriber and as registrant", async () => {
    await subscribed("both@example.com");
    await register("both@example.com");
    expect(await pressConfirm(tokenIn((await mailTo("both@example.com", "interest-confirmation"))[0].text)!)).toEqual({ confirmed: true });
    expect(await announcedTo()).toEqual(["both@example.com"]);
    const [announcement] = await mailTo("both@example.com", "new-date-announcement");
    const link = /\/newsletter\/unsubscribe\?token=[\w-]+/.exec(announcement.text)![0];
    expect(announcement.text).not.toContain("/interest/unsubscribe");
    expect(announcement.headers["List-Unsubscribe"]).toContain(link);

    const unsubscribed = await newsletterUnsubscribeAction(
      routeArgs(
        new Request(`${TEST_SITE_URL}${link}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        handle,
      ),
    );
    expect(unsubscribed).toEqual({ unsubscribed: true });
    await handle.db.delete(emailOutbox);
    expect(await announcedTo()).toEqual([]);
  });

  it("greets a subscriber by name only when it is the name of the address's own confirmed account, never a name a stranger typed", async () => {
    await subscribed("victim@example.com", "Your account is suspended, call 020 7946 0000 now");
    const owner = await createPerson({ db: handle.db, auth: testAuth(handle) }, { email: uniqueEmail("owner"), firstName: "Nadia", lastName: "Okafor" });
    await subscribed(owner.email, "Someone Else");
    await announcedTo();
    const [victim] = await mailTo("victim@example.com", "new-date-announcement");
    for (const body of [victim.html, victim.text]) {
      expect(body).not.toContain("suspended");
      expect(body).toContain("Hello,");
    }
    const [account] = await mailTo(owner.email, "new-date-announcement");
    // By first name, as the account's booking emails greet it.
    expect(account.text).toContain("Dear Nadia,");
    expect(account.text).not.toContain("Someone Else");
  });
});
