import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";

import type { ContactMessage } from "~/lib/schemas/contact";
import { type AdminActor, recordAdminAction } from "~/server/admin/audit.server";
import type { Database } from "~/server/db/client.server";
import { rowsAfter } from "~/server/db/paging.server";
import { contactMessages } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderContactNotification } from "~/server/email/templates.server";
import type { MailBudgets } from "~/server/platform/env.server";
import { NotFoundError } from "~/server/platform/errors.server";

import { staffNoticeBudget } from "./staff-notices.server";

const CONTACT_SENT_MESSAGE = "Your message has been sent successfully!";

/**
 * Stores the message for the admin inbox and emails staff with Reply-To the
 * sender, in one transaction. A filled honeypot gets the same answer and is dropped.
 */
export async function sendContactMessage(db: Database, input: ContactMessage, options: { staffEmail: string; siteUrl: string; mailBudgets: MailBudgets }) {
  if (input.website) return { message: CONTACT_SENT_MESSAGE };
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values({ name: input.name, email: input.email, subject: input.subject, message: input.message }).returning();
    const rendered = await renderContactNotification({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      receivedAt: row.createdAt,
    });
    await enqueueEmail(
      tx,
      { template: "contact-notification", to: options.staffEmail, replyTo: row.email, ...rendered },
      staffNoticeBudget({ staffEmail: options.staffEmail, siteUrl: options.siteUrl, limit: options.mailBudgets.staffNotices }),
    );
  });
  return { message: CONTACT_SENT_MESSAGE };
}

/** The admin inbox: newest first, a page at a time (`after` is the id of the last message already shown). */
export async function listContactMessages(db: Database, { limit = 100, after }: { limit?: number; after?: string } = {}) {
  return db
    .select()
    .from(contactMessages)
    .where(after ? rowsAfter(contactMessages, after) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

export async function unreadContactCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return Number(row.n);
}

/** Marks a message read or unread, in the audit log: which member of staff dealt with it, and when. */
export async function markContactMessage(db: Database, actor: AdminActor, id: string, read: boolean, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      // Marking read twice keeps the first time it was read; marking either way twice changes, and logs, nothing.
      .set({ readAt: read ? now : null })
      .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)))
      .returning({ subject: contactMessages.subject, email: contactMessages.email });
    if (!updated) {
      const [exists] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
      if (!exists) throw new NotFoundError("That message no longer exists.");
      return;
    }
    await recordAdminAction(tx, actor, {
      action: read ? "contact.read" : "contact.unread",
      subjectType: "contact_message",
      subjectId: id,
      summary: `Marked "${updated.subject}" from ${updated.email} as ${read ? "read" : "unread"}`,
    });
  });
}
