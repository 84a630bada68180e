import { addDays, format } from "date-fns";
import { inArray } from "drizzle-orm";
import { OFFERINGS, type OfferingKey } from "~/content/offerings";
import type { Database } from "./db/client.server";
import { courses } from "./db/schema.server";

/** Days from today of each demo edition, so the schedule is never empty. */
const DEMO_EDITION_OFFSETS: Record<OfferingKey, number[]> = {
  "level-1": [40, 130],
  "level-2": [25, 110],
  "level-3": [60, 150],
  complications: [35],
  "sinus-grafting": [50, 140],
  "hard-soft-tissue-grafting": [75],
};

const isoDate = (day: Date) => format(day, "yyyy-MM-dd");

export function demoCourseRows(today: Date = new Date()) {
  return OFFERINGS.flatMap((offering) =>
    DEMO_EDITION_OFFSETS[offering.key].map((offset, edition) => {
      const start = addDays(today, offset);
      const priceIds: readonly string[] = offering.priceIds;
      return {
        title: offering.title,
        description: offering.description,
        duration: offering.duration,
        location: offering.location,
        imageUrl: offering.imageUrl,
        slug: offering.slug,
        isActive: true,
        startDate: isoDate(start),
        endDate: isoDate(addDays(start, offering.days - 1)),
        stripePriceId: priceIds.length ? priceIds[edition % priceIds.length] : null,
        priceAmount: offering.priceAmount,
        priceCurrency: "gbp",
        capacity: offering.capacity,
      } satisfies typeof courses.$inferInsert;
    }),
  );
}

/**
 * Idempotent: an offering that already has any course row is left alone, so
 * re-running never duplicates dates nor undoes what staff changed.
 */
export async function seedDemoCourses(db: Database, today: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const titles = OFFERINGS.map((offering) => offering.title);
    const present = await tx
      .selectDistinct({ title: courses.title })
      .from(courses)
      .where(inArray(courses.title, titles));
    const seeded = new Set(present.map((row) => row.title));
    const rows = demoCourseRows(today).filter((row) => !seeded.has(row.title));
    if (rows.length) await tx.insert(courses).values(rows);
    return rows.length;
  });
}
