import { addDays, format, parseISO } from "date-fns";
import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";

import { imageUrl } from "~/content/media";
import { programmeFor } from "~/content/programmes";
import { isBookablePriceId } from "~/lib/booking";
import type { ViewerPrice } from "~/lib/discounts";
import { isUuid } from "~/lib/uuid";
import type { Database, Transaction } from "~/server/db/client.server";
import { courses, offerings } from "~/server/db/schema.server";
import { DomainError } from "~/server/platform/errors.server";

import { findOffering, findOfferingBySlug, type OfferingFacts, offeringFacts } from "./offerings.server";
import { editionsBookedBy, placeUsesBy } from "./places.server";

export type EditionRow = typeof courses.$inferSelect;

/**
 * Today in Dubai, the institute's easternmost venue, as the database stores dates ("YYYY-MM-DD"): a course's
 * first day begins there first, so its sale ends then wherever it is held, whatever time zone the server runs in.
 */
const INSTITUTE_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dubai", year: "numeric", month: "2-digit", day: "2-digit" });

export function todayIsoDate(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => INSTITUTE_DAY.formatToParts(now).find((each) => each.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** One future edition as pages show and sell it. */
export interface EditionSummary {
  /** The course row's id: what its Book Now names. */
  id: string;
  offeringKey: string;
  title: string;
  description: string | null;
  slug: string;
  startDate: string;
  endDate: string | null;
  location: string | null;
  /** The edition's own price, fixed when it was scheduled (minor units). */
  priceAmount: number | null;
  priceCurrency: string;
  priceId: string | null;
  capacity: number;
  /** Capacity minus paid bookings and live holds (a signed-in viewer's own unpaid checkout left out: their Book Now replaces it); never below zero. */
  placesLeft: number;
  /** Of the places taken, those others hold at a checkout still open: unpaid, they come free within the half hour. */
  placesAtCheckout: number;
  /** Its own price and price id can be sold (the checkout's rule): whatever its offering now has. */
  bookable: boolean;
  /** The signed-in viewer has a place on it already (editionsBookedBy): no Book Now for them. */
  bookedByViewer: boolean;
  /** What the signed-in viewer would pay, where a discount of theirs applies (withViewerPrices); absent otherwise. */
  viewerPrice?: ViewerPrice | null;
}

/** What the checkout sells a date on: a price of its own and a price id starting with price_ (spec 5). */
function onSale(priceAmount: number | null, priceId: string | null): priceAmount is number {
  return priceAmount !== null && isBookablePriceId(priceId);
}

/** Who is looking: a signed-in person's id, or null. Only a page that is never cached for others may name one. */
interface Viewer {
  viewerId?: string | null;
}

/**
 * Active editions starting after `today`, soonest first, each with its places
 * left (as `viewerId` would find them); narrowed to some offerings when `offeringKeys` is given.
 */
export function upcomingEditions(
  db: Database | Transaction,
  { today = todayIsoDate(), offeringKeys, now = new Date(), viewerId = null }: { today?: string; offeringKeys?: readonly string[]; now?: Date } & Viewer = {},
): Promise<EditionSummary[]> {
  return activeEditions(db, { startsAfter: today, offeringKeys, now, viewerId });
}

/**
 * Spec 7's schedule: every active edition with a date, those running or
 * already held too (a course stays on the calendar through its own days),
 * soonest first. `upcoming` marks those starting after `today`, the ones for sale.
 */
export async function scheduledEditions(
  db: Database | Transaction,
  { today = todayIsoDate(), now = new Date(), viewerId = null }: { today?: string; now?: Date } & Viewer = {},
): Promise<(EditionSummary & { upcoming: boolean })[]> {
  const editions = await activeEditions(db, { now, viewerId });
  return editions.map((edition) => ({ ...edition, upcoming: edition.startDate > today }));
}

async function activeEditions(
  db: Database | Transaction,
  { startsAfter, offeringKeys, now, viewerId }: { startsAfter?: string; offeringKeys?: readonly string[]; now: Date; viewerId: string | null },
): Promise<EditionSummary[]> {
  if (offeringKeys && offeringKeys.length === 0) return [];
  const rows = await db
    .select({
      id: courses.id,
      offeringKey: courses.offeringKey,
      title: courses.title,
      description: courses.description,
      slug: courses.slug,
      startDate: courses.startDate,
      endDate: courses.endDate,
      location: courses.location,
      priceAmount: courses.priceAmount,
      priceCurrency: courses.priceCurrency,
      priceId: courses.stripePriceId,
      capacity: courses.capacity,
    })
    .from(courses)
    .where(
      and(
        eq(courses.isActive, true),
        startsAfter ? gt(courses.startDate, startsAfter) : isNotNull(courses.startDate),
        offeringKeys ? inArray(courses.offeringKey, [...offeringKeys]) : undefined,
      ),
    )
    .orderBy(asc(courses.startDate), asc(courses.title));
  const ids = rows.map((row) => row.id);
  const [uses, booked] = await Promise.all([placeUsesBy(db, now, ids, viewerId), viewerId ? editionsBookedBy(db, { id: viewerId }, ids) : new Set<string>()]);
  return rows.flatMap(({ startDate, ...row }) => {
    const { paid, held, atCheckout } = uses.get(row.id) ?? { paid: 0, held: 0, atCheckout: 0 };
    // Never null here (the filter compares it or excludes it); the column type cannot know that.
    return startDate
      ? [
          {
            ...row,
            startDate,
            placesLeft: Math.max(0, row.capacity - paid - held),
            placesAtCheckout: atCheckout,
            bookable: onSale(row.priceAmount, row.priceId),
            bookedByViewer: booked.has(row.id),
          },
        ]
      : [];
  });
}

/** A price dates are sold at: minor units and currency. */
export interface DatePrice {
  amount: number;
  currency: string;
}

/**
 * The prices the future dates on sale are sold at, by offering key: what
 * structured data offers. Read apart from the dates and their places, which
 * a programme page streams in after its head.
 */
export async function datePricesByOffering(
  db: Database | Transaction,
  { today, offeringKeys }: { today: string; offeringKeys: readonly string[] },
): Promise<Record<string, DatePrice[]>> {
  if (offeringKeys.length === 0) return {};
  const rows = await db
    .selectDistinct({ offeringKey: courses.offeringKey, amount: courses.priceAmount, currency: courses.priceCurrency, priceId: courses.stripePriceId })
    .from(courses)
    .where(and(eq(courses.isActive, true), gt(courses.startDate, today), inArray(courses.offeringKey, [...offeringKeys])));
  const prices: Record<string, DatePrice[]> = {};
  for (const { offeringKey, amount, currency, priceId } of rows) {
    if (onSale(amount, priceId)) (prices[offeringKey] ??= []).push({ amount, currency });
  }
  return prices;
}

/** Editions grouped by their offering's key, each list soonest first. */
export function byOffering(editions: readonly EditionSummary[]): Record<string, EditionSummary[]> {
  const grouped: Record<string, EditionSummary[]> = {};
  for (const edition of editions) (grouped[edition.offeringKey] ??= []).push(edition);
  return grouped;
}

export class OfferingNotFoundError extends DomainError {
  constructor(key: string) {
    super(`There is no course with the key ${key}.`);
  }
}

/**
 * Schedules an edition of an offering from a start date: the offering's title,
 * format, location, length, capacity, price and price id are copied onto it
 * (a later change to the offering leaves it as scheduled), with its copy's
 * description and image.
 */
export async function scheduleEdition(db: Database | Transaction, input: { offeringKey: string; startDate: string; capacity?: number }): Promise<EditionRow> {
  const offering = await findOffering(db, input.offeringKey);
  if (!offering) throw new OfferingNotFoundError(input.offeringKey);
  const programme = programmeFor(offering.key);
  const endDate = format(addDays(parseISO(input.startDate), offering.lengthDays - 1), "yyyy-MM-dd");
  const [row] = await db
    .insert(courses)
    .values({
      offeringKey: offering.key,
      title: offering.title,
      description: programme?.description ?? null,
      duration: offering.format,
      location: offering.location,
      imageUrl: programme ? imageUrl(programme.image) : null,
      slug: offering.slug,
      isActive: true,
      startDate: input.startDate,
      endDate,
      stripePriceId: offering.stripePriceId,
      priceAmount: offering.priceAmount,
      priceCurrency: offering.priceCurrency,
      capacity: input.capacity ?? offering.defaultCapacity,
    })
    .returning();
  return row;
}

/** A course page: an offering with its future editions. */
export interface CourseOffering {
  offering: OfferingFacts;
  editions: EditionSummary[];
}

/** The offering behind a course page, by its slug or by the id of one of its editions; null for neither. Places as `viewerId` would find them. */
export async function findCourseOffering(
  db: Database,
  courseId: string,
  today: string = todayIsoDate(),
  viewerId: string | null = null,
): Promise<CourseOffering | null> {
  let offering = await findOfferingBySlug(db, courseId);
  // Only a well-formed uuid is compared with the id column: PostgreSQL rejects anything else.
  if (!offering && isUuid(courseId)) {
    const [row] = await db
      .select({ offering: offerings })
      .from(courses)
      .innerJoin(offerings, eq(offerings.key, courses.offeringKey))
      .where(eq(courses.id, courseId));
    offering = row?.offering ?? null;
  }
  if (!offering) return null;
  return { offering: offeringFacts(offering), editions: await upcomingEditions(db, { today, offeringKeys: [offering.key], viewerId }) };
}
