import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import * as outboxPage from "~/routes/admin.outbox";
import { listDeadLetters, outboxCounts, retryAllDeadLetters, retryDeadLetter } from "~/server/admin/outbox.server";
import { adminAuditLog, emailOutbox } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { createSmtpTransport, deliverDueEmails, MAX_ATTEMPTS, retryDelayMs } from "~/server/email/worker.server";
import { NotFoundError } from "~/server/platform/errors.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { guarded, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";
import { startSmtpSink } from "../support/smtp-sink";

const handle = useTestDatabase();
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: testServices(handle).auth }, options);

beforeEach(async () => {
  await handle.db.delete(emailOutbox);
  // The worker says each failed attempt in the log; that is expected here.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const queue = (to: string, template = "reset-password") =>
  enqueueEmail(handle.db, {
    template,
    to,
    subject: `Reset your password (${to})`,
    html: "<p>https://example.com/reset?token=secret-token</p>",
    text: "secret-token",
  });

const rowOf = async (to: string) => (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0];

/** An SMTP server's port with nothing listening on it: a provider that is down. */
async function downPort() {
  const probe = await startSmtpSink();
  await probe.close();
  return probe.port;
}

describe(`the outbox with the SMTP server down, then dead letters, on ${testDriver}`, () => {
  it("waits while SMTP is down with growing pauses, becomes a dead letter after MAX_ATTEMPTS, and is delivered once after an administrator's retry", async () => {
    const port = await downPort();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@example.com");
    await queue("waits@example.com");

    // Each pass comes when the email is next due (the worker's clock given), as the polling worker would.
    let now = new Date(Date.now() + 1);
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(handle.db, transport, now)).toEqual({ sent: 0, failed: 1 });
      const row = await rowOf("waits@example.com");
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
      pauses.push(row.nextAttemptAt.getTime() - now.getTime());
      // Not due before its pause is over.
      expect(await deliverDueEmails(handle.db, transport, new Date(row.nextAttemptAt.getTime() - 1_000))).toEqual({ sent: 0, failed: 0 });
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(pauses).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, index) => retryDelayMs(index + 1)));
    expect(pauses.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...pauses)).toBe(3_600_000);

    // The server is back, but a dead letter waits for a person: no pass sends it, however late.
    const smtp = await startSmtpSink(port);
    try {
      expect(await deliverDueEmails(handle.db, transport, new Date(now.getTime() + 86_400_000))).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toEqual([]);
      expect(await outboxCounts(handle.db)).toEqual({ pending: 0, sending: 0, sent: 0, failed: 1 });

      const admin = await person({ admin: true });
      const { id } = await rowOf("waits@example.com");
      await retryDeadLetter(handle.db, admin, id);
      expect(await rowOf("waits@example.com")).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });

      // Due at once (the database's clock), delivered once, never again.
      expect(await deliverDueEmails(handle.db, transport)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDueEmails(handle.db, transport, new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received.map((mail) => mail.to)).toEqual([["waits@example.com"]]);
      expect(await rowOf("waits@example.com")).toMatchObject({ status: "sent", attempts: 1, lastError: null });

      const [entry] = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id));
      expect(entry).toMatchObject({ actorId: admin.id, action: "email.retry", subjectType: "email" });
      expect(entry.summary).toBe('Retried the reset-password email "Reset your password (waits@example.com)" to waits@example.com');
    } finally {
      await smtp.close();
    }
  });

  it("lists dead letters without their bodies, retries all of them as one audited action, and refuses to retry anything else", async () => {
    const admin = await person({ admin: true });
    await queue("one@example.com");
    await queue("two@example.com", "verify-email");
    await queue("pending@example.com");
    await handle.db
      .update(emailOutbox)
      .set({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable" })
      .where(eq(emailOutbox.template, "reset-password"));
    await handle.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.toAddress, "pending@example.com"));
    await handle.db
      .update(emailOutbox)
      .set({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "timeout" })
      .where(eq(emailOutbox.toAddress, "two@example.com"));

    const listed = await listDeadLetters(handle.db);
    expect(listed.map((email) => email.toAddress).sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(Object.keys(listed[0]).sort()).toEqual(["attempts", "createdAt", "id", "lastError", "subject", "template", "toAddress"]);

    const pending = await rowOf("pending@example.com");
    await expect(retryDeadLetter(handle.db, admin, pending.id)).rejects.toBeInstanceOf(NotFoundError);

    expect(await retryAllDeadLetters(handle.db, admin)).toBe(2);
    expect(await retryAllDeadLetters(handle.db, admin)).toBe(0);
    expect(await outboxCounts(handle.db)).toEqual({ pending: 3, sending: 0, sent: 0, failed: 0 });
    const entries = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "email.retry-all"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, summary: "Retried 2 failed emails" });
  });
});

