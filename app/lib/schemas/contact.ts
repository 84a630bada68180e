import { z } from "zod";

import { emailField, nameField, requiredText, safeString, singleLineText, trimmedText } from "./fields";

const CONTACT_REQUIRED_MESSAGE = "All fields are required.";
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;

/** Spec 3 and 5: contact message {name, email, subject, message}, all required after trimming. */
export const ContactMessageSchema = z.object({
  name: nameField({ required: CONTACT_REQUIRED_MESSAGE, label: "Full name" }),
  email: emailField({ required: CONTACT_REQUIRED_MESSAGE, invalid: "Invalid email format." }),
  subject: requiredText(
    { required: CONTACT_REQUIRED_MESSAGE, tooLong: `Subject must be at most ${MAX_SUBJECT_LENGTH} characters.` },
    MAX_SUBJECT_LENGTH,
    singleLineText,
  ),
  message: requiredText(
    { required: CONTACT_REQUIRED_MESSAGE, tooLong: `Message must be at most ${MAX_MESSAGE_LENGTH} characters.` },
    MAX_MESSAGE_LENGTH,
    trimmedText,
  ),
  /**
   * Honeypot: people never see this field, so anything in it marks a bot, which
   * is answered as anyone else is: a number or a novel gets no message of its own (a NUL, as in any field, gets the NUL message).
   */
  website: z.preprocess((value) => (value === undefined || typeof value === "string" ? value : "filled"), safeString().optional()),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
