import type { InterestRegistration } from "~/lib/schemas/interest";
import type { Database } from "./db/client.server";
import { interestRegistrations } from "./db/schema.server";
import { enqueueEmail } from "./email/outbox.server";
import { renderInterestNotification } from "./email/templates.server";

export const INTEREST_REGISTERED_MESSAGE = "Thank you! Your interest has been registered.";

/** Stores the registration and tells staff, in one transaction: both or neither. */
export async function registerInterest(db: Database, input: InterestRegistration, options: { staffEmail: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(interestRegistrations)
      .values({ name: input.name, email: input.email, interestedCourses: input.interestedCourses })
      .returning();
    const rendered = await renderInterestNotification({
      name: row.name,
      email: row.email,
      courses: row.interestedCourses,
      receivedAt: row.createdAt,
    });
    await enqueueEmail(tx, { template: "interest-notification", to: options.staffEmail, replyTo: row.email, ...rendered });
  });
  return { message: INTEREST_REGISTERED_MESSAGE };
}
