import { programmesOn, type ProgrammePageKey } from "~/content/programmes";
import type { DatesByTitle } from "~/lib/course-dates";
import type { Database } from "./db/client.server";
import { todayIsoDate, upcomingDatesByTitle } from "./courses.server";
import { log } from "./log.server";

/**
 * What a program page's loader returns: today's date for spec 9's labels, and
 * the stored dates of its courses as a promise, streamed after the page shell.
 * A failed read is logged and the cards show their fallback labels (spec 8:
 * date fetch errors are console-only).
 */
export function programmePageDates(db: Database, page: ProgrammePageKey): { today: string; dates: Promise<DatesByTitle> } {
  const today = todayIsoDate();
  const titles = programmesOn(page).map((programme) => programme.storedTitle);
  const dates = upcomingDatesByTitle(db, { today, titles }).catch((error: unknown): DatesByTitle => {
    log.error(`Could not load course dates for /courses/${page}`, error);
    return {};
  });
  return { today, dates };
}
