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

/** A calendar date, or an ISO timestamp whose date part is taken (the spec sends an ISO string). */
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** "YYYY-MM-DD" when the text names a real calendar date, otherwise null. */
function calendarDate(value: string): string | null {
  const day = ISO_DATE.exec(value)?.[1];
  if (!day) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
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