describe(`/admin/outbox on ${testDriver}`, () => {
  const loader = guarded(outboxPage, "loader");
  const action = guarded(outboxPage, "action");
  const get = (who?: Person) => routeArgs(new Request(new URL("/admin/outbox", TEST_SITE_URL), { headers: who ? { Cookie: who.cookie } : {} }), handle);
  const post = (fields: Record<string, string>, who?: Person) =>
    routeArgs(
      new Request(new URL("/admin/outbox", TEST_SITE_URL), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_SITE_URL, ...(who ? { Cookie: who.cookie } : {}) },
        body: new URLSearchParams(fields),
      }),
      handle,
    );

  it("is for administrators only: anonymous to /auth, a signed-in non-admin to /account, for the page and its retries", async () => {
    await queue("guarded@example.com");
    await handle.db.update(emailOutbox).set({ status: "failed", attempts: MAX_ATTEMPTS });
    const { id } = await rowOf("guarded@example.com");
    const visitor = await person();
    for (const [who, pageLocation, postLocation] of [
      // The page's login leads back to it; a retry posted after the session ended starts at the login.
      [undefined, "/auth?notice=admin-login-required&next=%2Fadmin%2Foutbox", "/auth?notice=admin-login-required"],
      [visitor, "/account", "/account"],
    ] as const) {
      for (const [answer, location] of [
        [await loader(get(who)).catch((thrown: unknown) => thrown), pageLocation],
        [await action(post({ intent: "retry", id }, who)).catch((thrown: unknown) => thrown), postLocation],
      ]) {
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("Location")).toBe(location);
      }
    }
    expect((await rowOf("guarded@example.com")).status).toBe("failed");
  });

  it("shows an administrator the dead letters (template, recipient, subject, attempts, last error; never a body) and retries one or all", async () => {
    const admin = await person({ admin: true });
    await queue("page@example.com");
    await handle.db.update(emailOutbox).set({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "421 try later" });
    const { id } = await rowOf("page@example.com");

    const { status, body } = await settle(() => loader(get(admin)));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      counts: { pending: 0, sending: 0, sent: 0, failed: 1 },
      maxAttempts: MAX_ATTEMPTS,
      deadLetters: [
        {
          id,
          template: "reset-password",
          to: "page@example.com",
          subject: "Reset your password (page@example.com)",
          attempts: MAX_ATTEMPTS,
          lastError: "421 try later",
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain("secret-token");

    // Bad input is refused with the form's message and changes nothing.
    expect(await settle(() => action(post({ intent: "delete", id }, admin)))).toEqual({ status: 400, body: { error: "Unknown action.", notice: null } });
    expect(await settle(() => action(post({ intent: "retry", id: "not-an-id" }, admin)))).toEqual({
      status: 400,
      body: { error: "Unknown email.", notice: null },
    });
    expect(await settle(() => action(post({ intent: "retry", id: "00000000-0000-4000-8000-000000000000" }, admin)))).toEqual({
      status: 404,
      body: { error: "That email is no longer waiting for a retry.", notice: null },
    });
    expect((await rowOf("page@example.com")).status).toBe("failed");

    expect(await settle(() => action(post({ intent: "retry", id }, admin)))).toEqual({ status: 200, body: { error: null, notice: "Email queued again." } });
    expect(await rowOf("page@example.com")).toMatchObject({ status: "pending", attempts: 0 });
    expect(await settle(() => action(post({ intent: "retry-all" }, admin)))).toEqual({ status: 200, body: { error: null, notice: "0 emails queued again." } });
  });
});
