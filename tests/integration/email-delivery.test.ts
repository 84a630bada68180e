import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { emailOutbox } from "~/server/db/schema.server";
import { enqueueEmail, marketingHeaders } from "~/server/email/outbox.server";
import { renderContactNotification } from "~/server/email/templates.server";
import { createSmtpTransport, deliverDueEmails, type MailTransport, retryDelayMs, startOutboxWorker } from "~/server/email/worker.server";

import { useTestDatabase } from "../support/database";
import { startDrippingSmtp, startSmtpSink } from "../support/smtp-sink";

const handle = useTestDatabase();
beforeEach(async () => {
  await handle.db.delete(emailOutbox);
});

/** The raw message with quoted-printable soft line breaks undone, so text can be searched. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

describe("email delivery over SMTP", () => {
  it("delivers a queued email with its headers, Reply-To, and the message escaped in HTML", async () => {
    const smtp = await startSmtpSink();
    try {
      const rendered = await renderContactNotification({
        name: "Dr Sam Lee",
        email: "sam@example.com",
        subject: "Dates",
        message: "Hello <script>alert(1)</script>",
        receivedAt: new Date(),
      });
      await enqueueEmail(handle.db, {
        template: "contact-notification",
        to: "staff@example.com",
        replyTo: "sam@example.com",
        ...rendered,
        headers: marketingHeaders("http://localhost:3000/newsletter/unsubscribe?token=abc"),
      });
      const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, "Global Implant Institute <no-reply@example.com>");
      expect(await deliverDueEmails(handle.db, transport)).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const raw = unfold(smtp.received[0].raw);
      expect(smtp.received[0].to).toEqual(["staff@example.com"]);
      expect(raw).toContain("Subject: Website message: Dates");
      expect(raw).toContain("Reply-To: sam@example.com");
      expect(raw).toContain("List-Unsubscribe: <http://localhost:3000/newsletter/unsubscribe?token=abc>");
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(raw).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(raw).toContain("Hello <script>alert(1)</script>");
      const [row] = await handle.db.select().from(emailOutbox);
      expect(row.status).toBe("sent");
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("keeps mail queued while SMTP is down and delivers it exactly once when it is back", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    await enqueueEmail(handle.db, { template: "interest-notification", to: "staff@example.com", subject: "Interest", html: "<p>Hi</p>", text: "Hi" });
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@example.com");

    // A millisecond on: the database stamped the email to the microsecond, within the current millisecond.
    const t0 = new Date(Date.now() + 1);
    expect(await deliverDueEmails(handle.db, transport, t0)).toEqual({ sent: 0, failed: 1 });
    let [row] = await handle.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await deliverDueEmails(handle.db, transport, new Date(t0.getTime() + 1_000))).toEqual({ sent: 0, failed: 0 });

    const smtp = await startSmtpSink(port);
    try {
      const later = new Date(t0.getTime() + retryDelayMs(1) + 1_000);
      expect(await deliverDueEmails(handle.db, transport, later)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDueEmails(handle.db, transport, new Date(later.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      [row] = await handle.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    } finally {
      await smtp.close();
      warn.mockRestore();
    }
  });

  it("sends every email exactly once when passes run at once", async () => {
    let sent: string[] = [];
    const transport: MailTransport = {
      async send(email) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(email.id);
      },
    };
    // Several rounds: a claim that lost rows to a concurrent pass shows up only now and then.
    for (let round = 0; round < 8; round++) {
      sent = [];
      for (let i = 0; i < 10; i++) {
        await enqueueEmail(handle.db, { template: "t", to: `r${round}-p${i}@example.com`, subject: "S", html: "<p>x</p>", text: "x" });
      }
      const results = await Promise.all([1, 2, 3].map(() => deliverDueEmails(handle.db, transport)));
      expect(results.reduce((total, result) => total + result.sent, 0)).toBe(10);
      expect(new Set(sent).size).toBe(10);
      expect(sent).toHaveLength(10);
    }
  });

  it("delivers each email once when a pass outlasts the claim and another instance passes meanwhile", async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const sent: string[] = [];
    // A slow SMTP server: 250 ms a message, against claims of 1 s (OUTBOX_CLAIM_TIMEOUT_MS=1000).
    const slow: MailTransport = {
      async send(email) {
        await sleep(250);
        sent.push(email.toAddress);
      },
    };
    for (let i = 0; i < 6; i++) await enqueueEmail(handle.db, { template: "t", to: `slow-${i}@example.com`, subject: "S", html: "x", text: "x" });
    const first = deliverDueEmails(handle.db, slow, undefined, 1_000);
    // The second instance's pass starts once the first pass has run longer than one claim.
    await sleep(1_100);
    const second = deliverDueEmails(handle.db, slow, undefined, 1_000);
    const results = await Promise.all([first, second]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(6);
    expect(sent.toSorted()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `slow-${i}@example.com`));
    const rows = await handle.db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox);
    expect(rows).toEqual(Array.from({ length: 6 }, () => ({ status: "sent", attempts: 1 })));
  });

  it("leaves an email another instance claimed again to that instance when its own send fails late", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await enqueueEmail(handle.db, { template: "t", to: "late@example.com", subject: "S", html: "x", text: "x" });
    let failLate: ((error: Error) => void) | undefined;
    const hanging: MailTransport = { send: () => new Promise((_resolve, reject) => (failLate = reject)) };
    // A millisecond on: the database stamped the email to the microsecond, and a "now" in the same millisecond
    // would be earlier than that stamp, finding nothing due (2 runs in 3 on PostgreSQL here).
    const t0 = new Date(Date.now() + 1);
    const first = deliverDueEmails(handle.db, hanging, t0, 1_000);
    await vi.waitFor(() => expect(failLate).toBeDefined());
    // The claim has run out: another instance claims the email and delivers it.
    const sent: string[] = [];
    expect(await deliverDueEmails(handle.db, { send: async (email) => void sent.push(email.toAddress) }, new Date(t0.getTime() + 2_000), 1_000)).toEqual({
      sent: 1,
      failed: 0,
    });
    failLate?.(new Error("421 timed out"));
    expect(await first).toEqual({ sent: 0, failed: 1 });
    const [row] = await handle.db.select().from(emailOutbox);
    // Still sent: the late failure of a claim that was no longer ours queues nothing again.
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent).toEqual(["late@example.com"]);
    warn.mockRestore();
  });

  it("fails a send the SMTP server never answers while its claim still holds, so no other instance sends it meanwhile", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const smtp = await startSmtpSink();
    try {
      smtp.stall = true;
      await enqueueEmail(handle.db, { template: "t", to: "hung@example.com", subject: "Hung", html: "x", text: "x" });
      const started = Date.now();
      // Waits of 500 ms against claims of 2 s (in production 30 s against 2 min), where nodemailer alone waited 10 minutes.
      expect(await deliverDueEmails(handle.db, createSmtpTransport(smtp.url, "no-reply@example.com", { waitMs: 500 }), undefined, 2_000)).toEqual({
        sent: 0,
        failed: 1,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(smtp.stalled.map((mail) => mail.subject)).toEqual(["Hung"]);
      const [row] = await handle.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/timeout/i);
    } finally {
      smtp.release();
      await smtp.close();
      warn.mockRestore();
    }
  });

  it("stops at once on shutdown with the SMTP server silent: the send cut off and the emails behind it stay queued, no attempt counted", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const smtp = await startSmtpSink();
    try {
      smtp.stall = true;
      for (const to of ["first@example.com", "second@example.com", "third@example.com"]) {
        await enqueueEmail(handle.db, { template: "t", to, subject: `For ${to}`, html: "x", text: "x" });
      }
      // Production's waits: without the stop, the first send alone would hold shutdown for 30 s, and then the next.
      const worker = startOutboxWorker({ db: handle.db, transport: createSmtpTransport(smtp.url, "no-reply@example.com") });
      await vi.waitFor(() => expect(smtp.stalled).toHaveLength(1), { timeout: 5_000 });
      const started = Date.now();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
      const rows = await handle.db.select().from(emailOutbox);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, sentAt: null });
      expect(smtp.stalled).toHaveLength(1);
    } finally {
      smtp.release();
      await smtp.close();
      info.mockRestore();
    }
  });

  it("fails a send the SMTP server answers a line at a time without end, while its claim still holds", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // A line every 100 ms keeps the 500 ms wait for an answer from ever running out.
    const smtp = await startDrippingSmtp(100);
    try {
      await enqueueEmail(handle.db, { template: "t", to: "drip@example.com", subject: "Drip", html: "x", text: "x" });
      const started = Date.now();
      // A whole send of 1 s against claims of 2 s (in production 1 min against 2 min).
      const transport = createSmtpTransport(smtp.url, "no-reply@example.com", { waitMs: 500, sendWithinMs: 1_000 });
      expect(await deliverDueEmails(handle.db, transport, undefined, 2_000)).toEqual({ sent: 0, failed: 1 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(smtp.messages).toBe(1);
      const [row] = await handle.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "The SMTP server did not finish taking the email within 1 s." });
    } finally {
      await smtp.close();
      warn.mockRestore();
    }
  });

  it("backs off exponentially up to an hour and gives up after 12 attempts", async () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(20)).toBe(3_600_000);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await enqueueEmail(handle.db, { template: "t", to: "x@example.com", subject: "S", html: "x", text: "x" });
    await handle.db.update(emailOutbox).set({ attempts: 11 });
    const failing: MailTransport = { send: () => Promise.reject(new Error("550 mailbox unavailable")) };
    await deliverDueEmails(handle.db, failing);
    const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "x@example.com"));
    expect(row).toMatchObject({ status: "failed", attempts: 12, lastError: "550 mailbox unavailable" });
    warn.mockRestore();
  });

  it("claims again an email whose sender died mid-send", async () => {
    await enqueueEmail(handle.db, { template: "t", to: "y@example.com", subject: "S", html: "x", text: "x" });
    const past = new Date(Date.now() - 10 * 60_000);
    await handle.db.update(emailOutbox).set({ status: "sending", lockedUntil: past });
    const sent: string[] = [];
    await deliverDueEmails(handle.db, { send: async (email) => void sent.push(email.toAddress) });
    expect(sent).toEqual(["y@example.com"]);
  });
});
