import { z } from "zod";
import { emailField, MAX_NAME_LENGTH, nameTooLong, trimmed } from "./fields";

/** Spec 3 and 5: newsletter subscription {email, optional name}. */
export const NewsletterSubscriptionSchema = z.object({
  email: emailField({ required: "Email address is required.", invalid: "Invalid email format." }),
  name: z.preprocess(
    (value) => (trimmed(value) === "" || value === null ? undefined : trimmed(value)),
    z.string({ error: "Name must be text." }).max(MAX_NAME_LENGTH, nameTooLong("Name")).optional(),
  ),
});

export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;
