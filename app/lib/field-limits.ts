/**
 * A name may be put in an email, so it is plain text of at most 80 characters.
 * Apart from the schemas so that a form's input can carry the limit without
 * loading Zod before its first submission.
 */
export const MAX_NAME_LENGTH = 80;
