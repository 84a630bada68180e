import { z } from "zod";
import { COURSE_INTEREST_OPTIONS } from "~/content/offerings";
import { emailField, MAX_NAME_LENGTH, nameTooLong, trimmed } from "./fields";

export const INTEREST_REQUIRED_MESSAGE = "Please fill in your name, email, and select at least one course.";

/** Spec 3 and 5: interest registration {name, email, interestedCourses}; courses from the spec's list only. */
export const InterestRegistrationSchema = z.object({
  name: z.preprocess(
    trimmed,
    z.string({ error: INTEREST_REQUIRED_MESSAGE }).min(1, INTEREST_REQUIRED_MESSAGE).max(MAX_NAME_LENGTH, nameTooLong("Name")),
  ),
  email: emailField({ required: INTEREST_REQUIRED_MESSAGE, invalid: "Please enter a valid email address." }),
  interestedCourses: z
    .array(z.enum(COURSE_INTEREST_OPTIONS as [string, ...string[]], { error: INTEREST_REQUIRED_MESSAGE }), {
      error: INTEREST_REQUIRED_MESSAGE,
    })
    .min(1, INTEREST_REQUIRED_MESSAGE)
    .max(COURSE_INTEREST_OPTIONS.length, INTEREST_REQUIRED_MESSAGE)
    .refine((courses) => new Set(courses).size === courses.length, INTEREST_REQUIRED_MESSAGE),
});

export type InterestRegistration = z.infer<typeof InterestRegistrationSchema>;
