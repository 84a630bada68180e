import { z } from "zod";

import { emailField, nameField, safeString, trimmed } from "./fields";

const PASSWORD_TOO_SHORT = "Password should be at least 6 characters.";
const PASSWORD_TOO_LONG = "Password should be at most 128 characters.";
const NAMES_REQUIRED = "First name and last name are required.";
const EMAIL_INVALID = "Please enter a valid email address.";

const loginEmail = z.preprocess(
  trimmed,
  safeString({ error: "Email and password are required." }).min(1, "Email and password are required.").max(254, "Login failed. Please check your credentials."),
);
/** Checked, never trimmed: spaces inside a password are part of it, but spaces alone are blank. */
const loginPassword = safeString({ error: "Email and password are required." })
  .refine((value) => value.trim() !== "", "Email and password are required.")
  .max(128, "Login failed. Please check your credentials.");

/** Spec 5, login: email and password non-blank. */
export const LoginSchema = z.object({ email: loginEmail, password: loginPassword });

/** Spec 5, sign-up: names non-blank, passwords match, at least 6 characters. */
export const SignUpSchema = z
  .object({
    firstName: nameField({ required: NAMES_REQUIRED, label: "First name" }),
    lastName: nameField({ required: NAMES_REQUIRED, label: "Last name" }),
    email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }),
    password: safeString({ error: PASSWORD_TOO_SHORT }).max(128, PASSWORD_TOO_LONG),
    confirmPassword: safeString({ error: "Passwords do not match." }),
    marketing: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match." });
    // A password of spaces alone could never log in (login refuses it as blank).
    else if (value.password.length < 6 || value.password.trim() === "") ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_TOO_SHORT });
  });

const callbackPath = safeString()
  .max(200)
  .regex(/^\/(?!\/)/, "The callback must be a path on this site.");

/** The auth library's login body, as the /auth page and bearer-token clients send it: nothing else is accepted. */
export const AuthApiSignInSchema = z.strictObject({
  email: loginEmail,
  password: loginPassword,
  callbackURL: callbackPath.optional(),
  rememberMe: z.boolean().optional(),
});

/**
 * The auth library's sign-up body, as the /auth action sends it: the sign-up
 * form's rules for names, email and password, and no other field (no image,
 * no product-owned flag).
 */
export const AuthApiSignUpSchema = z.strictObject({
  name: safeString().max(200),
  email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }),
  password: safeString({ error: PASSWORD_TOO_SHORT })
    .min(6, PASSWORD_TOO_SHORT)
    .refine((value) => value.trim() !== "", PASSWORD_TOO_SHORT)
    .max(128, PASSWORD_TOO_LONG),
  firstName: nameField({ required: NAMES_REQUIRED, label: "First name" }),
  lastName: nameField({ required: NAMES_REQUIRED, label: "Last name" }),
  callbackURL: callbackPath.optional(),
});

export const ForgotPasswordSchema = z.object({
  email: emailField({ required: EMAIL_INVALID, invalid: EMAIL_INVALID }),
});

/** Spec 5, password change: the two entries match, at least 6 characters. */
export const NewPasswordSchema = z
  .object({
    newPassword: safeString({ error: PASSWORD_TOO_SHORT }).max(128, PASSWORD_TOO_LONG),
    confirmPassword: safeString({ error: "New passwords do not match." }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match." });
    // As at sign-up: a password of spaces alone could never log in.
    else if (value.newPassword.length < 6 || value.newPassword.trim() === "")
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_TOO_SHORT });
  });

/** Spec 8: how a failed password change reads in the toast. */
export const passwordSaveError = (message: string) => `Error updating password: ${message}`;

export type SignUpInput = z.infer<typeof SignUpSchema>;
