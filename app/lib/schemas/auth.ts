import { z } from "zod";
import { EMAIL_PATTERN, trimmed } from "./fields";

const PASSWORD_TOO_SHORT = "Password should be at least 6 characters.";

/** Spec 5, login: email and password non-blank. */
export const LoginSchema = z.object({
  email: z.preprocess(trimmed, z.string({ error: "Email and password are required." }).min(1, "Email and password are required.").max(254)),
  password: z.string({ error: "Email and password are required." }).min(1, "Email and password are required.").max(128),
});

/** Spec 5, sign-up: names non-blank, passwords match, at least 6 characters. */
export const SignUpSchema = z
  .object({
    firstName: z.preprocess(trimmed, z.string({ error: "First name and last name are required." }).min(1, "First name and last name are required.").max(100, "First name and last name are required.")),
    lastName: z.preprocess(trimmed, z.string({ error: "First name and last name are required." }).min(1, "First name and last name are required.").max(100, "First name and last name are required.")),
    email: z.preprocess(trimmed, z.string({ error: "Please enter a valid email address." }).max(254).regex(EMAIL_PATTERN, "Please enter a valid email address.")),
    password: z.string({ error: PASSWORD_TOO_SHORT }).max(128, "Password should be at most 128 characters."),
    confirmPassword: z.string({ error: "Passwords do not match." }),
    marketing: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match." });
    else if (value.password.length < 6) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_TOO_SHORT });
  });

export const ForgotPasswordSchema = z.object({
  email: z.preprocess(trimmed, z.string({ error: "Please enter a valid email address." }).max(254).regex(EMAIL_PATTERN, "Please enter a valid email address.")),
});

/** Spec 5, password change: the two entries match, at least 6 characters. */
export const NewPasswordSchema = z
  .object({
    newPassword: z.string({ error: PASSWORD_TOO_SHORT }).max(128, "Password should be at most 128 characters."),
    confirmPassword: z.string({ error: "New passwords do not match." }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match." });
    else if (value.newPassword.length < 6) ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_TOO_SHORT });
  });

/** Spec 8: how a failed password change reads in the toast. */
export const passwordSaveError = (message: string) => `Error updating password: ${message}`;

export type SignUpInput = z.infer<typeof SignUpSchema>;
