import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";
import { courses, offerings, userCoursePurchases } from "~/server/db/schema.server";

/** Purchases made as a guest with this email that no account has claimed yet, the email compared case-insensitively. */
export function unclaimedGuestPurchases(email: string): SQL {
  return and(isNull(userCoursePurchases.userId), sql`lower(${userCoursePurchases.customerEmail}) = ${email.toLowerCase()}`)!;
}

/**
 * Gives a verified account the guest purchases made with its email
 * (design.md 5). An unverified email proves nothing, so it claims nothing.
 */
export async function claimGuestPurchases(db: Database, user: { id: string; email: string; emailVerified: boolean }): Promise<number> {
  if (!user.emailVerified) return 0;
  const claimed = await db
    .update(userCoursePurchases)
    .set({ userId: user.id })
    .where(unclaimedGuestPurchases(user.email))
    .returning({ id: userCoursePurchases.id });
  return claimed.length;
}

/** Spec 7: the person's purchases, newest first, each with its course. */
export async function listPurchases(db: Database, userId: string) {
  return db
    .select({
      id: userCoursePurchases.id,
      purchaseDate: userCoursePurchases.purchaseDate,
      status: userCoursePurchases.status,
      receiptUrl: userCoursePurchases.receiptUrl,
      amountRefunded: userCoursePurchases.amountRefunded,
      course: {
        id: courses.id,
        title: courses.title,
        description: courses.description,
        imageUrl: courses.imageUrl,
        slug: courses.slug,
        startDate: courses.startDate,
        endDate: courses.endDate,
        location: courses.location,
        listed: offerings.listed,
      },
    })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .innerJoin(offerings, eq(offerings.key, courses.offeringKey))
    .where(eq(userCoursePurchases.userId, userId))
    .orderBy(desc(userCoursePurchases.purchaseDate));
}
