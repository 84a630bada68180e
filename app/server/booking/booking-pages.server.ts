import { and, eq } from "drizzle-orm";

import { formatDateRange } from "~/lib/format";
import { upcomingEditions } from "~/server/catalogue/editions.server";
import { slugsByKey } from "~/server/catalogue/offerings.server";
import type { Database } from "~/server/db/client.server";
import { courses, userCoursePurchases } from "~/server/db/schema.server";
import type { AppServices } from "~/server/platform/context.server";

import { discountsFor } from "./checkout.server";
import type { CheckoutOutcome } from "./fulfilment.server";

/** One card of /booking: an edition on sale, with what this visitor would pay. */
export interface BookingCard {
  id: string;
  title: string;
  courseHref: string;
  dates: string;
  location: string | null;
  /** Minor units. */
  priceAmount: number;
  priceId: string;
  placesLeft: number;
  /** For a signed-in dentist: the discount their booking would get. */
  discount: { name: string; amount: number } | null;
}

/**
 * Spec 2, Booking: the active editions that can be booked now, by title (spec
 * 7) and then date, each with its places left and, for a signed-in dentist,
 * the discount the server would give.
 */
export async function bookingCards(services: AppServices, buyerId: string | null): Promise<BookingCard[]> {
  const { db } = services.database;
  const [editions, slugs] = await Promise.all([upcomingEditions(db), slugsByKey(db)]);
  const onSale = editions
    .filter((edition) => edition.bookable && edition.priceAmount !== null)
    .sort((a, b) => a.title.localeCompare(b.title, "en") || a.startDate.localeCompare(b.startDate));
  const discounts = await discountsFor(services, buyerId, onSale);
  return onSale.map((edition) => ({
    id: edition.id,
    title: edition.title,
    courseHref: `/courses/${slugs[edition.offeringKey] ?? edition.id}`,
    dates: formatDateRange(edition.startDate, edition.endDate),
    location: edition.location,
    priceAmount: edition.priceAmount!,
    priceId: edition.priceId!,
    placesLeft: edition.placesLeft,
    discount: discounts[edition.id] ? { name: discounts[edition.id].rule.name, amount: discounts[edition.id].amount } : null,
  }));
}

/** What the success page says was booked: the course and its dates, and whether the payment is in. */
export interface BookedSummary {
  title: string;
  dates: string | null;
  location: string | null;
  status: "booked" | "awaiting-payment" | "refunded";
}

export async function bookedSummary(db: Database, outcome: CheckoutOutcome | null): Promise<BookedSummary | null> {
  if (!outcome || !("purchaseId" in outcome)) return null;
  const [row] = await db
    .select({ title: courses.title, startDate: courses.startDate, endDate: courses.endDate, location: courses.location })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(eq(userCoursePurchases.id, outcome.purchaseId));
  if (!row) return null;
  return {
    title: row.title,
    dates: row.startDate ? formatDateRange(row.startDate, row.endDate) : null,
    location: row.location,
    status: outcome.kind,
  };
}

/** A printable receipt, for its owner only: anyone else is told there is no such receipt. */
export async function receiptOf(db: Database, userId: string, purchaseId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(purchaseId)) return null;
  const [row] = await db
    .select({ purchase: userCoursePurchases, course: courses })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(and(eq(userCoursePurchases.id, purchaseId), eq(userCoursePurchases.userId, userId)));
  return row ?? null;
}
