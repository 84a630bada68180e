import { format } from "date-fns";
import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import { isBookablePriceId } from "~/lib/booking";
import type { CourseDates, DatesByTitle } from "~/lib/course-dates";
import type { Database } from "./db/client.server";
import { courses, userCoursePurchases } from "./db/schema.server";

export type CourseRow = typeof courses.$inferSelect;

/** Purchases in these states hold a place (spec 4: paid or complete count as successful). */
export const PLACE_TAKING_STATUSES = ["paid", "complete"] as const;

/** Today on the server's calendar, as the database stores dates: "YYYY-MM-DD". */
export function todayIsoDate(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd");
}

/** Spec 5: a course can be booked only with a price id starting with price_. */
export function isBookable(course: Pick<CourseRow, "stripePriceId">): boolean {
  return isBookablePriceId(course.stripePriceId);
}

/** Spec 7: active courses ordered by title (all columns); editions of one title by date. */
export async function listActiveCourses(db: Database): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(courses.title), asc(courses.startDate));
}

/**
 * Spec 7: per stored title, the active editions starting after today, soonest
 * first; the first is a card's "Next course", the second its "Upcoming".
 * `titles` narrows the read to the courses a page shows.
 */
export async function upcomingDatesByTitle(
  db: Database,
  { today = todayIsoDate(), titles }: { today?: string; titles?: readonly string[] } = {},
): Promise<DatesByTitle> {
  if (titles && titles.length === 0) return {};
  const rows = await db
    .select({
      title: courses.title,
      startDate: courses.startDate,
      endDate: courses.endDate,
      priceId: courses.stripePriceId,
    })
    .from(courses)
    .where(
      and(
        eq(courses.isActive, true),
        gt(courses.startDate, today),
        titles ? inArray(courses.title, [...titles]) : undefined,
      ),
    )
    .orderBy(asc(courses.startDate), asc(courses.title));
  const byTitle: DatesByTitle = {};
  for (const { title, startDate, endDate, priceId } of rows) {
    // Never null here (the filter compares it); the column type cannot know that.
    if (startDate) (byTitle[title] ??= []).push({ startDate, endDate, priceId });
  }
  return byTitle;
}

export interface OfferingEdition extends CourseDates {
  /** The course row: one dated edition. */
  id: string;
  location: string | null;
  capacity: number;
  /** Capacity minus purchases that hold a place; never below zero. */
  placesLeft: number;
  bookable: boolean;
}

export interface CourseOffering {
  slug: string;
  title: string;
  description: string | null;
  duration: string | null;
  location: string | null;
  imageUrl: string | null;
  /** Minor units (pence); null while not priced. */
  priceAmount: number | null;
  priceCurrency: string;
  /** Future active editions, soonest first. */
  editions: OfferingEdition[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function futureEditions(db: Database, slug: string, today: string): Promise<OfferingEdition[]> {
  const taken = db
    .select({ courseId: userCoursePurchases.courseId, count: count().as("taken_count") })
    .from(userCoursePurchases)
    .where(inArray(userCoursePurchases.status, [...PLACE_TAKING_STATUSES]))
    .groupBy(userCoursePurchases.courseId)
    .as("taken");
  const rows = await db
    .select({
      id: courses.id,
      startDate: courses.startDate,
      endDate: courses.endDate,
      priceId: courses.stripePriceId,
      location: courses.location,
      capacity: courses.capacity,
      taken: taken.count,
    })
    .from(courses)
    .leftJoin(taken, eq(taken.courseId, courses.id))
    .where(and(eq(courses.slug, slug), eq(courses.isActive, true), gt(courses.startDate, today)))
    .orderBy(asc(courses.startDate));
  return rows.flatMap(({ taken: placesTaken, startDate, ...row }) =>
    startDate
      ? [
          {
            ...row,
            startDate,
            placesLeft: Math.max(0, row.capacity - Number(placesTaken ?? 0)),
            bookable: isBookablePriceId(row.priceId),
          },
        ]
      : [],
  );
}

/**
 * The offering behind a course page, by its slug or by the id of one of its
 * course rows. It is described by its newest active row (the template staff
 * schedule from); a slug with no active row is not offered, so null.
 */
export async function findCourseOffering(
  db: Database,
  courseId: string,
  today: string = todayIsoDate(),
): Promise<CourseOffering | null> {
  let slug = courseId;
  // Only a well-formed uuid is compared with the id column: PostgreSQL rejects anything else.
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
  if (!template) return null;
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
