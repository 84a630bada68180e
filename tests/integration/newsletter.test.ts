import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import * as newsletterConfirmRoute from "~/routes/newsletter.confirm";
import * as newsletterUnsubscribeRoute from "~/routes/newsletter.unsubscribe";
import { emailOutbox, newsletterSubscribers } from "~/server/db/schema.server";
import { CONFIRM_BY_EMAIL_MESSAGE, CONFIRMATION_EMAIL_INTERVAL_MS, subscribeToNewsletter } from "~/server/marketing/newsletter.server";

import { useTestDatabase } from "../support/database";
import { isSubscribed } from "../support/marketing";
import { guarded, routeArgs, TEST_MAIL_BUDGETS, TEST_SITE_URL } from "../support/route-args";

const confirmHeaders = newsletterConfirmRoute.headers;
const confirmLoader = guarded(newsletterConfirmRoute, "loader");
const confirmAction = guarded(newsletterConfirmRoute, "action");
const unsubscribeHeaders = newsletterUnsubscribeRoute.headers;
const unsubscribeLoader = guarded(newsletterUnsubscribeRoute, "loader");
const unsubscribeAction = guarded(newsletterUnsubscribeRoute, "action");

const handle = useTestDatabase();
afterAll(async () => {});

const subscriber = async (email: string) => (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailTo = (email: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
const subscribe = (email: string, name?: string, now?: Date) =>
  subscribeToNewsletter(handle.db, { email, name }, { siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS, now });
/** The confirm page's button: its form posts the link's token. */
const confirm = (token: string | null) =>
  confirmAction(
    routeArgs(
      new Request(`${TEST_SITE_URL}/newsletter/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_SITE_URL },
        body: new URLSearchParams({ token: token ?? "" }),
      }),
      handle,
    ),
  );
/** Opening the emailed link, as a person or a link scanner does. */
const openLink = (token: string | null) => confirmLoader(routeArgs(new Request(`${TEST_SITE_URL}/newsletter/confirm?token=${token}`), handle));
/** A mail client's one-click unsubscribe (RFC 8058): the token in the URL, a fixed form body. */
const unsubscribe = (token: string) =>
  unsubscribeAction(
    routeArgs(
      new Request(`${TEST_SITE_URL}/newsletter/unsubscribe?token=${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      handle,
    ),
  );
/** After this interval a pending address may be sent a new confirmation email. */
const later = (minutes = 11) => new Date(Date.now() + minutes * 60 * 1000);

describe("newsletter double opt-in", () => {
  it("is not subscribed until the emailed link confirms it, and the link works once", async () => {
    expect(await subscribe("ana@example.com", "Ana")).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    const row = await subscriber("ana@example.com");
    expect(row.confirmationSentAt).toBeInstanceOf(Date);
    expect((await mailTo("ana@example.com"))[0].text).toContain(`/newsletter/confirm?token=${row.confirmationToken}`);
    // Opening the link (a link scanner does, even with HEAD) only shows the page that asks.
    expect(await openLink(row.confirmationToken)).toEqual({ token: row.confirmationToken });
    await openLink(row.confirmationToken);
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    expect(await confirm(row.confirmationToken)).toEqual({ confirmed: true });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(true);
    expect((await subscriber("ana@example.com")).confirmationToken).toBeNull();
    expect(await confirm(row.confirmationToken)).toEqual({ confirmed: false });
    expect(await confirm("not-a-token")).toEqual({ confirmed: false });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(true);
  });

  it("answers a new, a pending and a confirmed address alike", async () => {
    const answers = [await subscribe("bea@example.com"), await subscribe("bea@example.com"), await subscribe("ana@example.com")];
    expect(answers).toEqual([{ message: CONFIRM_BY_EMAIL_MESSAGE }, { message: CONFIRM_BY_EMAIL_MESSAGE }, { message: CONFIRM_BY_EMAIL_MESSAGE }]);
  });

  it("leaves a confirmed subscriber exactly as they are on a repeat request, and sends nothing", async () => {
    const before = await subscriber("ana@example.com");
    const mail = (await mailTo("ana@example.com")).length;
    expect(await subscribe("ANA@example.com", "Mallory", later())).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    expect(await subscriber("ana@example.com")).toEqual(before);
    expect(before.name).toBe("Ana");
    expect(await mailTo("ana@example.com")).toHaveLength(mail);
  });

  it("unsubscribes by the one-click POST, after which an older confirm link does nothing", async () => {
    await subscribe("carl@example.com", "Carl");
    const pending = await subscriber("carl@example.com");
    expect(await unsubscribe(pending.unsubscribeToken)).toEqual({ unsubscribed: true });
    expect(await unsubscribe("wrong")).toEqual({ unsubscribed: false });
    const unsubscribed = await subscriber("carl@example.com");
    expect(unsubscribed).toMatchObject({ confirmationToken: null, confirmedAt: null });
    expect(unsubscribed.unsubscribedAt).toBeInstanceOf(Date);
    expect(await confirm(pending.confirmationToken)).toEqual({ confirmed: false });
    expect(await subscriber("carl@example.com")).toEqual(unsubscribed);
    expect(await isSubscribed(handle.db, "carl@example.com")).toBe(false);
  });

  it("unsubscribes by the page's form, which posts the token in its body", async () => {
    await subscribe("form@example.com");
    const row = await subscriber("form@example.com");
    const request = new Request(`${TEST_SITE_URL}/newsletter/unsubscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: row.unsubscribeToken }),
    });
    expect(await unsubscribeAction(routeArgs(request, handle) as never)).toEqual({ unsubscribed: true });
    expect((await subscriber("form@example.com")).unsubscribedAt).toBeInstanceOf(Date);
    const page = new Request(`${TEST_SITE_URL}/newsletter/unsubscribe?token=${row.unsubscribeToken}`);
    expect(await unsubscribeLoader(routeArgs(page, handle) as never)).toEqual({ token: row.unsubscribeToken });
  });

  it("asks a returning subscriber to confirm with a new link, and keeps the old one dead", async () => {
    const confirmed = await subscriber("ana@example.com");
    const firstLink = (await mailTo("ana@example.com"))[0].text.match(/confirm\?token=([\w-]+)/)![1];
    expect(await unsubscribe(confirmed.unsubscribeToken)).toEqual({ unsubscribed: true });
    const mail = (await mailTo("ana@example.com")).length;

    expect(await subscribe("ana@example.com", "Mallory", later())).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    const returning = await subscriber("ana@example.com");
    expect(returning.confirmationToken).not.toBeNull();
    expect(returning.confirmationToken).not.toBe(firstLink);
    expect(returning.unsubscribedAt).toBeInstanceOf(Date);
    expect(returning.name).toBe("Ana");
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    const sent = await mailTo("ana@example.com");
    expect(sent).toHaveLength(mail + 1);
    expect(sent.filter((email) => email.text.includes(`/newsletter/confirm?token=${returning.confirmationToken}`))).toHaveLength(1);

    expect(await confirm(firstLink)).toEqual({ confirmed: false });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(false);
    expect(await confirm(returning.confirmationToken)).toEqual({ confirmed: true });
    expect(await isSubscribed(handle.db, "ana@example.com")).toBe(true);

    // Carl's link from before he unsubscribed stays dead once he subscribes again.
    const carlsOldLink = (await mailTo("carl@example.com"))[0].text.match(/confirm\?token=([\w-]+)/)![1];
    await subscribe("carl@example.com", undefined, later());
    expect(await confirm(carlsOldLink)).toEqual({ confirmed: false });
    expect(await isSubscribed(handle.db, "carl@example.com")).toBe(false);
  });

  it("sends a pending address at most one confirmation email per ten minutes", async () => {
    expect(CONFIRMATION_EMAIL_INTERVAL_MS).toBe(10 * 60 * 1000);
    const start = new Date("2030-01-01T09:00:00Z");
    await subscribe("dora@example.com", "Dora", start);
    const first = await subscriber("dora@example.com");
    expect(first.confirmationSentAt).toEqual(start);

    const early = await subscribe("dora@example.com", "Someone Else", new Date(start.getTime() + CONFIRMATION_EMAIL_INTERVAL_MS - 1000));
    expect(early).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    expect(await subscriber("dora@example.com")).toEqual(first);
    expect(await mailTo("dora@example.com")).toHaveLength(1);

    const due = new Date(start.getTime() + CONFIRMATION_EMAIL_INTERVAL_MS);
    expect(await subscribe("dora@example.com", undefined, due)).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    const second = await subscriber("dora@example.com");
    expect(second.confirmationSentAt).toEqual(due);
    expect(second.confirmationToken).not.toBe(first.confirmationToken);
    expect(second.name).toBe("Dora");
    expect(await mailTo("dora@example.com")).toHaveLength(2);
    expect(await confirm(second.confirmationToken)).toEqual({ confirmed: true });
  });

  it("sends a new link at once to an address that unsubscribed since its last one, whose link that ended; one per unsubscribe", async () => {
    const start = new Date("2030-02-01T09:00:00Z");
    const minute = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await subscribe("fay@example.com", "Fay", start);
    expect(await confirm((await subscriber("fay@example.com")).confirmationToken)).toEqual({ confirmed: true });
    expect(await unsubscribe((await subscriber("fay@example.com")).unsubscribeToken)).toEqual({ unsubscribed: true });

    // Changed her mind two minutes after the first email: the "check your inbox" answer comes with an email.
    expect(await subscribe("fay@example.com", undefined, minute(2))).toEqual({ message: CONFIRM_BY_EMAIL_MESSAGE });
    const returning = await subscriber("fay@example.com");
    expect(returning.confirmationSentAt).toEqual(minute(2));
    expect(await mailTo("fay@example.com")).toHaveLength(2);
    // With that link out, a second request within ten minutes sends nothing more.
    await subscribe("fay@example.com", undefined, minute(3));
    expect(await mailTo("fay@example.com")).toHaveLength(2);
    expect(await confirm(returning.confirmationToken)).toEqual({ confirmed: true });
    expect(await isSubscribed(handle.db, "fay@example.com")).toBe(true);
  });

  it("sends one email for 200 concurrent subscriptions of one new address", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => subscribe("burst@example.com", `Burst ${i}`)));
    expect(new Set(answers.map((answer) => answer.message))).toEqual(new Set([CONFIRM_BY_EMAIL_MESSAGE]));
    expect(await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "burst@example.com"))).toHaveLength(1);
    expect(await mailTo("burst@example.com")).toHaveLength(1);
  });

  it("keeps the requested name for staff but shows none in the confirmation email", async () => {
    await subscribe("eve@example.com", "Totally Real Bank Support");
    expect((await subscriber("eve@example.com")).name).toBe("Totally Real Bank Support");
    const [mail] = await mailTo("eve@example.com");
    for (const body of [mail.html, mail.text]) {
      expect(body).not.toContain("Totally Real Bank Support");
      expect(body).toContain("Hello,");
    }
  });

  it("asks browsers to send no referrer to other sites from the pages whose URL carries a token", () => {
    for (const headers of [confirmHeaders, unsubscribeHeaders]) {
      expect(new Headers(headers({} as never)).get("Referrer-Policy")).toBe("same-origin");
    }
  });
});
