import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { NewsletterSubscription } from "~/lib/schemas/newsletter";
import type { Database, Transaction } from "./db/client.server";
import { newsletterSubscribers } from "./db/schema.server";
import { enqueueEmail, marketingHeaders } from "./email/outbox.server";
import { renderNewsletterConfirmation } from "./email/templates.server";

export const SUBSCRIBED_MESSAGE = "Successfully subscribed to the newsletter!";
export const CONFIRM_BY_EMAIL_MESSAGE = `${SUBSCRIBED_MESSAGE} Please check your inbox to confirm your subscription.`;

const newToken = () => randomBytes(24).toString("base64url");

export function newsletterLinks(siteUrl: string, tokens: { confirmationToken: string; unsubscribeToken: string }) {
  return {
    confirmUrl: `${siteUrl}/newsletter/confirm?token=${tokens.confirmationToken}`,
    unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${tokens.unsubscribeToken}`,
  };
}

async function sendConfirmation(
  tx: Transaction,
  siteUrl: string,
  subscriber: { email: string; name: string | null; confirmationToken: string; unsubscribeToken: string },
) {
  const links = newsletterLinks(siteUrl, subscriber);
  const rendered = await renderNewsletterConfirmation({ name: subscriber.name ?? undefined, ...links });
  await enqueueEmail(tx, {
    template: "newsletter-confirmation",
    to: subscriber.email,
    ...rendered,
    headers: marketingHeaders(links.unsubscribeUrl),
  });
}

/**
 * Idempotent subscribe with double opt-in (design.md 5): one row per lower-cased
 * email; a new, unconfirmed or unsubscribed address gets a confirmation email,
 * written in the same transaction; a confirmed one is simply told it is subscribed.
 */
export async function subscribeToNewsletter(
  db: Database,
  input: NewsletterSubscription,
  options: { siteUrl: string; source?: string },
): Promise<{ message: string }> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        name: input.name ?? null,
        source: options.source ?? "website",
        confirmationToken: newToken(),
        unsubscribeToken: newToken(),
      })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    if (created) {
      await sendConfirmation(tx, options.siteUrl, created);
      return { message: CONFIRM_BY_EMAIL_MESSAGE };
    }

    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for("update");
    const name = input.name ?? existing.name;
    if (existing.confirmedAt && !existing.unsubscribedAt) {
      if (name !== existing.name) await tx.update(newsletterSubscribers).set({ name }).where(eq(newsletterSubscribers.id, existing.id));
      return { message: SUBSCRIBED_MESSAGE };
    }
    // Unconfirmed, or coming back after unsubscribing: confirm (again) by email.
    const [updated] = await tx
      .update(newsletterSubscribers)
      .set({ name, unsubscribedAt: null, confirmedAt: null })
      .where(eq(newsletterSubscribers.id, existing.id))
      .returning();
    await sendConfirmation(tx, options.siteUrl, updated);
    return { message: CONFIRM_BY_EMAIL_MESSAGE };
  });
}

/** The link in the confirmation email. Null for an unknown token; confirming twice is fine. */
export async function confirmNewsletterSubscription(db: Database, token: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmationToken, token));
  if (!row) return null;
  if (!row.confirmedAt || row.unsubscribedAt) {
    await db
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date(), unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
  }
  return { email: row.email };
}

/** One-click unsubscribe (RFC 8058) and the link in every marketing email. Null for an unknown token. */
export async function unsubscribeFromNewsletter(db: Database, token: string) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ email: newsletterSubscribers.email });
  return row ?? null;
}

/** Addresses that may receive marketing email: confirmed and not unsubscribed. */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return Boolean(row?.confirmedAt && !row.unsubscribedAt);
}
