import { z } from "zod";

import { EMAIL_PATTERN, emailField, MAX_EMAIL_LENGTH, nameField, safeString, trimmed } from "./fields";

/** Spec 9: passwords have at least 6 characters; the most the auth library's hashing is given. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_TOO_SHORT = "Password should be at least 6 characters.";
const PASSWORD_TOO_LONG = "Password should be at most 128 characters.";

/**
 * Counted in UTF-16 units, as the auth library counts when it checks a login: the schema library's `max`
 * counts characters, so a password of 65 emoji would pass here and could then never log in.
 */
const withinPasswordLimit = (password: string) => password.length <= PASSWORD_MAX_LENGTH;
/** Too short, or spaces alone: a password of spaces could never log in (login refuses it as blank). */
const tooWeak = (password: string) => password.length < PASSWORD_MIN_LENGTH || password.trim() === "";
/** A new password, up to the longest allowed; each schema checks tooWeak (the forms after the confirmation matches, so a mismatch is said first). */
const newPasswordField = safeString({ error: PASSWORD_TOO_SHORT }).refine(withinPasswordLimit, PASSWORD_TOO_LONG);

const NAMES_REQUIRED = "First name and last name are required.";
const EMAIL_INVALID = "Please enter a valid email address.";

/** Spec 5 and 8: the login's own messages, for anything wrong with what it is sent. */
export const LOGIN_REQUIRED_MESSAGE = "Email and password are required.";
const LOGIN_FAILED_MESSAGE = "Login failed. Please check your credentials.";

/** No account has an address sign-up would refuse: one that is not an address is said to be so, as on the other forms. */
const loginEmail = z.preprocess(
  trimmed,
  safeString({ error: LOGIN_REQUIRED_MESSAGE }).min(1, LOGIN_REQUIRED_MESSAGE).max(MAX_EMAIL_LENGTH, LOGIN_FAILED_MESSAGE).regex(EMAIL_PATTERN, EMAIL_INVALID),
);
/** Checked, never trimmed: spaces inside a password are part of it, but spaces alone are blank. */
const loginPassword = safeString({ error: LOGIN_REQUIRED_MESSAGE })
  .refine((value) => value.trim() !== "", LOGIN_REQUIRED_MESSAGE)
  .refine(withinPasswordLimit, LOGIN_FAILED_MESSAGE);

/** Spec 5, login: email and password non-blank. */
export const LoginSchema = z.object({ email: loginEmail, password: loginPassword });

/** Spec 5, sign-up: names non-blank, passwords match, at least 6 characters. */
export const SignUpSchema = z
  .object({
    firstName: nameField({ required: NAMES_REQUIRED, label: "First name" }),
    lastName: nameField({ required: NAMES_REQUIRED, label: "Last name" }),
    email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }),
    password: newPasswordField,
    confirmPassword: safeString({ error: "Passwords do not match." }),
    marketing: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match." });
    else if (tooWeak(value.password)) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_TOO_SHORT });
  });

export const CALLBACK_MESSAGE = "The callback must be a path on this site.";
// Not `//` or `/\`, which browsers read as another site's address.
const callbackPath = safeString({ error: CALLBACK_MESSAGE })
  .max(200, CALLBACK_MESSAGE)
  .regex(/^\/(?![/\\])/, CALLBACK_MESSAGE);

/**
 * The auth library's login body, as the /auth page and bearer-token clients
 * send it: nothing else is accepted, and every refusal is in the login's words
 * (no body, or not an object, has no email and password; a field the form has not fails the login).
 */
export const AuthApiSignInSchema = z.strictObject(
  {
    email: loginEmail,
    password: loginPassword,
    callbackURL: callbackPath.optional(),
    rememberMe: z.boolean({ error: LOGIN_FAILED_MESSAGE }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? LOGIN_FAILED_MESSAGE : LOGIN_REQUIRED_MESSAGE) },
);

/**
 * The auth library's sign-up body, as the /auth action sends it: the sign-up
 * form's rules for names, email and password, and no other field (no image,
 * no product-owned flag).
 */
export const AuthApiSignUpSchema = z.strictObject({
  name: safeString().max(200),
  email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }),
  password: newPasswordField.refine((value) => !tooWeak(value), PASSWORD_TOO_SHORT),
  firstName: nameField({ required: NAMES_REQUIRED, label: "First name" }),
  lastName: nameField({ required: NAMES_REQUIRED, label: "Last name" }),
  callbackURL: callbackPath.optional(),
});

export const ForgotPasswordSchema = z.object({
  email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }, { existing: true }),
});

/** The confirmation page's link and hidden fields: the emailed token and the pending sign-up it names. */
export const AccountConfirmationSchema = z.object({ token: z.string().min(1).max(2000), signup: z.string().min(1).max(100) });

export type AccountConfirmationLink = z.infer<typeof AccountConfirmationSchema>;

export const CONFIRMATION_PASSWORD_REQUIRED = "Please enter the password you chose when you signed up.";
export const CONFIRMATION_PASSWORD_WRONG =
  "That is not the password this sign-up chose. If you did not sign up with this address yourself, close this page: nothing has been confirmed.";

/**
 * The confirmation page's form: the link's secrets and the password its sign-up chose, which only whoever
 * signed up knows. Pressing Confirm in the mailbox's owner's browser alone would confirm a stranger's sign-up
 * of that address with the stranger's password.
 */
export const AccountConfirmationFormSchema = AccountConfirmationSchema.extend({
  password: safeString({ error: CONFIRMATION_PASSWORD_REQUIRED })
    .refine((value) => value.trim() !== "", CONFIRMATION_PASSWORD_REQUIRED)
    .refine(withinPasswordLimit, CONFIRMATION_PASSWORD_WRONG),
});

export type AccountConfirmationForm = z.infer<typeof AccountConfirmationFormSchema>;

/** Spec 5, password change: the two entries match, at least 6 characters. */
export const NewPasswordSchema = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: safeString({ error: "New passwords do not match." }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match." });
    else if (tooWeak(value.newPassword)) ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_TOO_SHORT });
  });

/** Spec 8: how a failed password change reads in the toast. */
export const passwordSaveError = (message: string) => `Error updating password: ${message}`;

export type SignUpInput = z.infer<typeof SignUpSchema>;
