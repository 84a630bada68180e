import { addDays, format } from "date-fns";

import type { Database } from "~/server/db/client.server";
import { courses } from "~/server/db/schema.server";

import { scheduleEdition } from "./editions.server";
import { listOfferings } from "./offerings.server";

/** Days from today of each demo edition, by offering key, so the schedule is never empty. */
export const DEMO_EDITION_OFFSETS: Readonly<Record<string, readonly number[]>> = {
  "level-1": [40, 130],
  "level-2": [25, 110],
  "level-3": [60, 150],
  complications: [35],
  "sinus-grafting": [50, 140],
  "hard-soft-tissue-grafting": [75],
};

/**
 * Schedules the demo editions through the same service staff use. Idempotent:
 * an offering that already has any edition is left alone, so re-running never
 * duplicates dates nor undoes what staff changed.
 */
export async function seedDemoCourses(db: Database, today: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const scheduled = new Set((await tx.selectDistinct({ key: courses.offeringKey }).from(courses)).map((row) => row.key));
    let added = 0;
    for (const offering of await listOfferings(tx)) {
      if (scheduled.has(offering.key)) continue;
      for (const offset of DEMO_EDITION_OFFSETS[offering.key] ?? []) {
        await scheduleEdition(tx, { offeringKey: offering.key, startDate: format(addDays(today, offset), "yyyy-MM-dd") });
        added++;
      }
    }
    return added;
  });
}
