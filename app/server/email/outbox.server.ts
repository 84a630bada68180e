import { count, inArray, sql } from "drizzle-orm";

import type { Database, Transaction } from "~/server/db/client.server";
import { emailOutbox, type OutboxAttachment } from "~/server/db/schema.server";
import { log } from "~/server/platform/log.server";
import { countInHour } from "~/server/platform/rate-limit.server";

export interface OutgoingEmail {
  /** Which template made it: shown in the mailbox and used to pick out auth links in logs. */
  template: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: OutboxAttachment[];
}

/**
 * The mailbox an address reaches, as far as a budget can tell: lower case,
 * without a "+tag", and at Gmail without dots, so that "Ann+1@x.com" and
 * "a.nn@gmail.com" share the budget of "ann@x.com" and "ann@gmail.com".
 */
export function mailboxOf(address: string): string {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const domain = lower.slice(at + 1) === "googlemail.com" ? "gmail.com" : lower.slice(at + 1);
  const local = lower.slice(0, at).split("+")[0];
  return `${domain === "gmail.com" ? local.replaceAll(".", "") : local}@${domain}`;
}

/**
 * Which hour's budget an email spends, if any: for one kind of email to an address someone typed, that
 * mailbox's for that kind (so marketing confirmations can never use up what another kind may send); for a
 * staff notice, the site's.
 */
export type MailBudget =
  | { kind: "typed-address"; limit: number }
  /** Past the limit, staff are sent `paused` once in the hour instead, so they know to look in the back office. */
  | { kind: "staff-notice"; limit: number; paused: () => Promise<OutgoingEmail> };

/** Counts the email against its budget; false, with a warning, when the hour's is spent and it must not be sent. */
export async function spendMailBudget(db: Database | Transaction, email: Pick<OutgoingEmail, "template" | "to">, budget: MailBudget): Promise<boolean> {
  const name = budget.kind === "staff-notice" ? "staff-notices" : `mail-to:${email.template}:${mailboxOf(email.to)}`;
  const counted = await countInHour(db, name);
  if (counted <= budget.limit) return true;
  log.warn(`Not queued: a ${email.template} email over the hour's ${budget.kind === "staff-notice" ? "staff notices" : "emails of its kind to its address"}`);
  if (budget.kind === "staff-notice" && counted === budget.limit + 1) await insertEmail(db, await budget.paused());
  return false;
}

/**
 * Queues an email. Call it inside the transaction of the change that causes
 * it: the email exists exactly when the change does. The worker delivers it.
 * One that spends a budget already spent this hour is not queued (false), and
 * the change stands: the form's answer stays the same, and what a staff notice
 * would have said waits in the back office.
 */
export async function enqueueEmail(db: Database | Transaction, email: OutgoingEmail, budget?: MailBudget): Promise<boolean> {
  if (budget && !(await spendMailBudget(db, email, budget))) return false;
  await insertEmail(db, email);
  return true;
}

async function insertEmail(db: Database | Transaction, email: OutgoingEmail) {
  await db.insert(emailOutbox).values({
    template: email.template,
    toAddress: email.to,
    replyTo: email.replyTo ?? null,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers ?? {},
    attachments: email.attachments ?? [],
  });
}

/** RFC 8058 one-click unsubscribe headers for every marketing email. */
export function marketingHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How far behind delivery is: emails by status, and the age of the oldest not yet sent (pending or being sent), by the database's clock. */
export async function outboxBacklog(db: Database): Promise<{ byStatus: Record<OutboxStatus, number>; oldestUnsentSeconds: number }> {
  const [rows, [unsent]] = await Promise.all([
    db.select({ status: emailOutbox.status, emails: count() }).from(emailOutbox).groupBy(emailOutbox.status),
    db
      .select({ seconds: sql<string | null>`extract(epoch from now() - min(${emailOutbox.createdAt}))` })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["pending", "sending"])),
  ]);
  const byStatus = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, rows.find((row) => row.status === status)?.emails ?? 0]));
  return { byStatus: byStatus as Record<OutboxStatus, number>, oldestUnsentSeconds: Math.max(0, Number(unsent?.seconds ?? 0)) };
}
