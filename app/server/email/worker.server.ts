import { and, eq, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";

import type { Database } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";
import type { Env } from "~/server/platform/env.server";
import { log } from "~/server/platform/log.server";

type OutboxEmail = typeof emailOutbox.$inferSelect;

/** Where a claimed email goes: SMTP in production, the local mailbox in the embedded demo. */
export interface MailTransport {
  /** `stopping` fires when the instance shuts down: a send still waiting on the server gives up at once. */
  send(email: OutboxEmail, stopping?: AbortSignal): Promise<void>;
}

const POLL_INTERVAL_MS = 2_000;
const BATCH_SIZE = 20;
/** A claimed email not finished within this time (a crashed instance) is claimed again; OUTBOX_CLAIM_TIMEOUT_MS sets it. */
const DEFAULT_CLAIM_TIMEOUT_MS = 2 * 60_000;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** After this many failed attempts an email is a dead letter ('failed'): only an administrator's retry sends it again. */
export const MAX_ATTEMPTS = 12;

/** 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * The longest an SMTP connection, greeting or answer may keep a send waiting. nodemailer's own are 2 min
 * to connect and 10 min for an answer, so a hung send outlasted its claim (2 min by default) and another
 * instance could claim and send the same email again; 30 s for each is well inside the claim.
 */
const SMTP_WAIT_MS = 30_000;
/**
 * The longest a whole send may take: a server that answers a line at a time never lets the waits above run out.
 * Half the default claim, so a send cannot outlast it. Fixed, as the waits are, not a share of
 * OUTBOX_CLAIM_TIMEOUT_MS: the resilience test's 3 s claims then cut sends it holds on purpose and left them 30 s from a retry.
 */
const SMTP_SEND_WITHIN_MS = DEFAULT_CLAIM_TIMEOUT_MS / 2;

export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  { waitMs = SMTP_WAIT_MS, sendWithinMs = SMTP_SEND_WITHIN_MS }: { waitMs?: number; sendWithinMs?: number } = {},
): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: waitMs, greetingTimeout: waitMs, socketTimeout: waitMs });
  return {
    async send(email, stopping) {
      const deadline = AbortSignal.timeout(sendWithinMs);
      try {
        await transporter.sendMail({
          from,
          to: email.toAddress,
          replyTo: email.replyTo ?? undefined,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
          attachments: email.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
          })),
          // nodemailer closes the connection when it fires.
          signal: stopping ? AbortSignal.any([deadline, stopping]) : deadline,
        });
      } catch (error) {
        if (!deadline.aborted || stopping?.aborted) throw error;
        throw new Error(`The SMTP server did not finish taking the email within ${sendWithinMs / 1000} s.`, { cause: error });
      }
    },
  };
}

const AUTH_TEMPLATES = new Set(["verify-email", "reset-password"]);

/**
 * The embedded default: mail stays readable at /dev/mailbox. Account emails are
 * announced in the log with where to read them; their links carry tokens, so never the link.
 */
function createMailboxTransport(siteUrl: string): MailTransport {
  return {
    async send(email) {
      if (AUTH_TEMPLATES.has(email.template)) log.info(`Mailbox: ${email.template} for ${email.toAddress}, open ${siteUrl}/dev/mailbox/${email.id}`);
    },
  };
}

/**
 * Claims the next due email so that no two instances send it: the row is
 * locked (SKIP LOCKED) and marked as being sent in one transaction. One at a
 * time, just before it is sent, so a claim covers one send however slow the
 * batch: a batch claimed at once outlived its claim and the rest were sent again by another instance.
 */
async function claimNextEmail(db: Database, now: Date | undefined, claimTimeoutMs: number): Promise<OutboxEmail | undefined> {
  // The database's clock by default: it stamped the emails, to the microsecond, and every instance shares it.
  const current = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, current)),
          and(eq(emailOutbox.status, "sending"), lte(emailOutbox.lockedUntil, current)),
        ),
      )
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(emailOutbox)
      // Whole milliseconds, so the time read back names this claim exactly (see stillClaimed).
      .set({ status: "sending", lockedUntil: sql`date_trunc('milliseconds', ${current} + ${`${claimTimeoutMs} milliseconds`}::interval)` })
      .where(eq(emailOutbox.id, due.id))
      .returning();
    return claimed;
  });
}

/** The email is still under this claim: not finished, and not claimed again by another instance since. */
function stillClaimed(email: OutboxEmail) {
  return and(eq(emailOutbox.id, email.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.lockedUntil, email.lockedUntil!));
}

/**
 * One delivery pass over up to 20 due emails. A failure delays an email; it never loses it.
 * Once `stopping` fires (the instance shuts down) it claims no more, and an email cut off
 * mid-send goes back to the outbox at once, its attempt not counted, for this or another instance.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  /** The pass's time; the database's clock when not given (tests give one). */
  now?: Date,
  claimTimeoutMs = DEFAULT_CLAIM_TIMEOUT_MS,
  stopping?: AbortSignal,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let count = 0; count < BATCH_SIZE && !stopping?.aborted; count++) {
    const email = await claimNextEmail(db, now, claimTimeoutMs);
    if (!email) break;
    try {
      await transport.send(email, stopping);
      // Delivered is sent, even if the claim ran out meanwhile: left pending, it would be delivered again.
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, attempts: email.attempts + 1, lastError: null })
        .where(eq(emailOutbox.id, email.id));
      sent++;
    } catch (error) {
      if (stopping?.aborted) {
        await db.update(emailOutbox).set({ status: "pending", lockedUntil: null }).where(stillClaimed(email));
        log.info(`Email ${email.id} (${email.template}) left in the outbox: the instance is stopping`);
        break;
      }
      failed++;
      const attempts = email.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      // Only while still ours: another instance that claimed it since may have delivered it.
      await db
        .update(emailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          attempts,
          lastError: message.slice(0, 500),
          lockedUntil: null,
          nextAttemptAt: now ? new Date(now.getTime() + retryDelayMs(attempts)) : sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`,
        })
        .where(stillClaimed(email));
      log.warn(`Email ${email.id} (${email.template}) not delivered, attempt ${attempts}: ${message.slice(0, 200)}`);
    }
  }
  return { sent, failed };
}

export function transportFor(env: Env): MailTransport {
  return env.mail.smtpUrl ? createSmtpTransport(env.mail.smtpUrl, env.mail.from) : createMailboxTransport(env.siteUrl);
}

/**
 * Polls the outbox every 2 s, one pass at a time, until stopped. Stopping cuts a send
 * still waiting on the mail server (it goes back to the outbox) and claims nothing
 * more, so a shutdown never waits on a slow or silent SMTP server.
 */
export function startOutboxWorker({ db, transport, claimTimeoutMs }: { db: Database; transport: MailTransport; claimTimeoutMs?: number }) {
  const stopping = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = deliverDueEmails(db, transport, undefined, claimTimeoutMs, stopping.signal)
      .catch((error) => log.error("Outbox pass failed", error))
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(tick, POLL_INTERVAL_MS);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
