import { and, arrayContains, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { programmeFor, sellsPlaces } from "~/content/programmes";
import { isBookablePriceId } from "~/lib/booking";
import { formatDateRange } from "~/lib/format";
import type { Database, Transaction } from "~/server/db/client.server";
import { editionAnnouncements, interestRegistrations, newsletterSubscribers, users } from "~/server/db/schema.server";
import { enqueueEmail, marketingHeaders } from "~/server/email/outbox.server";
import { renderNewDateAnnouncement } from "~/server/email/templates.server";

/** The edition an announcement tells people about. */
export interface AnnouncedEdition {
  id: string;
  offeringKey: string;
  title: string;
  slug: string;
  startDate: string;
  endDate: string;
  location: string | null;
  stripePriceId: string | null;
}

interface Recipient {
  email: string;
  name?: string;
  unsubscribeUrl: string;
  /** Registered interest in this course (a subscriber may have too). */
  askedAbout: boolean;
}

/**
 * Who hears about a new edition: every confirmed newsletter subscriber (their
 * newsletter unsubscribe link), then everyone who registered interest in its
 * course, confirmed it from their address and has not unsubscribed (their
 * interest unsubscribe link). One per lower-cased address. The only name used is
 * that of the address's own confirmed account: a name typed into a form was never
 * part of what the address's owner confirmed, so anyone could have typed it.
 */
async function recipientsFor(tx: Transaction, offeringKey: string, siteUrl: string): Promise<Recipient[]> {
  const subscribers = await tx
    // The first name, as every other email to the account greets it ("Dear Nadia,").
    .select({ email: newsletterSubscribers.email, name: users.firstName, token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .leftJoin(users, and(eq(users.email, newsletterSubscribers.email), eq(users.emailVerified, true)))
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)));
  const interested = await tx
    .select({ email: interestRegistrations.email, token: interestRegistrations.unsubscribeToken })
    .from(interestRegistrations)
    .where(
      and(
        arrayContains(interestRegistrations.offeringKeys, [offeringKey]),
        isNotNull(interestRegistrations.confirmedAt),
        isNull(interestRegistrations.unsubscribedAt),
      ),
    )
    .orderBy(desc(interestRegistrations.createdAt));
  const byAddress = new Map<string, Recipient>();
  for (const row of subscribers) {
    const email = row.email.toLowerCase();
    byAddress.set(email, { email, name: row.name || undefined, unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${row.token}`, askedAbout: false });
  }
  for (const row of interested) {
    const email = row.email.toLowerCase();
    const subscriber = byAddress.get(email);
    if (subscriber) subscriber.askedAbout = true;
    else byAddress.set(email, { email, unsubscribeUrl: `${siteUrl}/interest/unsubscribe?token=${row.token}`, askedAbout: true });
  }
  return [...byAddress.values()];
}

/**
 * Queues the new-date email for an edition, inside the transaction that schedules
 * it. Each address is recorded once per edition, and mailed only when that record
 * is new, so a retry or a concurrent call never sends twice. Answers how many were queued.
 */
export async function announceNewEdition(tx: Transaction, edition: AnnouncedEdition, siteUrl: string): Promise<number> {
  // As the course page decides Book Now: the email promises booking only where the page offers it.
  const bookable = sellsPlaces(programmeFor(edition.offeringKey)) && isBookablePriceId(edition.stripePriceId);
  let queued = 0;
  for (const recipient of await recipientsFor(tx, edition.offeringKey, siteUrl)) {
    const [recorded] = await tx
      .insert(editionAnnouncements)
      .values({ courseId: edition.id, email: recipient.email })
      .onConflictDoNothing()
      .returning({ email: editionAnnouncements.email });
    if (!recorded) continue;
    const rendered = await renderNewDateAnnouncement({
      name: recipient.name,
      courseTitle: edition.title,
      dates: formatDateRange(edition.startDate, edition.endDate),
      location: edition.location,
      askedAbout: recipient.askedAbout,
      bookable,
      courseUrl: `${siteUrl}/courses/${edition.slug}`,
      unsubscribeUrl: recipient.unsubscribeUrl,
    });
    await enqueueEmail(tx, { template: "new-date-announcement", to: recipient.email, ...rendered, headers: marketingHeaders(recipient.unsubscribeUrl) });
    queued += 1;
  }
  return queued;
}

/**
 * The unsubscribe link in a new-date email sent for an interest registration:
 * that address hears about no more new dates from any of its registrations, and a confirmation link still out ends.
 * Null for an unknown token; a used one answers as it did the first time.
 */
export async function unsubscribeFromInterest(db: Database, token: string): Promise<{ email: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: interestRegistrations.email })
      .from(interestRegistrations)
      .where(eq(interestRegistrations.unsubscribeToken, token))
      .for("update");
    if (!row) return null;
    await tx
      .update(interestRegistrations)
      .set({ unsubscribedAt: new Date(), confirmationToken: null })
      .where(and(sql`lower(${interestRegistrations.email}) = ${row.email.toLowerCase()}`, isNull(interestRegistrations.unsubscribedAt)));
    return { email: row.email };
  });
}
