import { and, eq, inArray } from "drizzle-orm";

import { INTEREST_REQUIRED_MESSAGE, type InterestRegistration } from "~/lib/schemas/interest";
import type { Database } from "~/server/db/client.server";
import { interestRegistrations, offerings } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderInterestNotification } from "~/server/email/templates.server";
import { InvalidInputError } from "~/server/platform/errors.server";

const INTEREST_REGISTERED_MESSAGE = "Thank you! Your interest has been registered.";

/**
 * Stores the registration with the chosen offerings' keys and tells staff, in
 * one transaction: both or neither. A title that names no listed offering is refused.
 */
export async function registerInterest(db: Database, input: InterestRegistration, options: { staffEmail: string }) {
  await db.transaction(async (tx) => {
    // Only what the form offers: the listed offerings (never the administrators' test product).
    const chosen = await tx
      .select({ key: offerings.key, title: offerings.title })
      .from(offerings)
      .where(and(eq(offerings.listed, true), inArray(offerings.title, input.interestedCourses)));
    if (chosen.length !== input.interestedCourses.length) throw new InvalidInputError(INTEREST_REQUIRED_MESSAGE);
    // In the order the person ticked them.
    const ordered = input.interestedCourses.map((title) => chosen.find((offering) => offering.title === title)!);
    const [row] = await tx
      .insert(interestRegistrations)
      .values({ name: input.name, email: input.email, offeringKeys: ordered.map((offering) => offering.key) })
      .returning();
    const rendered = await renderInterestNotification({
      name: row.name,
      email: row.email,
      courses: ordered.map((offering) => offering.title),
      receivedAt: row.createdAt,
    });
    await enqueueEmail(tx, { template: "interest-notification", to: options.staffEmail, replyTo: row.email, ...rendered });
  });
  return { message: INTEREST_REGISTERED_MESSAGE };
}
