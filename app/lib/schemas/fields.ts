import { z } from "zod";

/** Spec 5: an email must look like {something}@{domain}.{tld}. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 200;

/** Trims strings before validation; other values pass through to fail their type check. */
export const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** A required, trimmed email with the given messages for "missing" and "malformed". */
export function emailField(messages: { required: string; invalid: string }) {
  return z.preprocess(
    trimmed,
    z
      .string({ error: messages.required })
      .min(1, messages.required)
      .max(MAX_EMAIL_LENGTH, messages.invalid)
      .regex(EMAIL_PATTERN, messages.invalid)
      .transform((email) => email.toLowerCase()),
  );
}

export function nameTooLong(label: string) {
  return `${label} must be at most ${MAX_NAME_LENGTH} characters.`;
}

/**
 * The one message to show for a failed parse. A missing value is reported
 * before a malformed one (spec 5 checks presence first, then format).
 */
export function firstIssueMessage(error: z.ZodError, fallback = "Invalid request."): string {
  const missing = error.issues.find((issue) => issue.code === "invalid_type" || issue.code === "too_small");
  return (missing ?? error.issues[0])?.message ?? fallback;
}

/** The first message for each top-level field, for showing next to the inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
