import { describe, expect, it } from "vitest";

import { emailOutbox } from "~/server/db/schema.server";
import { getMailboxMessage, linksIn, listMailbox } from "~/server/email/mailbox.server";
import { enqueueEmail } from "~/server/email/outbox.server";

import { testDriver, useTestDatabase } from "../support/database";

const handle = useTestDatabase();

/** A stored email at a given moment, as the outbox holds it. */
const stored = async (to: string, createdAt: Date, subject = `To ${to}`) =>
  (
    await handle.db
      .insert(emailOutbox)
      .values({ template: "test", toAddress: to, subject, html: `<p>${subject}</p>`, text: subject, createdAt })
      .returning()
  )[0];

describe(`the local mailbox on ${testDriver}`, () => {
  it("is empty on a fresh database", async () => {
    expect(await listMailbox(handle.db)).toEqual([]);
  });

  it("lists every stored email newest first, whatever its status, with everything stored of it", async () => {
    const oldest = await stored("one@example.com", new Date("2026-01-01T09:00:00Z"));
    const newest = await stored("two@example.com", new Date("2026-01-03T09:00:00Z"));
    const middle = await stored("one@example.com", new Date("2026-01-02T09:00:00Z"));
    await handle.db.update(emailOutbox).set({ status: "sent", sentAt: new Date() });

    const listed = await listMailbox(handle.db);
    expect(listed.map((row) => row.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(listed[0]).toMatchObject({ toAddress: "two@example.com", subject: "To two@example.com", status: "sent", template: "test" });
  });

  it("filters by recipient, the address asked for in any case", async () => {
    const forOne = await listMailbox(handle.db, { to: "ONE@Example.com" });
    expect(forOne.map((row) => row.toAddress)).toEqual(["one@example.com", "one@example.com"]);
    expect(await listMailbox(handle.db, { to: "nobody@example.com" })).toEqual([]);
    // Queued to an address as it was configured (a STAFF_EMAIL in capitals), it is found by it in any case.
    await stored("Staff@Example.com", new Date());
    expect((await listMailbox(handle.db, { to: "staff@example.com" })).map((row) => row.toAddress)).toEqual(["Staff@Example.com"]);
  });

  it("lists at most 100 unless told, newest first", async () => {
    const base = new Date("2027-01-01T00:00:00Z").getTime();
    await handle.db.insert(emailOutbox).values(
      Array.from({ length: 105 }, (_, index) => ({
        template: "bulk",
        toAddress: "bulk@example.com",
        subject: `Bulk ${index}`,
        html: "<p>bulk</p>",
        text: "bulk",
        createdAt: new Date(base + index * 1000),
      })),
    );
    const all = await listMailbox(handle.db);
    expect(all).toHaveLength(100);
    expect(all[0].subject).toBe("Bulk 104");
    const few = await listMailbox(handle.db, { to: "bulk@example.com", limit: 3 });
    expect(few.map((row) => row.subject)).toEqual(["Bulk 104", "Bulk 103", "Bulk 102"]);
  });

  it("orders emails queued at the same moment by id, the same every time", async () => {
    const moment = new Date("2028-01-01T00:00:00Z");
    const first = await stored("tie@example.com", moment);
    const second = await stored("tie@example.com", moment);
    const listed = await listMailbox(handle.db, { to: "tie@example.com" });
    expect(listed.map((row) => row.id)).toEqual([first.id, second.id].sort().reverse());
  });

  it("opens one email by id, with its attachments; none for an unknown or malformed id", async () => {
    await enqueueEmail(handle.db, {
      template: "booking-confirmation",
      to: "open@example.com",
      replyTo: "staff@example.com",
      subject: "Your booking",
      html: "<p>Booked</p>",
      text: "Booked",
      headers: { "X-Test": "1" },
      attachments: [{ filename: "course.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
    });
    const [listed] = await listMailbox(handle.db, { to: "open@example.com" });
    const opened = await getMailboxMessage(handle.db, listed.id);
    expect(opened).toEqual(listed);
    expect(opened).toMatchObject({
      replyTo: "staff@example.com",
      headers: { "X-Test": "1" },
      attachments: [{ filename: "course.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
    });

    expect(await getMailboxMessage(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    for (const id of ["nope", "", "'; drop table email_outbox; --", `${listed.id}x`]) {
      expect(await getMailboxMessage(handle.db, id), id).toBeNull();
    }
  });
});

describe("the links of a plain-text email", () => {
  it("are every http(s) address, in order, each once", () => {
    const text = [
      "Confirm: http://localhost:3000/auth/confirm?token=a.b.c&signup=s",
      "Or visit https://example.com/booking.",
      "Again: http://localhost:3000/auth/confirm?token=a.b.c&signup=s",
    ].join("\n");
    expect(linksIn(text)).toEqual(["http://localhost:3000/auth/confirm?token=a.b.c&signup=s", "https://example.com/booking."]);
  });

  it("end where the text around them closes: a bracket, an angle or a parenthesis", () => {
    expect(linksIn("Confirm [http://a.example/x] <https://b.example/y> (https://c.example/z)")).toEqual([
      "http://a.example/x",
      "https://b.example/y",
      "https://c.example/z",
    ]);
  });

  it("leave out other schemes and plain text", () => {
    expect(linksIn("mailto:info@example.com ftp://files.example/a www.example.com no links here")).toEqual([]);
  });
});
