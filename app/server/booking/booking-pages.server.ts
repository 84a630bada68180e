import { and, eq } from "drizzle-orm";

import type { ViewerPrice } from "~/lib/discounts";
import { formatDateRange } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { upcomingEditions } from "~/server/catalogue/editions.server";
import { slugsByKey } from "~/server/catalogue/offerings.server";
import type { Database } from "~/server/db/client.server";
import { courses, userCoursePurchases } from "~/server/db/schema.server";
import type { AppServices } from "~/server/platform/context.server";

import { withViewerPrices } from "./discounts.server";
import type { CheckoutOutcome } from "./fulfilment.server";

/** One card of /booking: an active edition, and, when it is on sale, what this visitor would pay. */
export interface BookingCard {
  id: string;
  title: string;
  courseHref: string;
  dates: string;
  location: string | null;
  /** Minor units; null while the edition has no price. */
  priceAmount: number | null;
  priceId: string | null;
  /** A price and a price id Stripe could know: Book Now can sell it. */
  bookable: boolean;
  placesLeft: number;
  /** Of the places taken, those others hold at a checkout still open. */
  placesAtCheckout: number;
  /** The signed-in dentist has a place on it already. */
  bookedByViewer: boolean;
  /** For a signed-in dentist: their price after the discount their booking would get. */
  viewerPrice: ViewerPrice | null;
}

/**
 * Spec 2, Booking: the active editions to come, by title (spec 7) and then
 * date, each with its places left and, for a signed-in dentist, the discount
 * the server would give; their own unpaid checkout takes no place from them (upcomingEditions). An edition not on sale yet (no price id) is listed
 * too, so its dates are known; its card says it cannot be booked.
 */
export async function bookingCards(services: AppServices, buyerId: string | null): Promise<BookingCard[]> {
  const { db } = services.database;
  const [editions, slugs] = await Promise.all([upcomingEditions(db, { viewerId: buyerId }), slugsByKey(db)]);
  const listed = await withViewerPrices(
    db,
    buyerId,
    editions.sort((a, b) => a.title.localeCompare(b.title, "en") || a.startDate.localeCompare(b.startDate)),
  );
  return listed.map((edition) => ({
    id: edition.id,
    title: edition.title,
    courseHref: `/courses/${slugs[edition.offeringKey] ?? edition.id}`,
    dates: formatDateRange(edition.startDate, edition.endDate),
    location: edition.location,
    priceAmount: edition.priceAmount,
    priceId: edition.priceId,
    bookable: edition.bookable && edition.priceAmount !== null,
    placesLeft: edition.placesLeft,
    placesAtCheckout: edition.placesAtCheckout,
    bookedByViewer: edition.bookedByViewer,
    // A date not on sale shows no price of the viewer's own: its card says it cannot be booked.
    viewerPrice: edition.bookable ? edition.viewerPrice : null,
  }));
}

/** What the success page says was booked: the course and its dates, and whether the payment is in. */
export interface BookedSummary {
  title: string;
  dates: string | null;
  location: string | null;
  status: "booked" | "awaiting-payment" | "refunded" | "already-booked" | "cancelled" | "payment-failed";
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
  if (!isUuid(purchaseId)) return null;
  const [row] = await db
    .select({ purchase: userCoursePurchases, course: courses })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(and(eq(userCoursePurchases.id, purchaseId), eq(userCoursePurchases.userId, userId)));
  if (!row) return null;
  const { amountTotal, amountRefunded } = row.purchase;
  // After a part refund, what the institute kept: the sum a dentist would otherwise work out from the total and the refund.
  return { ...row, kept: amountRefunded > 0 && amountRefunded < amountTotal ? amountTotal - amountRefunded : null };
}
