import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import { OFFERINGS } from "~/content/offerings";
import { toIsoDate, type IsoDate } from "~/lib/dates";
import { isBookablePriceId } from "~/lib/price-id";
import type { Database } from "./db/client.server";
import { courses, userCoursePurchases } from "./db/schema.server";

export type CourseRow = typeof courses.$inferSelect;

/** Purchases in these states hold a place (spec 4: paid or complete count as successful). */
export const PLACE_TAKING_STATUSES = ["paid", "complete"] as const;

/** Today as the calendar the courses are stored in: "YYYY-MM-DD". */
export function todayIsoDate(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

/** Spec 5: a course is bookable when its price id starts with price_. */
export function isBookable(course: Pick<CourseRow, "stripePriceId">): boolean {
  return isBookablePriceId(course.stripePriceId);
}

/** Spec 7: active courses ordered by title ascending (all columns). */
export async function listActiveCourses(db: Database): Promise<CourseRow[]> {
  return db.select().from(courses).where(eq(courses.isActive, true)).orderBy(asc(courses.title), asc(courses.startDate));
}

export interface UpcomingEdition {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate | null;
  priceId: string | null;
}

/**
 * Spec 7: per stored title, the active editions that start after today, soonest
 * first. The first is a card's "Next course", the second its "Upcoming".
 */
export async function upcomingEditionsByTitle(
  db: Database,
  today: IsoDate = todayIsoDate(),
): Promise<Record<string, UpcomingEdition[]>> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      startDate: courses.startDate,
      endDate: courses.endDate,
      priceId: courses.stripePriceId,
    })
    .from(courses)
    .where(and(eq(courses.isActive, true), gt(courses.startDate, today)))
    .orderBy(asc(courses.startDate), asc(courses.title));
  const byTitle: Record<string, UpcomingEdition[]> = {};
  for (const { title, startDate, ...edition } of rows) {
    // The where clause excludes null start dates; the column type does not know that.
    if (!startDate) continue;
    (byTitle[title] ??= []).push({ ...edition, startDate });
  }
  return byTitle;
}

export interface EditionWithPlaces extends UpcomingEdition {
  location: string | null;
  capacity: number;
  placesLeft: number;
  bookable: boolean;
}

export interface OfferingDetail {
  slug: string;
  title: string;
  description: string | null;
  duration: string | null;
  location: string | null;
  imageUrl: string | null;
  /** Minor units (pence); null when not priced yet. */
  priceAmount: number | null;
  priceCurrency: string;
  /** Future active editions, soonest first. */
  editions: EditionWithPlaces[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Places taken per course: purchases that hold a place. */
function placesTaken(db: Database) {
  return db
    .select({ courseId: userCoursePurchases.courseId, taken: count().as("taken") })
    .from(userCoursePurchases)
    .where(inArray(userCoursePurchases.status, [...PLACE_TAKING_STATUSES]))
    .groupBy(userCoursePurchases.courseId)
    .as("places_taken");
}

async function futureEditions(db: Database, slug: string, today: IsoDate): Promise<EditionWithPlaces[]> {
  const taken = placesTaken(db);
  const rows = await db
    .select({
      id: courses.id,
      startDate: courses.startDate,
      endDate: courses.endDate,
      priceId: courses.stripePriceId,
      location: courses.location,
      capacity: courses.capacity,
      taken: taken.taken,
    })
    .from(courses)
    .leftJoin(taken, eq(taken.courseId, courses.id))
    .where(and(eq(courses.slug, slug), eq(courses.isActive, true), gt(courses.startDate, today)))
    .orderBy(asc(courses.startDate));
  return rows.flatMap(({ taken: placesUsed, startDate, ...row }) =>
    startDate
      ? [
          {
            ...row,
            startDate,
            placesLeft: Math.max(0, row.capacity - Number(placesUsed ?? 0)),
            bookable: isBookablePriceId(row.priceId),
          },
        ]
      : [],
  );
}

/**
 * The offering behind a course page: found by its slug, or by the id of any of
 * its course rows. Its details come from its newest active row (the template
 * staff schedule from), else from the offering list; unknown ids give null.
 */
export async function findOffering(
  db: Database,
  courseId: string,
  today: IsoDate = todayIsoDate(),
): Promise<OfferingDetail | null> {
  let slug = courseId;
  if (UUID.test(courseId)) {
    const [row] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId)).limit(1);
    if (!row) return null;
    slug = row.slug;
  }
  const [template] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isActive, true)))
    .orderBy(desc(courses.createdAt), desc(courses.startDate))
    .limit(1);
  if (template) {
    return {
      slug,
      title: template.title,
      description: template.description,
      duration: template.duration,
      location: template.location,
      imageUrl: template.imageUrl,
      priceAmount: template.priceAmount,
      priceCurrency: template.priceCurrency,
      editions: await futureEditions(db, slug, today),
    };
  }
  const known = OFFERINGS.find((candidate) => candidate.slug === slug);
  if (!known) return null;
  return {
    slug,
    title: known.title,
    description: known.description,
    duration: known.duration,
    location: known.location,
    imageUrl: known.imageUrl,
    priceAmount: known.priceAmount,
    priceCurrency: "gbp",
    editions: [],
  };
}
