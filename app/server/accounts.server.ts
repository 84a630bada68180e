import type { SignUpInput } from "~/lib/schemas/auth";
import type { AppServices } from "./context.server";
import { log } from "./log.server";
import { subscribeToNewsletter } from "./newsletter.server";

/** What an auth step tells the page, with the cookies Better Auth set (a session, or its removal). */
export interface AuthOutcome {
  ok: boolean;
  kind: "success" | "info" | "error";
  message: string;
  redirectTo?: string;
  cookies: string[];
}

async function call(run: () => Promise<Response>) {
  const response = await run();
  const cookies = response.headers.getSetCookie();
  let body: Record<string, unknown> | null = null;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  const serviceMessage = typeof body?.message === "string" ? body.message : undefined;
  return { response, body, cookies, serviceMessage };
}

/** Spec 4 login: a session means success and /account; a wrong password and an unknown email read the same. */
export async function signIn(services: AppServices, request: Request, input: { email: string; password: string }): Promise<AuthOutcome> {
  const { response, body, cookies, serviceMessage } = await call(() =>
    services.auth.api.signInEmail({ body: { email: input.email.toLowerCase(), password: input.password }, headers: request.headers, asResponse: true }),
  );
  if (!response.ok) {
    return { ok: false, kind: "error", message: serviceMessage ?? "Login failed. Please check your credentials.", cookies: [] };
  }
  if (body?.token || cookies.length) {
    return { ok: true, kind: "success", message: "Login successful! Redirecting...", redirectTo: "/account", cookies };
  }
  return { ok: true, kind: "info", message: "Login request processed. If successful, you'll be redirected shortly.", cookies };
}

/**
 * Spec 4 sign-up outcomes. Verification is required, so a new account has a user
 * and no session: "check your email". A ticked marketing box also subscribes the
 * person to the newsletter; that failing is only logged.
 */
export async function signUp(services: AppServices, request: Request, input: SignUpInput): Promise<AuthOutcome> {
  const email = input.email.toLowerCase();
  const { response, body, cookies, serviceMessage } = await call(() =>
    services.auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        signupMarketingConsent: input.marketing,
        callbackURL: "/account?verified=1",
      },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!response.ok) {
    return { ok: false, kind: "error", message: serviceMessage ?? "Sign up failed. Please try again.", cookies: [] };
  }
  if (input.marketing) {
    await subscribeToNewsletter(services.database.db, { email, name: `${input.firstName} ${input.lastName}` }, { siteUrl: services.env.siteUrl, source: "signup" }).catch(
      (error) => log.error("Newsletter subscription after sign-up failed", error),
    );
  }
  const user = body?.user as { identities?: unknown[] } | undefined;
  if (user && Array.isArray(user.identities) && user.identities.length === 0) {
    return { ok: true, kind: "info", message: "This email is already registered but not confirmed. Please check your email for the confirmation link.", cookies: [] };
  }
  if (body?.token) {
    return { ok: true, kind: "success", message: "Sign up successful! You are now logged in.", redirectTo: "/account", cookies };
  }
  if (user) {
    return { ok: true, kind: "success", message: "Sign up successful! Please check your email to confirm your account.", cookies };
  }
  return { ok: true, kind: "info", message: "Sign up request processed. Please check your email.", cookies };
}

export const RESET_LINK_SENT_MESSAGE = "If an account exists for that email, we have sent a link to reset your password.";

/** The same answer whether or not the address has an account. */
export async function requestPasswordReset(services: AppServices, request: Request, email: string): Promise<AuthOutcome> {
  await call(() =>
    services.auth.api.requestPasswordReset({ body: { email: email.toLowerCase(), redirectTo: "/auth/reset-password" }, headers: request.headers, asResponse: true }),
  );
  return { ok: true, kind: "info", message: RESET_LINK_SENT_MESSAGE, cookies: [] };
}

export async function resetPassword(services: AppServices, request: Request, input: { token: string; newPassword: string }): Promise<AuthOutcome> {
  const { response, serviceMessage } = await call(() =>
    services.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword }, headers: request.headers, asResponse: true }),
  );
  if (!response.ok) return { ok: false, kind: "error", message: `Error updating password: ${serviceMessage ?? "the link is invalid or has expired."}`, cookies: [] };
  return { ok: true, kind: "success", message: "Password updated successfully!", redirectTo: "/auth?view=sign_in", cookies: [] };
}

export async function signOut(services: AppServices, request: Request): Promise<AuthOutcome> {
  const { response, cookies, serviceMessage } = await call(() => services.auth.api.signOut({ headers: request.headers, asResponse: true }));
  if (!response.ok) return { ok: false, kind: "error", message: serviceMessage ?? "Logout failed. Please try again.", cookies };
  return { ok: true, kind: "success", message: "You have been logged out.", redirectTo: "/auth", cookies };
}

/**
 * Spec 4 password update: the signed-in person sets a new password without
 * retyping the old one (their session is the proof), hashed by Better Auth.
 */
export async function changePassword(services: AppServices, userId: string, newPassword: string): Promise<AuthOutcome> {
  try {
    const context = await services.auth.$context;
    await context.internalAdapter.updatePassword(userId, await context.password.hash(newPassword));
    return { ok: true, kind: "success", message: "Password updated successfully!", cookies: [] };
  } catch (error) {
    log.error("Password update failed", error);
    return { ok: false, kind: "error", message: "Error updating password: please try again.", cookies: [] };
  }
}
