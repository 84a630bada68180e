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
  };
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
        title: edition.title.trim() || "Untitled Event",
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
        },
      },
    ];
  });
}

/** Where the calendar is looking: its view, and the day it shows (yyyy-MM-dd), or null for today. */
export interface CalendarPlace {
  view: "month" | "week" | "day";
  date: string | null;
}

const CALENDAR_VIEWS: readonly CalendarPlace["view"][] = ["month", "week", "day"];
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day that exists (not 2027-02-30) in a year the schedule could show; by hand, so date-fns' formatting stays out of the page's first load. */
function isRealDay(text: string): boolean {
  const parts = ISO_DAY.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The calendar's place as its address keeps it (`?view=week&date=2027-01-04`),
 * so Back from a course's page, a reload or a shared link opens the month the
 * visitor was looking at. Anything else in the address is today's month.
 */
export function calendarPlaceOf(search: URLSearchParams): CalendarPlace {
  const view = CALENDAR_VIEWS.find((known) => known === search.get("view")) ?? "month";
  const date = search.get("date");
  return { view, date: date !== null && isRealDay(date) ? date : null };
}

/** The address's search with this place in it, whatever else it carries kept; today's month is the schedule's own address. */
export function withCalendarPlace(search: URLSearchParams, place: CalendarPlace): URLSearchParams {
  const next = new URLSearchParams(search);
  if (place.view === "month") next.delete("view");
  else next.set("view", place.view);
  if (place.date) next.set("date", place.date);
  else next.delete("date");
  return next;
}
