import { z } from "zod";

import { emailField, nameField, safeString, trimmedText } from "./fields";

const CONTACT_REQUIRED_MESSAGE = "All fields are required.";
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;

const requiredText = (max: number, tooLong: string) =>
  z.preprocess(trimmedText, safeString({ error: CONTACT_REQUIRED_MESSAGE }).min(1, CONTACT_REQUIRED_MESSAGE).max(max, tooLong));

/** Spec 3 and 5: contact message {name, email, subject, message}, all required after trimming. */
export const ContactMessageSchema = z.object({
  name: nameField({ required: CONTACT_REQUIRED_MESSAGE, label: "Full name" }),
  email: emailField({ required: CONTACT_REQUIRED_MESSAGE, invalid: "Invalid email format." }),
  subject: requiredText(MAX_SUBJECT_LENGTH, `Subject must be at most ${MAX_SUBJECT_LENGTH} characters.`),
  message: requiredText(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters.`),
  /** Honeypot: people never see this field, so anything in it marks a bot. */
  website: safeString().max(500).optional(),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
