import { z } from "zod";

import { MAX_NAME_LENGTH } from "~/lib/field-limits";

export const NUL_MESSAGE = "Text cannot contain a NUL character (\\u0000).";

/**
 * Text as every payload reads it: a string without a NUL character, which
 * PostgreSQL would refuse. Every schema builds its strings from this.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes("\0"), { message: NUL_MESSAGE });
}

/**
 * Spec 5: an email must look like {something}@{domain}.{tld}. One strict syntax
 * for every form: letters, digits, dots, `_`, `+`, `-` and an apostrophe (as in
 * o'neil@; never last before a dot or the `@`, which the auth library refuses)
 * before one `@`, a domain of letters, digits and hyphens; no `?`, `&`, spaces,
 * double quotes or a second `@`, so an address can never carry mailto
 * parameters into a reply.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_'+-]*[A-Za-z0-9_+-](?:\.[A-Za-z0-9_'+-]*[A-Za-z0-9_+-])*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const MAX_EMAIL_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** The explicit direction overrides and isolates: no one types them, and in an email they can make "exe.jpg" of "gpj.exe". */
const DIRECTION_OVERRIDES = "\\u202a-\\u202e\\u2066-\\u2069";

/** A name may be put in an email, so it is plain text of at most MAX_NAME_LENGTH characters, and no web address. */
// Control characters (C0 and C1), line and paragraph separators, every format character (\p{Cf}: the invisible direction marks and overrides that
// would reverse a name in a staff email, zero-width space, word joiner, byte-order mark, soft hyphen, tags, annotation marks…) and what else draws
// nothing (fillers, blanks), which would make two names that look alike differ. The zero-width non-joiner and joiner are kept: Persian, Indic
// names and emoji need them.
const NOT_PLAIN_TEXT = new RegExp(
  // The combining grapheme joiner stands outside the class: inside, a linter takes it to combine with the character before.
  `\\u034f|(?![\\u200c\\u200d])\\p{Cf}|[\\u0000-\\u001f\\u007f-\\u009f\\u115f\\u1160\\u2028\\u2029\\u2800\\u3164\\uffa0<>]`,
  "u",
);
/**
 * What a mail program would turn into a link, or a reader would type as one: a
 * scheme, www., an IP address, a domain, or a path after one. Top-level domains
 * that are no one's name count after any label; any other word after a dot counts
 * after a label of two or more characters that is not a title or an abbreviation
 * written with a dot in names ("Md.", "Ma.", "Sr."), so "K.De Vries", "T.Ly",
 * "J.R.R. Tolkien", "Md.Rahman" and "Dr.De Souza" are still names. Written-out dots
 * ("evil[.]com", "evil(dot)com") and bullets count as dots, not the middle dots
 * of Catalan and Japanese names. It is matched against the name's compatibility
 * form (NFKC), where full-width and circled letters and dots are plain ones.
 */
const WEB_ADDRESS = new RegExp(
  [
    String.raw`:\/\/|\bwww\.|\b(?:https?|ftp|javascript|data|mailto|tel):`,
    String.raw`\b\d{1,3}(?:\.\d{1,3}){3}\b`,
    String.raw`[a-z0-9-]\.(?:com|net|org|info|biz|ru|cn|xyz|top|online|site|link|click|app|shop|live)\b`,
    // No lookbehind: this also runs in the forms of browsers without it.
    String.raw`(?:^|[^\p{L}\p{N}-])(?!(?:dr|mr|mrs|ms|prof|st|sr|jr|md|mohd|ma|mt|jo)\.)[\p{L}\p{N}-]{2,}(?:[.\u3002\u2022\u2027\u2219\u22c5]|\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*)\p{L}{2,}`,
    String.raw`\.\p{L}{2,}\/`,
    // An email address, which mail programs make a link of too.
    "@",
  ].join("|"),
  "iu",
);
/** What is matched for a web address: the compatibility form, without the joiners and combining marks that can hide in one ("paypal\u200d.com"). */
const linkable = (value: string) => value.normalize("NFKC").replace(/[\u200c\u200d\p{Mn}\p{Me}]/gu, "");
export const NAME_MARKUP_MESSAGE = "Please enter a name as plain text, without < or > or hidden characters.";
export const NAME_WEB_ADDRESS_MESSAGE = "Please enter a name without a web address.";
const NAME_NOT_ONE_LINE_MESSAGE = "Please enter a name on one line, without line breaks or tabs.";
// Control characters but NUL (refused with its own message), and the line and paragraph separators.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]/;

/** Why a name is not plain text, in the forms' words (a line break, markup or a hidden character, a web address); undefined when it is plain. */
export function namePlainTextProblem(value: string): string | undefined {
  if (NOT_ONE_LINE.test(value)) return NAME_NOT_ONE_LINE_MESSAGE;
  if (NOT_PLAIN_TEXT.test(value)) return NAME_MARKUP_MESSAGE;
  if (WEB_ADDRESS.test(linkable(value))) return NAME_WEB_ADDRESS_MESSAGE;
  return undefined;
}

