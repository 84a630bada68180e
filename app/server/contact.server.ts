import { desc } from "drizzle-orm";
import type { ContactMessage } from "~/lib/schemas/contact";
import type { Database } from "./db/client.server";
import { contactMessages } from "./db/schema.server";
import { enqueueEmail } from "./email/outbox.server";
import { renderContactNotification } from "./email/templates.server";

export const CONTACT_SENT_MESSAGE = "Your message has been sent successfully!";

/**
 * Stores the message for the admin inbox and emails staff with Reply-To the
 * sender, in one transaction. A filled honeypot gets the same answer and is dropped.
 */
export async function sendContactMessage(db: Database, input: ContactMessage, options: { staffEmail: string }) {
  if (input.website) return { message: CONTACT_SENT_MESSAGE };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning();
    const rendered = await renderContactNotification({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      receivedAt: row.createdAt,
    });
    await enqueueEmail(tx, { template: "contact-notification", to: options.staffEmail, replyTo: row.email, ...rendered });
  });
  return { message: CONTACT_SENT_MESSAGE };
}

export async function listContactMessages(db: Database, limit = 100) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
