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
