import { and, asc, eq, gte, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as auditLogPage from "~/routes/admin.audit-log";
import * as inboxPage from "~/routes/admin.inbox";
import * as inboxCsv from "~/routes/admin.inbox.csv";
import * as interestPage from "~/routes/admin.interest";
import * as interestCsv from "~/routes/admin.interest.csv";
import * as subscribersPage from "~/routes/admin.subscribers";
import * as subscribersCsv from "~/routes/admin.subscribers.csv";
import { recordAdminAction } from "~/server/admin/audit.server";
import { todayIsoDate } from "~/server/catalogue/editions.server";
import { adminAuditLog, contactMessages, interestRegistrations, newsletterSubscribers } from "~/server/db/schema.server";

import { downloadedText } from "../support/csv";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { guarded, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);

const at = (iso: string) => new Date(iso);

/** A GET of an admin address as the person (or nobody) would send it. */
const get = (path: string, who?: Person) => routeArgs(new Request(new URL(path, TEST_SITE_URL), { headers: who ? { Cookie: who.cookie } : {} }), handle);

/** A form post from the admin's own page. */
const post = (path: string, fields: Record<string, string>, who?: Person) =>
  routeArgs(
    new Request(new URL(path, TEST_SITE_URL), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_SITE_URL, ...(who ? { Cookie: who.cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
    handle,
  );

const inboxLoader = guarded(inboxPage, "loader");
const inboxAction = guarded(inboxPage, "action");
const interestLoader = guarded(interestPage, "loader");
const subscribersLoader = guarded(subscribersPage, "loader");
const auditLoader = guarded(auditLogPage, "loader");
const inboxCsvLoader = guarded(inboxCsv, "loader");
const interestCsvLoader = guarded(interestCsv, "loader");
const subscribersCsvLoader = guarded(subscribersCsv, "loader");

async function csvOf(run: () => Promise<unknown>) {
  const response = (await run()) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const text = await downloadedText(response);
  return {
    text,
    disposition: response.headers.get("Content-Disposition"),
    lines: text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean),
  };
}

const today = () => todayIsoDate();

describe(`the admin lists on ${testDriver}`, () => {
  let admin: Person;
  let olderId: string;
  let newerId: string;

  it("set-up: messages, registrations, subscribers and audit entries", async () => {
    admin = await person({ admin: true });
    const [older] = await handle.db
      .insert(contactMessages)
      .values({
        name: '=HYPERLINK("http://evil")',
        email: "older@example.com",
        subject: "Older",
        message: "line one\nline two",
        createdAt: at("2026-01-01T10:00:00Z"),
      })
      .returning();
    const [newer] = await handle.db
      .insert(contactMessages)
      .values({ name: "Nadia Noor", email: "newer@example.com", subject: "Newer", message: "<b>hi</b>", createdAt: at("2026-02-01T10:00:00Z") })
      .returning();
    olderId = older.id;
    newerId = newer.id;

    await handle.db.insert(interestRegistrations).values([
      { name: "Ali One", email: "ali@example.com", offeringKeys: ["level-2", "sinus-grafting"], createdAt: at("2026-01-05T00:00:00Z") },
      {
        name: "Bea Two",
        email: "bea@example.com",
        offeringKeys: ["sinus-grafting"],
        createdAt: at("2026-01-06T00:00:00Z"),
        confirmedAt: at("2026-01-06T01:00:00Z"),
        unsubscribedAt: at("2026-01-07T00:00:00Z"),
      },
      {
        name: "Cy Three",
        email: "cy@example.com",
        offeringKeys: ["sinus-grafting"],
        createdAt: at("2026-01-08T00:00:00Z"),
        confirmedAt: at("2026-01-09T00:00:00Z"),
      },
    ]);
    await handle.db.insert(newsletterSubscribers).values([
      { email: "confirmed@example.com", name: "Cara Confirmed", unsubscribeToken: "t1", confirmedAt: at("2026-01-10T00:00:00Z") },
      { email: "later@example.com", name: null, unsubscribeToken: "t2", confirmedAt: at("2026-01-11T00:00:00Z") },
      { email: "pending@example.com", name: "Pat Pending", unsubscribeToken: "t3", confirmationToken: "c3" },
      {
        email: "gone@example.com",
        name: "Gus Gone",
        unsubscribeToken: "t4",
        confirmedAt: at("2026-01-09T00:00:00Z"),
        unsubscribedAt: at("2026-01-12T00:00:00Z"),
      },
    ]);
  });

  it("shows the inbox newest first with the unread count, messages as stored text", async () => {
    const page = await inboxLoader(get("/admin/inbox", admin));
    expect(page.unread).toBe(2);
    expect(page.messages.map((message) => message.subject)).toEqual(["Newer", "Older"]);
    expect(page.messages[0]).toMatchObject({
      name: "Nadia Noor",
      email: "newer@example.com",
      message: "<b>hi</b>",
      read: false,
      receivedAt: "2026-02-01T10:00:00.000Z",
    });
    expect(page.messages[1].message).toBe("line one\nline two");
    expect(page.olderAfter).toBeNull();

    const older = await inboxLoader(get(`/admin/inbox?after=${page.messages[0].id}`, admin));
    expect(older.messages.map((message) => message.subject)).toEqual(["Older"]);
  });

  it("marks a message read and unread again, keeping the first read time", async () => {
    expect((await settle(() => inboxAction(post("/admin/inbox", { intent: "read", id: newerId }, admin)))).status).toBe(200);
    const [first] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, newerId));
    expect(first.readAt).not.toBeNull();
    await inboxAction(post("/admin/inbox", { intent: "read", id: newerId }, admin));
    const [again] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, newerId));
    expect(again.readAt).toEqual(first.readAt);

    let page = await inboxLoader(get("/admin/inbox", admin));
    expect(page.unread).toBe(1);
    expect(page.messages.find((message) => message.id === newerId)?.read).toBe(true);

    await inboxAction(post("/admin/inbox", { intent: "unread", id: newerId }, admin));
    page = await inboxLoader(get("/admin/inbox", admin));
    expect(page.unread).toBe(2);
    // Each change is in the audit log, by whom; marking read again changed nothing and is not.
    const entries = await handle.db.select().from(adminAuditLog).orderBy(adminAuditLog.createdAt);
    expect(entries.map((entry) => [entry.action, entry.summary, entry.actorEmail, entry.subjectId])).toEqual([
      ["contact.read", 'Marked "Newer" from newer@example.com as read', admin.email, newerId],
      ["contact.unread", 'Marked "Newer" from newer@example.com as unread', admin.email, newerId],
    ]);
    // The audit log's own test below starts from an empty log.
    await handle.db.delete(adminAuditLog);
  });

  it.each([
    ["an unknown intent", { intent: "delete", id: "00000000-0000-4000-8000-000000000000" }, 400],
    ["a malformed id", { intent: "read", id: "'; drop table contact_messages; --" }, 400],
    ["a missing id", { intent: "read" }, 400],
    ["a message that does not exist", { intent: "read", id: "00000000-0000-4000-8000-000000000000" }, 404],
  ])("refuses %s with a 4xx and changes nothing", async (_case, fields, status) => {
    const outcome = await settle(() => inboxAction(post("/admin/inbox", fields, admin)));
    expect(outcome.status).toBe(status);
    expect(outcome.body).toMatchObject({ error: expect.any(String) });
    expect((await inboxLoader(get("/admin/inbox", admin))).unread).toBe(2);
  });

  it("exports the inbox as CSV: byte order mark, header, newest first, formula neutralised", async () => {
    const csv = await csvOf(() => inboxCsvLoader(get("/admin/inbox.csv", admin)));
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    expect(csv.disposition).toBe(`attachment; filename="inbox-${today()}.csv"`);
    expect(csv.lines[0]).toBe("Received,Name,Email,Subject,Message,Read");
    expect(csv.lines[1]).toBe("2026-02-01T10:00:00.000Z,Nadia Noor,newer@example.com,Newer,<b>hi</b>,no");
    expect(csv.text).toContain(`2026-01-01T10:00:00.000Z,"'=HYPERLINK(""http://evil"")",older@example.com,Older,"line one\nline two",no`);
    expect(csv.text).not.toMatch(/[,\n]"?=HYPERLINK/);
  });

  it("groups interest by course in the offerings' order, newest first, each marked as hearing of new dates only once confirmed and until unsubscribed", async () => {
    const { groups } = await interestLoader(get("/admin/interest", admin));
    expect(groups.map((group) => [group.course, group.registrations.map((registration) => [registration.name, registration.status])])).toEqual([
      ["Level 2 - Ultimate Full Arch Live Course", [["Ali One", "Awaiting confirmation"]]],
      [
        "Sinus Grafting",
        [
          ["Cy Three", "Subscribed"],
          ["Bea Two", "Unsubscribed"],
          ["Ali One", "Awaiting confirmation"],
        ],
      ],
    ]);
    const csv = await csvOf(() => interestCsvLoader(get("/admin/interest.csv", admin)));
    expect(csv.disposition).toBe(`attachment; filename="interest-${today()}.csv"`);
    expect(csv.lines).toEqual([
      "Course,Name,Email,Registered,Confirmed,Unsubscribed",
      "Level 2 - Ultimate Full Arch Live Course,Ali One,ali@example.com,2026-01-05T00:00:00.000Z,,",
      "Sinus Grafting,Cy Three,cy@example.com,2026-01-08T00:00:00.000Z,2026-01-09T00:00:00.000Z,",
      "Sinus Grafting,Bea Two,bea@example.com,2026-01-06T00:00:00.000Z,2026-01-06T01:00:00.000Z,2026-01-07T00:00:00.000Z",
      "Sinus Grafting,Ali One,ali@example.com,2026-01-05T00:00:00.000Z,,",
    ]);
  });

  it("lists only confirmed subscribers who have not unsubscribed", async () => {
    const { subscribers } = await subscribersLoader(get("/admin/subscribers", admin));
    expect(subscribers.map((subscriber) => [subscriber.email, subscriber.name, subscriber.confirmedAt])).toEqual([
      ["later@example.com", null, "2026-01-11T00:00:00.000Z"],
      ["confirmed@example.com", "Cara Confirmed", "2026-01-10T00:00:00.000Z"],
    ]);
    const csv = await csvOf(() => subscribersCsvLoader(get("/admin/subscribers.csv", admin)));
    expect(csv.disposition).toBe(`attachment; filename="subscribers-${today()}.csv"`);
    expect(csv.lines).toEqual([
      "Name,Email,Confirmed",
      ",later@example.com,2026-01-11T00:00:00.000Z",
      "Cara Confirmed,confirmed@example.com,2026-01-10T00:00:00.000Z",
    ]);
  });

  it("shows the audit log newest first with each entry's changed fields, a page at a time, skipping none at a page's edge", async () => {
    // Only the entries below: the downloads above were logged too (see the test of that).
    await handle.db.delete(adminAuditLog).where(eq(adminAuditLog.action, "export.csv"));
    const actor = { id: admin.id, email: admin.email };
    for (let day = 1; day <= 55; day++) {
      await recordAdminAction(handle.db, actor, {
        action: "edition.update",
        subjectType: "edition",
        subjectId: `e${day}`,
        summary: `Change ${day}`,
        before: { capacity: 10, venue: "Dubai" },
        after: { capacity: 10 + day, note: "new" },
      });
      // Spread the entries out in time, as real ones are.
      await handle.db
        .update(adminAuditLog)
        .set({ createdAt: new Date(Date.UTC(2026, 0, day)) })
        .where(eq(adminAuditLog.subjectId, `e${day}`));
    }
    // Where the first page ends: two entries at the same time, and one a fraction of a millisecond older
    // (PostgreSQL keeps microseconds, JavaScript's dates do not).
    const at = (subjectId: string, time: string) =>
      handle.db
        .update(adminAuditLog)
        .set({ createdAt: sql`${time}::timestamptz` })
        .where(eq(adminAuditLog.subjectId, subjectId));
    await at("e6", "2026-01-06T00:00:00.0008Z");
    await at("e5", "2026-01-06T00:00:00.0008Z");
    await at("e4", "2026-01-06T00:00:00.0003Z");
    const first = await auditLoader(get("/admin/audit-log", admin));
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ summary: "Change 55", actor: admin.email, action: "edition.update", at: "2026-02-24T00:00:00.000Z" });
    // jsonb keeps a snapshot's fields but not their order.
    expect(first.entries[0].changes).toHaveLength(3);
    expect(first.entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: "capacity", label: "Capacity", kind: "changed", before: "10", after: "65" },
        { field: "venue", label: "Venue", kind: "removed", before: "Dubai" },
        { field: "note", label: "Note", kind: "added", after: "new" },
      ]),
    );
    expect(first.entries.map((entry) => entry.at)).toEqual([...first.entries.map((entry) => entry.at)].sort().reverse());
    expect(first.olderAfter).toBe(first.entries[49].id);

    const second = await auditLoader(get(`/admin/audit-log?after=${encodeURIComponent(first.olderAfter!)}`, admin));
    expect(second.entries).toHaveLength(5);
    expect(second.entries.map((entry) => entry.summary).slice(-3)).toEqual(["Change 3", "Change 2", "Change 1"]);
    // Each entry on one page or the other, once.
    const shown = [...first.entries, ...second.entries].map((entry) => entry.summary);
    expect(new Set(shown)).toEqual(new Set(Array.from({ length: 55 }, (_, index) => `Change ${index + 1}`)));
    expect(second.olderAfter).toBeNull();
    // An entry no longer there has nothing after it.
    expect((await auditLoader(get("/admin/audit-log?after=00000000-0000-4000-8000-000000000000", admin))).entries).toEqual([]);
  });

  it.each(["not-an-id", "2026-01-15T00:00:00Z", "'; drop table admin_audit_log; --", "1e999", "00000000-0000-4000-8000-00000000000g"])(
    "ignores a malformed after (%s) and shows the newest page",
    async (after) => {
      const outcome = await settle(() => auditLoader(get(`/admin/audit-log?after=${encodeURIComponent(after)}`, admin)));
      expect(outcome.status).toBe(200);
      expect((outcome.body as { entries: { summary: string }[] }).entries[0].summary).toBe("Change 55");
      expect((await settle(() => inboxLoader(get(`/admin/inbox?after=${encodeURIComponent(after)}`, admin)))).status).toBe(200);
    },
  );

  it("writes each download of personal data to the audit log: who took which list, and how many people were in it", async () => {
    const since = new Date();
    // A HEAD asks about the file without taking it: nothing to log.
    await inboxCsvLoader(routeArgs(new Request(new URL("/admin/inbox.csv", TEST_SITE_URL), { method: "HEAD", headers: { Cookie: admin.cookie } }), handle));
    await csvOf(() => inboxCsvLoader(get("/admin/inbox.csv", admin)));
    await csvOf(() => interestCsvLoader(get("/admin/interest.csv", admin)));
    await csvOf(() => subscribersCsvLoader(get("/admin/subscribers.csv", admin)));
    const entries = await handle.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "export.csv"), gte(adminAuditLog.createdAt, since)))
      .orderBy(asc(adminAuditLog.summary));
    expect(entries.map(({ actorEmail, subjectType, summary }) => ({ actorEmail, subjectType, summary }))).toEqual([
      { actorEmail: admin.email, subjectType: "export", summary: "Downloaded the inbox as CSV (2 messages)" },
      { actorEmail: admin.email, subjectType: "export", summary: "Downloaded the interest registrations as CSV (4 registrations)" },
      { actorEmail: admin.email, subjectType: "export", summary: "Downloaded the newsletter subscribers as CSV (2 subscribers)" },
    ]);
  });

  it("hands a list's file only to the admin's own asking: a link followed from another site is sent to the list's page, with no file and nothing in the audit log", async () => {
    const exports = [
      ["/admin/inbox.csv", inboxCsvLoader, "/admin/inbox"],
      ["/admin/interest.csv", interestCsvLoader, "/admin/interest"],
      ["/admin/subscribers.csv", subscribersCsvLoader, "/admin/subscribers"],
    ] as const;
    const asked = (path: string, headers: Record<string, string>) =>
      routeArgs(new Request(new URL(path, TEST_SITE_URL), { headers: { Cookie: admin.cookie, ...headers } }), handle);
    const exportsLogged = () => handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "export.csv"));
    for (const [path, loader, listPage] of exports) {
      const logged = (await exportsLogged()).length;
      for (const fromElsewhere of <Record<string, string>[]>[
        { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
        { "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate" },
        // A browser that does not send Sec-Fetch-Site still names the page it came from.
        { Referer: "https://evil.example/lure" },
      ]) {
        const answer = await loader(asked(path, fromElsewhere)).catch((thrown: unknown) => thrown);
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("Location")).toBe(listPage);
        expect((answer as Response).headers.get("Content-Disposition")).toBeNull();
      }
      expect(await exportsLogged()).toHaveLength(logged);
      // The list page's own link, an address typed or bookmarked, and a browser that names our page.
      for (const own of <Record<string, string>[]>[
        { "Sec-Fetch-Site": "same-origin" },
        { "Sec-Fetch-Site": "none" },
        { Referer: `${TEST_SITE_URL}${listPage}` },
      ]) {
        await csvOf(() => loader(asked(path, own)));
      }
    }
  });

  describe("is for administrators only", () => {
    const reads = [
      ["/admin/inbox", inboxLoader],
      ["/admin/inbox.csv", inboxCsvLoader],
      ["/admin/interest", interestLoader],
      ["/admin/interest.csv", interestCsvLoader],
      ["/admin/subscribers", subscribersLoader],
      ["/admin/subscribers.csv", subscribersCsvLoader],
      ["/admin/audit-log", auditLoader],
    ] as const;

    it.each(reads)("%s: anonymous to /auth, a signed-in non-admin to /account, with no data", async (path, loader) => {
      const visitor = await person();
      // A page's login leads back to it; a download's does not.
      const anonymous = path.endsWith(".csv") ? "/auth?notice=admin-login-required" : `/auth?notice=admin-login-required&next=${encodeURIComponent(path)}`;
      for (const [who, location] of [
        [undefined, anonymous],
        [visitor, "/account"],
      ] as const) {
        const answer = await (loader as (args: ReturnType<typeof get>) => Promise<unknown>)(get(path, who)).catch((thrown: unknown) => thrown);
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("Location")).toBe(location);
        expect(await (answer as Response).text()).toBe("");
      }
    });

    it("the inbox's action: anonymous and non-admin posts are redirected and mark nothing", async () => {
      const visitor = await person();
      for (const [who, location] of [
        [undefined, "/auth?notice=admin-login-required"],
        [visitor, "/account"],
      ] as const) {
        const thrown = await inboxAction(post("/admin/inbox", { intent: "read", id: olderId }, who)).catch((error: unknown) => error);
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(302);
        expect((thrown as Response).headers.get("Location")).toBe(location);
      }
      const [older] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, olderId));
      expect(older.readAt).toBeNull();
    });
  });
});
