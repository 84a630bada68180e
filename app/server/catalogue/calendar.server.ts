import { addDays, format, parseISO } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";

import type { OutboxAttachment } from "~/server/db/schema.server";
import type { Env } from "~/server/platform/env.server";

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
function editionEvent(edition: CalendarEdition, uid: string): EventAttributes {
  const lastDay = edition.endDate ?? edition.startDate;
  return {
    uid,
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

function calendarFile(events: EventAttributes[], header: { method: "PUBLISH" | "CANCEL"; calName?: string }): string {
  const { error, value } = createEvents(events, { productId: "-//Global Implant Institute//Courses//EN", ...header });
  if (error || !value) throw error ?? new Error("The calendar could not be made.");
  return value;
}

/** The schedule's editions as one iCalendar feed, for a site at `siteUrl`. */
export function editionsCalendar(editions: readonly CalendarEdition[], siteUrl: string, calName: string): string {
  const siteHost = new URL(siteUrl).host;
  return calendarFile(
    editions.map((edition) => editionEvent(edition, `${edition.id}@${siteHost}`)),
    { method: "PUBLISH", calName },
  );
}

/** The booked edition, as its confirmation and cancellation emails name it. */
interface BookedEdition {
  id: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  slug: string;
}

/**
 * The booking's calendar file: the invite its confirmation carries, or the
 * cancellation (RFC 5546 CANCEL: the same UID and organizer, a later
 * sequence) that takes the course out of the calendar the invite went into.
 * The UID names the booking, not the edition: a place booked again after a
 * cancellation is a new event (the cancelled one's later sequence would
 * otherwise outrank its invite), and the schedule feed's event for the same
 * date is never the one a cancellation takes out. None for an edition without dates.
 */
export function bookingCalendarAttachment(
  booking: { id: string },
  edition: BookedEdition,
  env: Pick<Env, "siteUrl" | "mail">,
  change: "invite" | "cancellation",
): OutboxAttachment | null {
  if (!edition.startDate) return null;
  // Calendars match a cancellation to its invite by the UID and this organizer: the institute's own mailbox.
  const organizer = { name: "Global Implant Institute", email: env.mail.staffEmail };
  const event = editionEvent(
    {
      id: edition.id,
      title: edition.title,
      startDate: edition.startDate,
      endDate: edition.endDate,
      location: edition.location,
      description: `Your booking with the Global Implant Institute. Your courses: ${env.siteUrl}/account`,
      url: `${env.siteUrl}/courses/${edition.slug}`,
    },
    `booking-${booking.id}@${new URL(env.siteUrl).host}`,
  );
  const method = change === "invite" ? "PUBLISH" : "CANCEL";
  const content =
    change === "invite"
      ? calendarFile([{ ...event, organizer, sequence: 0 }], { method })
      : calendarFile([{ ...event, organizer, sequence: 1, status: "CANCELLED" }], { method });
  return { filename: change === "invite" ? "course.ics" : "course-cancelled.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}
