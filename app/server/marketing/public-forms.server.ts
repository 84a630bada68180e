import type { z } from "zod";

import { choicesOf, textOf } from "~/lib/form-data";
import { ContactMessageSchema } from "~/lib/schemas/contact";
import { InterestRegistrationSchema } from "~/lib/schemas/interest";
import { NewsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import type { AppServices } from "~/server/platform/context.server";
import { limitFormSubmissions } from "~/server/platform/rate-limit.server";

import { sendContactMessage } from "./contact.server";
import { registerInterest } from "./interest.server";
import { subscribeToNewsletter } from "./newsletter.server";

/**
 * One of spec 7's public forms, however it arrives: as JSON from the form's
 * script (its /api endpoint), or as the form itself posted to its page when
 * scripts are off or its code has not loaded (the page's action). Both read
 * the payload with `schema` and hand it to `submit`, so the rate limit, the
 * honeypot and the emails are the same either way.
 */
export interface PublicForm<Schema extends z.ZodType, Posted> {
  /** Names the form in the log when a submission fails unexpectedly. */
  name: string;
  schema: Schema;
  /** The payload from the fields the page's form posts, as typed: the page shows it again when it is refused. */
  readPosted: (form: FormData) => Posted;
  submit: (services: AppServices, input: z.output<Schema>, clientIp: string) => Promise<{ message: string }>;
}

const publicForm = <Schema extends z.ZodType, Posted>(form: PublicForm<Schema, Posted>) => form;

export const NEWSLETTER_FORM = publicForm({
  name: "Newsletter subscription",
  schema: NewsletterSubscriptionSchema,
  readPosted: (form) => ({ email: textOf(form, "email"), name: textOf(form, "name") }),
  async submit({ env, database }, subscription, clientIp) {
    await limitFormSubmissions(database.db, "newsletter", clientIp, env.formRateLimit);
    return subscribeToNewsletter(database.db, subscription, { siteUrl: env.siteUrl, mailBudgets: env.mail.budgets });
  },
});

export const INTEREST_FORM = publicForm({
  name: "Interest registration",
  schema: InterestRegistrationSchema,
  readPosted: (form) => ({
    name: textOf(form, "name"),
    email: textOf(form, "email"),
    interestedCourses: choicesOf(form, "interestedCourses"),
  }),
  async submit({ env, database }, registration, clientIp) {
    await limitFormSubmissions(database.db, "interest", clientIp, env.formRateLimit);
    return registerInterest(database.db, registration, { staffEmail: env.mail.staffEmail, siteUrl: env.siteUrl, mailBudgets: env.mail.budgets });
  },
});

export const CONTACT_FORM = publicForm({
  name: "Contact message",
  schema: ContactMessageSchema,
  readPosted: (form) => ({
    name: textOf(form, "name"),
    email: textOf(form, "email"),
    subject: textOf(form, "subject"),
    message: textOf(form, "message"),
    website: textOf(form, "website"),
  }),
  async submit({ env, database }, message, clientIp) {
    await limitFormSubmissions(database.db, "contact", clientIp, env.formRateLimit);
    return sendContactMessage(database.db, message, { staffEmail: env.mail.staffEmail, siteUrl: env.siteUrl, mailBudgets: env.mail.budgets });
  },
});
