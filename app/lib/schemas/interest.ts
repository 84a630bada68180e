import { z } from "zod";

import { emailField, nameField, safeString } from "./fields";

export const INTEREST_REQUIRED_MESSAGE = "Please fill in your name, email, and select at least one course.";
/** More than the catalogue will ever hold; a longer list is not a person's choice. */
const MAX_COURSES = 20;

/**
 * Spec 3 and 5: interest registration {name, email, interestedCourses}, the
 * courses by title. Which titles exist is the database's to say: the server
 * checks them against the offerings.
 */
export const InterestRegistrationSchema = z.object({
  name: nameField({ required: INTEREST_REQUIRED_MESSAGE, label: "Name" }),
  email: emailField({ required: INTEREST_REQUIRED_MESSAGE, invalid: "Please enter a valid email address." }),
  interestedCourses: z
    .array(safeString({ error: INTEREST_REQUIRED_MESSAGE }).trim().min(1, INTEREST_REQUIRED_MESSAGE).max(200, INTEREST_REQUIRED_MESSAGE), {
      error: INTEREST_REQUIRED_MESSAGE,
    })
    .min(1, INTEREST_REQUIRED_MESSAGE)
    .max(MAX_COURSES, INTEREST_REQUIRED_MESSAGE)
    // A course named twice is one interest, not a mistake to refuse.
    .transform((courses) => [...new Set(courses)]),
});

export type InterestRegistration = z.infer<typeof InterestRegistrationSchema>;
