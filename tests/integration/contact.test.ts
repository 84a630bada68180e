import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import type { ContactMessage } from "~/lib/schemas/contact";
import { adminAuditLog, contactMessages, emailOutbox } from "~/server/db/schema.server";
import { listContactMessages, markContactMessage, sendContactMessage, unreadContactCount } from "~/server/marketing/contact.server";
import { CONTACT_FORM } from "~/server/marketing/public-forms.server";
import { NotFoundError, RateLimitedError } from "~/server/platform/errors.server";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { TEST_MAIL_BUDGETS, TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const services = () => testServices(handle);
const admin = () => createPerson({ db: handle.db, auth: services().auth }, { admin: true });
const actorOf = (who: Person) => ({ id: who.id, email: who.email });

const SENT = { message: "Your message has been sent successfully!" };
const STAFF = "staff@example.com";

const message = (fields: Partial<ContactMessage> = {}): ContactMessage => ({
  name: "Dr Sam Lee",
  email: "sam@example.com",
  subject: "Level 2 dates",
  message: "When is the next Level 2 course?",
  ...fields,
});
const send = (fields: Partial<ContactMessage> = {}) =>
  sendContactMessage(handle.db, message(fields), { staffEmail: STAFF, siteUrl: TEST_SITE_URL, mailBudgets: TEST_MAIL_BUDGETS });

const storedFrom = (email: string) => handle.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const mailFrom = (email: string) =>
  handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, "contact-notification"), eq(emailOutbox.replyTo, email)));
const messageOf = async (id: string) => (await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
const auditOf = (id: string) => handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id)).orderBy(adminAuditLog.createdAt);

let lastIp = 0;
const freshIp = () => `192.0.2.${++lastIp}`;

describe(`sendContactMessage on ${testDriver}`, () => {
  it("stores the message for the inbox, unread, and queues one email to staff that replies to the sender", async () => {
    expect(await send({ email: "ana@example.com", subject: "Sinus grafting", message: "Is there a date in May?" })).toEqual(SENT);

    const [row] = await storedFrom("ana@example.com");
    expect(row).toMatchObject({ name: "Dr Sam Lee", subject: "Sinus grafting", message: "Is there a date in May?", readAt: null });
    const mail = await mailFrom("ana@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: STAFF, replyTo: "ana@example.com", status: "pending", subject: "Website message: Sinus grafting" });
    expect(mail[0].text).toContain("Is there a date in May?");
    expect(mail[0].text).toContain("Dr Sam Lee");
    // Nothing goes to the sender: the staff email is the only one.
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@example.com"))).toEqual([]);
  });

  it("stores each message sent, also a repeat", async () => {
    await send({ email: "twice@example.com" });
    await send({ email: "twice@example.com" });
    expect(await storedFrom("twice@example.com")).toHaveLength(2);
    expect(await mailFrom("twice@example.com")).toHaveLength(2);
  });

  it("answers a filled honeypot as any message, and writes nothing at all", async () => {
    const before = await tableCounts(handle.db);
    expect(await send({ email: "bot@example.com", website: "http://spam.example" })).toEqual(SENT);
    expect(await tableCounts(handle.db)).toEqual(before);
  });

  it("stores the message and its email together: when the email cannot be queued, no message is kept", async () => {
    const before = await tableCounts(handle.db);
    await expect(
      sendContactMessage(handle.db, message({ email: "lost@example.com" }), {
        staffEmail: null as unknown as string,
        siteUrl: TEST_SITE_URL,
        mailBudgets: TEST_MAIL_BUDGETS,
      }),
    ).rejects.toThrow();
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await storedFrom("lost@example.com")).toEqual([]);
  });
});

