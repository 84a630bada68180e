import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { PurchaseStatus } from "~/lib/purchases";
import type { Database } from "~/server/db/client.server";
import { courses, offerings, userCoursePurchases } from "~/server/db/schema.server";

/**
 * An edition written straight into the table, for tests that need rows the
 * scheduling service would not make (past, inactive, odd capacities). It
 * belongs to a catalogue offering (Sinus Grafting unless told otherwise).
 */
export async function addEdition(db: Database, edition: Partial<typeof courses.$inferInsert> & { startDate: string }) {
  const offeringKey = edition.offeringKey ?? "sinus-grafting";
  const [row] = await db
    .insert(courses)
    .values({
      offeringKey,
      title: "Sinus Grafting",
      slug: "sinus-grafting",
      endDate: edition.startDate,
      priceAmount: 150_000,
      capacity: 8,
      ...edition,
    })
    .returning();
  return row;
}

/** A purchase of an edition in a given state, by a guest unless a user is named. */
export async function addPurchase(db: Database, courseId: string, status: PurchaseStatus, extra: Partial<typeof userCoursePurchases.$inferInsert> = {}) {
  const [row] = await db
    .insert(userCoursePurchases)
    .values({
      courseId,
      status,
      customerEmail: `${randomUUID()}@example.com`,
      amountSubtotal: 150_000,
      amountTotal: 150_000,
      currency: "gbp",
      stripeSessionId: `cs_test_${randomUUID()}`,
      ...extra,
    })
    .returning();
  return row;
}

/**
 * A new price for what is sold from now on, written straight into the table as a
 * database change the pages must notice (editions already scheduled keep theirs).
 */
export async function changeOfferingPrice(db: Database, key: string, priceAmount: number): Promise<boolean> {
  const updated = await db.update(offerings).set({ priceAmount }).where(eq(offerings.key, key)).returning({ key: offerings.key });
  return updated.length > 0;
}
