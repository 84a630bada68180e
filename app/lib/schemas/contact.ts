import { z } from "zod";

import { emailField, nameField, safeString, singleLineText, trimmedText } from "./fields";

const CONTACT_REQUIRED_MESSAGE = "All fields are required.";
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;

const requiredText = (clean: (value: unknown) => unknown, max: number, tooLong: string) =>
  z.preprocess(clean, safeString({ error: CONTACT_REQUIRED_MESSAGE }).min(1, CONTACT_REQUIRED_MESSAGE).max(max, tooLong));

/** Spec 3 and 5: contact message {name, email, subject, message}, all required after trimming. */
export const ContactMessageSchema = z.object({
  name: nameField({ required: CONTACT_REQUIRED_MESSAGE, label: "Full name" }),
  email: emailField({ required: CONTACT_REQUIRED_MESSAGE, invalid: "Invalid email format." }),
  subject: requiredText(singleLineText, MAX_SUBJECT_LENGTH, `Subject must be at most ${MAX_SUBJECT_LENGTH} characters.`),
  message: requiredText(trimmedText, MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters.`),
  /**
   * Honeypot: people never see this field, so anything in it marks a bot, which
   * is answered as anyone else is: a number or a novel gets no message of its own (a NUL, as in any field, gets the NUL message).
   */
  website: z.preprocess((value) => (value === undefined || typeof value === "string" ? value : "filled"), safeString().optional()),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
