import { z } from "zod";

import { MAX_NAME_LENGTH } from "~/lib/field-limits";

import { blankAsEmpty, checkPlainName, emailField, nameTooLong, safeString, trimmed } from "./fields";

/** Spec 3 and 5: newsletter subscription {email, optional name}. */
export const NewsletterSubscriptionSchema = z.object({
  email: emailField({ required: "Email address is required.", invalid: "Invalid email format." }),
  name: z.preprocess(
    (value) => (blankAsEmpty()(value) === "" || value === null ? undefined : trimmed(value)),
    safeString({ error: "Name must be text." }).max(MAX_NAME_LENGTH, nameTooLong("Name")).superRefine(checkPlainName).optional(),
  ),
});

export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;