describe(`the contact form's submission on ${testDriver}`, () => {
  it("sends to the configured staff address", async () => {
    expect(await CONTACT_FORM.submit(services(), message({ email: "form@example.com" }), freshIp())).toEqual(SENT);
    const [mail] = await mailFrom("form@example.com");
    expect(mail.toAddress).toBe(services().env.mail.staffEmail);
  });

  it(`refuses a sender's address past FORM_RATE_LIMIT in ten minutes with '${TOO_MANY_REQUESTS_MESSAGE}', storing nothing; another address is let through`, async () => {
    const ip = freshIp();
    const limit = services().env.formRateLimit;
    for (let attempt = 1; attempt <= limit; attempt++) {
      expect(await CONTACT_FORM.submit(services(), message({ email: "limited@example.com" }), ip)).toEqual(SENT);
    }
    const before = await tableCounts(handle.db);
    const refused = CONTACT_FORM.submit(services(), message({ email: "limited@example.com" }), ip);
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toThrow(TOO_MANY_REQUESTS_MESSAGE);
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await storedFrom("limited@example.com")).toHaveLength(limit);

    expect(await CONTACT_FORM.submit(services(), message({ email: "limited@example.com" }), freshIp())).toEqual(SENT);
    expect(await storedFrom("limited@example.com")).toHaveLength(limit + 1);
  });

  it("counts a bot's honeypot submissions against its address too", async () => {
    const ip = freshIp();
    const limit = services().env.formRateLimit;
    for (let attempt = 1; attempt <= limit; attempt++) await CONTACT_FORM.submit(services(), message({ website: "spam" }), ip);
    await expect(CONTACT_FORM.submit(services(), message({ email: "after-bot@example.com" }), ip)).rejects.toThrow(RateLimitedError);
    expect(await storedFrom("after-bot@example.com")).toEqual([]);
  });
});

describe(`the inbox on ${testDriver}`, () => {
  it("marks a message read, audited with who and which message; marking it read again keeps the first time and logs nothing", async () => {
    const staff = await admin();
    await send({ email: "mark@example.com", subject: "Mark me" });
    const [row] = await storedFrom("mark@example.com");
    const firstRead = new Date("2026-05-01T09:00:00Z");

    await markContactMessage(handle.db, actorOf(staff), row.id, true, firstRead);
    expect((await messageOf(row.id)).readAt).toEqual(firstRead);
    await markContactMessage(handle.db, actorOf(staff), row.id, true, new Date("2026-05-02T09:00:00Z"));
    expect((await messageOf(row.id)).readAt).toEqual(firstRead);

    const entries = await auditOf(row.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "contact.read",
      subjectType: "contact_message",
      actorId: staff.id,
      actorEmail: staff.email,
      summary: 'Marked "Mark me" from mark@example.com as read',
    });
  });

  it("marks a read message unread again, audited once however often it is pressed", async () => {
    const staff = await admin();
    await send({ email: "unread@example.com", subject: "Back to unread" });
    const [row] = await storedFrom("unread@example.com");
    // Unread already: marking it unread changes and logs nothing.
    await markContactMessage(handle.db, actorOf(staff), row.id, false);
    await markContactMessage(handle.db, actorOf(staff), row.id, true);
    await markContactMessage(handle.db, actorOf(staff), row.id, false);
    await markContactMessage(handle.db, actorOf(staff), row.id, false);
    expect((await messageOf(row.id)).readAt).toBeNull();
    expect((await auditOf(row.id)).map((entry) => [entry.action, entry.summary])).toEqual([
      ["contact.read", 'Marked "Back to unread" from unread@example.com as read'],
      ["contact.unread", 'Marked "Back to unread" from unread@example.com as unread'],
    ]);
  });

  it("counts the unread messages, which marking changes", async () => {
    const staff = await admin();
    const unread = await unreadContactCount(handle.db);
    await send({ email: "count@example.com" });
    expect(await unreadContactCount(handle.db)).toBe(unread + 1);
    const [row] = await storedFrom("count@example.com");
    await markContactMessage(handle.db, actorOf(staff), row.id, true);
    expect(await unreadContactCount(handle.db)).toBe(unread);
  });

  it("refuses a message that does not exist with 'That message no longer exists.', logging nothing", async () => {
    const staff = await admin();
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const read of [true, false]) {
      const attempt = markContactMessage(handle.db, actorOf(staff), missing, read);
      await expect(attempt).rejects.toThrow(NotFoundError);
      await expect(attempt).rejects.toThrow("That message no longer exists.");
    }
    expect(await auditOf(missing)).toEqual([]);
  });

  it("leaves the message unread when its audit entry cannot be written", async () => {
    await send({ email: "rollback@example.com" });
    const [row] = await storedFrom("rollback@example.com");
    await expect(markContactMessage(handle.db, { id: "no-such-admin", email: "ghost@example.com" }, row.id, true)).rejects.toThrow();
    expect((await messageOf(row.id)).readAt).toBeNull();
    expect(await auditOf(row.id)).toEqual([]);
  });

  it("lists the inbox newest first, a page at a time, missing none at a page's edge", async () => {
    const all = await listContactMessages(handle.db);
    expect(all.length).toBeGreaterThan(4);
    const times = all.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const pages: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listContactMessages(handle.db, { limit: 3, after });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      pages.push(...page.map((row) => row.id));
      after = page.at(-1)!.id;
    }
    expect(pages).toEqual(all.map((row) => row.id));
  });
});
