import { addDays, format, parseISO } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";

/** An edition as a calendar shows it: a run of whole days at a place. */
export interface CalendarEdition {
  id: string;
  title: string;
  startDate: string;
  endDate: string | null;
  location: string | null;
  description: string | null;
  url: string;
}

function dateArray(isoDate: string): DateArray {
  const [year, month, day] = isoDate.split("-").map(Number);
  return [year, month, day];
}

/** RFC 5545 all-day event: DTEND is the day after the last day. */
function editionEvent(edition: CalendarEdition, siteHost: string): EventAttributes {
  const lastDay = edition.endDate ?? edition.startDate;
  return {
    uid: `${edition.id}@${siteHost}`,
    title: edition.title,
    start: dateArray(edition.startDate),
    end: dateArray(format(addDays(parseISO(lastDay), 1), "yyyy-MM-dd")),
    ...(edition.location ? { location: edition.location } : {}),
    ...(edition.description ? { description: edition.description } : {}),
    url: edition.url,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  };
}

/** An iCalendar file of the editions (one invite, or a feed), for a site at `siteUrl`. */
export function editionsCalendar(editions: readonly CalendarEdition[], siteUrl: string, calName?: string): string {
  const siteHost = new URL(siteUrl).host;
  const { error, value } = createEvents(
    editions.map((edition) => editionEvent(edition, siteHost)),
    { productId: "-//Global Implant Institute//Courses//EN", method: "PUBLISH", ...(calName ? { calName } : {}) },
  );
  if (error || !value) throw error ?? new Error("The calendar could not be made.");
  return value;
}
