// Apart from ~/lib/schedule, whose date-fns would otherwise join the schedule page's first load through the one module both share.

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
