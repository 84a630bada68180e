import { z } from "zod";

import { requiredText } from "./fields";

/** Spec 5 and 8: the dashboard's wording, shared by its toasts and the endpoints' answers. */
export const SCHEDULE_MESSAGES = {
  required: "Please select a course and a start date.",
  malformedDate: "Please enter the start date as a calendar date (YYYY-MM-DD).",
  scheduling: "Scheduling new course...",
  scheduled: "Successfully scheduled new course!",
  scheduleFailed: "Failed to schedule course.",
  deleting: "Deleting course...",
  deleteFailed: "Failed to delete course.",
  courseRequired: "Please choose a course to delete.",
  courseToDeactivateRequired: "Please choose a course to deactivate.",
  loadFailed: "Failed to load scheduled courses.",
} as const;

export const deletedMessage = (title: string) => `Successfully deleted course: ${title}`;

const required = (message: string) => requiredText({ required: message, tooLong: message }, 200);

const CALENDAR_DATE = z.iso.date();
const TIMESTAMP = z.iso.datetime({ offset: true, local: true });

/**
 * The day an instant falls on in Dubai: a date picker's local midnight sent in UTC (`toISOString()`, as the
 * spec's client does) from Dubai, London or anywhere west of Dubai lands on the day picked there, where the
 * UTC date part would be the day before for Dubai and for London in summer.
 */
const DUBAI_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dubai", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The calendar date a start date names, or null: a date ("2027-06-01") as written; a timestamp with its own
 * offset or none ("…T00:00:00+04:00") on the sender's calendar, so its date part; one in UTC ("…Z") on Dubai's.
 * Days and times that do not exist (30 February, 25:99) are refused.
 */
function calendarDate(value: string): string | null {
  if (CALENDAR_DATE.safeParse(value).success) return value;
  if (!TIMESTAMP.safeParse(value).success) return null;
  if (!value.endsWith("Z")) return value.slice(0, 10);
  const part = Object.fromEntries(DUBAI_DAY.formatToParts(new Date(value)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** Spec 7, create-course: a template edition and the new edition's start date. */
export const CreateCourseSchema = z.object({
  template_course_id: required(SCHEDULE_MESSAGES.required),
  new_start_date: required(SCHEDULE_MESSAGES.required).transform((value, context) => {
    const day = calendarDate(value);
    if (!day) {
      context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.malformedDate });
      return z.NEVER;
    }
    return day;
  }),
});
export type CreateCourseInput = z.output<typeof CreateCourseSchema>;

/** Spec 7, delete-course: one edition. */
export const DeleteCourseSchema = z.object({ course_id: required(SCHEDULE_MESSAGES.courseRequired) });

/** The dashboard's deactivate: one edition, which keeps its bookings. */
export const DeactivateCourseSchema = z.object({ course_id: required(SCHEDULE_MESSAGES.courseToDeactivateRequired) });
