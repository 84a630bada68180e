import { addDays, parseISO } from "date-fns";

/** Spec 2, route table: where a course's "View Course Details" leads, by its title. */
export function courseDetailsPath(title: string): string {
  const lower = title.toLowerCase();
  if (lower.includes("full arch") || lower.includes("zygomatic")) return "/courses/full-arch";
  if (lower.includes("grafting") || lower.includes("sinus")) return "/courses/grafting";
  return "/courses";
}

/** An edition as the schedule page's loader gives it. */
export interface ScheduleEdition {
  id: string;
  title: string | null;
  startDate: string | null;
  endDate: string | null;
  description: string | null;
  location: string | null;
  slug: string;
  placesLeft: number | null;
  /** Of the places taken, those others hold at a checkout still open. */
  placesAtCheckout?: number;
}

/** Spec 3, Calendar event: an edition on the calendar, a run of whole days (`end` is the day after the last). */
export interface ScheduleEvent {
  title: string;
  start: Date;
  end: Date;
  allDay: true;
  resource: {
    courseId: string;
    description: string | null;
    location: string | null;
    slug: string;
    placesLeft: number | null;
    placesAtCheckout: number;
  };
}

/** Spec 3: a blank title reads 'Untitled Event', on the calendar, in its list and in the calendar feed alike. */
export function eventTitle(title: string): string {
  return title.trim() || "Untitled Event";
}

/**
 * The calendar's events: editions without a title, start or end date are left
 * out (with a warning, as they cannot be placed); a blank title reads 'Untitled Event'.
 * Dates are local calendar days, so an edition falls on the same days for every visitor.
 */
export function scheduleEvents(editions: readonly ScheduleEdition[]): ScheduleEvent[] {
  return editions.flatMap((edition) => {
    if (edition.title === null || !edition.startDate || !edition.endDate) {
      console.warn(`The schedule leaves out edition ${edition.id}: it has no title, start date or end date.`);
      return [];
    }
    return [
      {
        title: eventTitle(edition.title),
        start: parseISO(edition.startDate),
        // The calendar's end is exclusive: the day after the last day.
        end: addDays(parseISO(edition.endDate), 1),
        allDay: true as const,
        resource: {
          courseId: edition.id,
          description: edition.description,
          location: edition.location,
          slug: edition.slug,
          placesLeft: edition.placesLeft,
          placesAtCheckout: edition.placesAtCheckout ?? 0,
        },
      },
    ];
  });
}
