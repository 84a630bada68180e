import { count, inArray, sql } from "drizzle-orm";

import type { Database, Transaction } from "~/server/db/client.server";
import { emailOutbox, type OutboxAttachment } from "~/server/db/schema.server";

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
 * Queues an email. Call it inside the transaction of the change that causes
 * it: the email exists exactly when the change does. The worker delivers it.
 */
export async function enqueueEmail(db: Database | Transaction, email: OutgoingEmail): Promise<void> {
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
