import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";

import { INTEREST_REQUIRED_MESSAGE, type InterestRegistration } from "~/lib/schemas/interest";
import type { Database, Transaction } from "~/server/db/client.server";
import { interestRegistrations, offerings } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderInterestConfirmation, renderInterestNotification } from "~/server/email/templates.server";
import { InvalidInputError } from "~/server/platform/errors.server";

import { CONFIRMATION_EMAIL_INTERVAL_MS, newLinkToken } from "./newsletter.server";

const INTEREST_REGISTERED_MESSAGE = "Thank you! Your interest has been registered.";

const sameAddress = (email: string) => sql`lower(${interestRegistrations.email}) = ${email.toLowerCase()}`;

/** Registering and confirming one address take turns, so neither misses a registration the other is writing. */
const lockAddress = (tx: Transaction, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`interest-confirmation:${email.toLowerCase()}`}))`);

/**
 * Stores the registration with the chosen offerings' keys and tells staff, in
 * one transaction: both or neither. A title that names no listed offering is
 * refused. The address is asked to confirm before it hears about new dates
 * (design.md 5, "and consented"): one email per address per
 * CONFIRMATION_EMAIL_INTERVAL_MS while its link is out, however often it is
 * registered; that link also confirms the registrations made meanwhile. The
 * answer is the same either way.
 */
export async function registerInterest(db: Database, input: InterestRegistration, options: { staffEmail: string; siteUrl: string; now?: Date }) {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    // Only what the form offers: the listed offerings (never the administrators' test product).
    const chosen = await tx
      .select({ key: offerings.key, title: offerings.title })
      .from(offerings)
      .where(and(eq(offerings.listed, true), inArray(offerings.title, input.interestedCourses)));
    if (chosen.length !== input.interestedCourses.length) throw new InvalidInputError(INTEREST_REQUIRED_MESSAGE);
    // In the order the person ticked them.
    const ordered = input.interestedCourses.map((title) => chosen.find((offering) => offering.title === title)!);
    // One registration of an address at a time, so a burst sends one confirmation email.
    await lockAddress(tx, input.email);
    // A link still out, sent in the last ten minutes, confirms this registration too; a used or withdrawn one does not.
    const [recentlyAsked] = await tx
      .select({ id: interestRegistrations.id })
      .from(interestRegistrations)
      .where(
        and(
          sameAddress(input.email),
          isNotNull(interestRegistrations.confirmationToken),
          isNull(interestRegistrations.confirmedAt),
          isNull(interestRegistrations.unsubscribedAt),
          gt(interestRegistrations.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_EMAIL_INTERVAL_MS)),
        ),
      )
      .limit(1);
    const confirmationToken = newLinkToken();
    const [row] = await tx
      .insert(interestRegistrations)
      .values({
        name: input.name,
        email: input.email,
        offeringKeys: ordered.map((offering) => offering.key),
        // A link only where one is sent: a registration made meanwhile is confirmed by the link already out.
        confirmationToken: recentlyAsked ? null : confirmationToken,
        confirmationSentAt: recentlyAsked ? null : now,
        // The app's clock, as the link's time is: which link a registration rides on is told by comparing them.
        createdAt: now,
      })
      .returning();
    const courses = ordered.map((offering) => offering.title);
    const staffNotice = await renderInterestNotification({ name: row.name, email: row.email, courses, receivedAt: row.createdAt });
    await enqueueEmail(tx, { template: "interest-notification", to: options.staffEmail, replyTo: row.email, ...staffNotice });
    if (recentlyAsked) return;
    // No name: the address is not confirmed yet, so nothing the requester typed goes into the email.
    const confirmation = await renderInterestConfirmation({ confirmUrl: `${options.siteUrl}/interest/confirm?token=${confirmationToken}`, courses });
    await enqueueEmail(tx, { template: "interest-confirmation", to: row.email, ...confirmation });
  });
  return { message: INTEREST_REGISTERED_MESSAGE };
}

/**
 * The link in the confirmation email, once: its registration is confirmed,
 * with the address's others that it stood for (made while it was the link out,
 * in the ten minutes after it was sent, which got no email of their own). Null
 * for an unknown, used or withdrawn token.
 */
export async function confirmInterest(db: Database, token: string, now = new Date()): Promise<{ email: string } | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ email: interestRegistrations.email })
      .from(interestRegistrations)
      .where(and(eq(interestRegistrations.confirmationToken, token), isNull(interestRegistrations.unsubscribedAt)));
    if (!link) return null;
    await lockAddress(tx, link.email);
    // Read again under the lock: a click racing another, or an unsubscribe, may have used the link meanwhile.
    const [row] = await tx
      .select({ email: interestRegistrations.email, sentAt: interestRegistrations.confirmationSentAt })
      .from(interestRegistrations)
      .where(and(eq(interestRegistrations.confirmationToken, token), isNull(interestRegistrations.unsubscribedAt)));
    if (!row?.sentAt) return null;
    const until = new Date(row.sentAt.getTime() + CONFIRMATION_EMAIL_INTERVAL_MS);
    await tx
      .update(interestRegistrations)
      .set({ confirmedAt: now, confirmationToken: null })
      .where(
        and(
          or(
            eq(interestRegistrations.confirmationToken, token),
            and(isNull(interestRegistrations.confirmationToken), gte(interestRegistrations.createdAt, row.sentAt), lt(interestRegistrations.createdAt, until)),
          ),
          sameAddress(row.email),
          isNull(interestRegistrations.confirmedAt),
          isNull(interestRegistrations.unsubscribedAt),
        ),
      );
    return { email: row.email };
  });
}
