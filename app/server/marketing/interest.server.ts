import { and, arrayContained, eq, gt, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";

import { INTEREST_REQUIRED_MESSAGE, type InterestRegistration } from "~/lib/schemas/interest";
import type { Database, Transaction } from "~/server/db/client.server";
import { interestRegistrations, offerings } from "~/server/db/schema.server";
import { enqueueEmail, spendMailBudget } from "~/server/email/outbox.server";
import { renderInterestConfirmation, renderInterestNotification } from "~/server/email/templates.server";
import type { MailBudgets } from "~/server/platform/env.server";
import { InvalidInputError } from "~/server/platform/errors.server";

import { CONFIRMATION_EMAIL_INTERVAL_MS, newLinkToken } from "./newsletter.server";
import { staffNoticeBudget } from "./staff-notices.server";

const INTEREST_REGISTERED_MESSAGE = "Thank you! Your interest has been registered.";

const sameAddress = (email: string) => sql`lower(${interestRegistrations.email}) = ${email.toLowerCase()}`;

/** Registering and confirming one address take turns, so neither misses a registration the other is writing. */
const lockAddress = (tx: Transaction, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`interest-confirmation:${email.toLowerCase()}`}))`);

/** At most this many confirmation emails go to one address in CONFIRMATION_EMAIL_INTERVAL_MS. */
export const CONFIRMATION_EMAILS_PER_INTERVAL = 3;

/**
 * Stores the registration with the chosen offerings' keys and tells staff, in
 * one transaction: both or neither. A title that names no listed offering is
 * refused. The address is asked to confirm before it hears about new dates
 * (design.md 5, "and consented"), by an email naming the courses its link
 * confirms. A registration whose courses a link still out (sent in the last
 * CONFIRMATION_EMAIL_INTERVAL_MS) already names gets no email of its own (a
 * form sent twice, a burst): that link confirms it too. One naming other
 * courses gets its own email, up to CONFIRMATION_EMAILS_PER_INTERVAL in that
 * time; past that it gets none and no link confirms it, so nobody can add
 * courses to a confirmation the address's owner never saw. The answer is the
 * same either way.
 */
export async function registerInterest(
  db: Database,
  input: InterestRegistration,
  options: { staffEmail: string; siteUrl: string; mailBudgets: MailBudgets; now?: Date },
) {
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
    const keys = ordered.map((offering) => offering.key);
    const asked = await tx
      .select({ offeringKeys: interestRegistrations.offeringKeys, linkOut: sql<boolean>`${interestRegistrations.confirmationToken} is not null` })
      .from(interestRegistrations)
      .where(and(sameAddress(input.email), gt(interestRegistrations.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_EMAIL_INTERVAL_MS))));
    // A used or withdrawn link has no token any more: it stands for nothing made after it.
    const covered = asked.some((link) => link.linkOut && keys.every((key) => link.offeringKeys.includes(key)));
    // The mailbox's budget is asked only for a link that would otherwise go, before it is made.
    const sendsLink =
      !covered &&
      asked.length < CONFIRMATION_EMAILS_PER_INTERVAL &&
      (await spendMailBudget(tx, { template: "interest-confirmation", to: input.email }, { kind: "typed-address", limit: options.mailBudgets.perRecipient }));
    const confirmationToken = newLinkToken();
    const [row] = await tx
      .insert(interestRegistrations)
      .values({
        name: input.name,
        email: input.email,
        offeringKeys: keys,
        confirmationToken: sendsLink ? confirmationToken : null,
        confirmationSentAt: sendsLink ? now : null,
        // The app's clock, as the link's time is: which link a registration rides on is told by comparing them.
        createdAt: now,
      })
      .returning();
    const courses = ordered.map((offering) => offering.title);
    const staffNotice = await renderInterestNotification({ name: row.name, email: row.email, courses, receivedAt: row.createdAt });
    await enqueueEmail(
      tx,
      { template: "interest-notification", to: options.staffEmail, replyTo: row.email, ...staffNotice },
      staffNoticeBudget({ staffEmail: options.staffEmail, siteUrl: options.siteUrl, limit: options.mailBudgets.staffNotices }),
    );
    if (!sendsLink) return;
    // No name: the address is not confirmed yet, so nothing the requester typed goes into the email.
    const confirmation = await renderInterestConfirmation({ confirmUrl: `${options.siteUrl}/interest/confirm?token=${confirmationToken}`, courses });
    await enqueueEmail(tx, { template: "interest-confirmation", to: row.email, ...confirmation });
  });
  return { message: INTEREST_REGISTERED_MESSAGE };
}

/**
 * The link in the confirmation email, once: its registration is confirmed,
 * with the address's others that it stood for (made while it was out, in the
 * ten minutes after it was sent, naming only courses it names, which got no
 * email of their own). Null for an unknown, used or withdrawn token.
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
      .select({ email: interestRegistrations.email, sentAt: interestRegistrations.confirmationSentAt, offeringKeys: interestRegistrations.offeringKeys })
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
            and(
              isNull(interestRegistrations.confirmationToken),
              gte(interestRegistrations.createdAt, row.sentAt),
              lt(interestRegistrations.createdAt, until),
              arrayContained(interestRegistrations.offeringKeys, row.offeringKeys),
            ),
          ),
          sameAddress(row.email),
          isNull(interestRegistrations.confirmedAt),
          isNull(interestRegistrations.unsubscribedAt),
        ),
      );
    return { email: row.email };
  });
}