/** The check of a name's text for a schema: one issue, with namePlainTextProblem's message. */
export function checkPlainName(value: string, ctx: z.RefinementCtx) {
  const problem = namePlainTextProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}

export function nameTooLong(label: string) {
  return `${label} must be at most ${MAX_NAME_LENGTH} characters.`;
}

/** Trims strings before validation; other values pass through to fail their type check. */
export const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/**
 * What draws nothing and which trim() leaves: format characters (Unicode Cf: zero-width
 * space, joiners, word joiner, soft hyphen…), the Hangul fillers and the braille blank.
 */
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Text that shows nothing: only whitespace and invisible characters. */
export const isBlank = (value: string) => value.replace(INVISIBLE, "").trim() === "";

/**
 * Cleans a value (trimmed unless told otherwise), and makes text that shows nothing
 * empty, so a required field's "missing" message covers it wherever spec 5 asks for non-blank.
 */
export const blankAsEmpty =
  (clean: (value: unknown) => unknown = trimmed) =>
  (value: unknown) => {
    const cleaned = clean(value);
    return typeof cleaned === "string" && isBlank(cleaned) ? "" : cleaned;
  };

const ANY_DIRECTION_OVERRIDE = new RegExp(`[${DIRECTION_OVERRIDES}]`, "g");

/** Trimmed, without direction overrides: free text (a subject, a message) that goes into staff emails. */
export const trimmedText = (value: unknown) => (typeof value === "string" ? value.replace(ANY_DIRECTION_OVERRIDE, "").trim() : value);

// Every control character but NUL (refused with its own message), the line and paragraph separators, and the spaces around them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKS_AND_CONTROLS = /\s*[\u0001-\u001f\u007f-\u009f\u2028\u2029][\s\u0001-\u001f\u007f-\u009f]*/g;

/** As trimmedText, on one line: a subject becomes an email's Subject header, where a line break has no place. */
export const singleLineText = (value: unknown) => trimmedText(typeof value === "string" ? value.replace(LINE_BREAKS_AND_CONTROLS, " ") : value);

/** A required, trimmed person's name with the form's message for "missing" and a label for "too long". */
export function nameField(messages: { required: string; label: string }) {
  return z.preprocess(
    blankAsEmpty(),
    safeString({ error: messages.required }).min(1, messages.required).max(MAX_NAME_LENGTH, nameTooLong(messages.label)).superRefine(checkPlainName),
  );
}

/** Required free text, cleaned by `clean`, that must show something: one message for missing, one for too long. */
export function requiredText(messages: { required: string; tooLong: string }, max: number, clean: (value: unknown) => unknown = trimmed) {
  return z.preprocess(blankAsEmpty(clean), safeString({ error: messages.required }).min(1, messages.required).max(max, messages.tooLong));
}

/** A required, trimmed email with the given messages for "missing" and "malformed". */
/**
 * A new address has at most 64 characters before the `@` (RFC 5321: a mail server may refuse a longer one,
 * and its email would never arrive). Not asked of an address that may name an account made before this
 * rule (a reset request), which must still reach it.
 */
const NEW_ADDRESS_LOCAL_PART = /^[^@]{1,64}@/;

export function emailField(messages: { required: string; invalid: string }, { existing = false }: { existing?: boolean } = {}) {
  return z.preprocess(
    trimmed,
    safeString({ error: messages.required })
      .min(1, messages.required)
      .max(MAX_EMAIL_LENGTH, messages.invalid)
      .regex(EMAIL_PATTERN, messages.invalid)
      .refine((email) => existing || NEW_ADDRESS_LOCAL_PART.test(email), messages.invalid)
      .transform((email) => email.toLowerCase()),
  );
}

/**
 * The one message to show for a failed parse. A missing value is reported
 * before a malformed one (spec 5 checks presence first, then format).
 */
export function firstIssueMessage(error: z.ZodError, fallback = "Invalid request."): string {
  return reportedIssue(error)?.message ?? fallback;
}

/** The top-level fields the message of firstIssueMessage is about (each with an issue of that message), for a form to mark. */
export function firstIssueFields(error: z.ZodError): string[] {
  const message = reportedIssue(error)?.message;
  const fields = error.issues.filter((issue) => issue.message === message).map((issue) => issue.path[0]);
  return [...new Set(fields.filter((field) => typeof field === "string"))];
}

function reportedIssue(error: z.ZodError) {
  const missing = error.issues.find((issue) => issue.code === "invalid_type" || issue.code === "too_small");
  return missing ?? error.issues[0];
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
