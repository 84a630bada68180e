import { createEmailVerificationToken, isAPIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";

import { type AccountConfirmationForm, passwordSaveError, type SignUpInput } from "~/lib/schemas/auth";
import { accounts, sessions, users } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderAccountExists } from "~/server/email/templates.server";
import { recordSignUpSubscription } from "~/server/marketing/newsletter.server";
import { runInBackground } from "~/server/platform/background.server";
import type { AppServices } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";
import { consumeRateLimit, FORM_WINDOW_MS, TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import { CLIENT_IP_HEADER, endResetLinks, queueVerificationEmail, VERIFICATION_LINK_SECONDS, withinAuthAddressBudget, withSignUpDecision } from "./auth.server";
import { isSignUpPassword, PENDING_SIGN_UP_PARAM, pendingSignUpAddress, recordPendingSignUp, samePasswordSignUp } from "./pending-sign-ups.server";
import { startsSession } from "./session.server";

/** What an auth step tells the page, with the cookies Better Auth set (a session, or its removal). */
export interface AuthOutcome {
  ok: boolean;
  kind: "success" | "info" | "error";
  message: string;
  redirectTo?: string;
  cookies: string[];
  /** The HTTP status of a refusal that is not plain bad input (429 when over a budget). */
  status?: number;
}

/** Where a confirmed sign-up goes, signed in. */
export const VERIFIED_PAGE = "/account?verified=1";

/** The request's headers for the auth library, with the visitor's address as our server resolved it. */
function authHeaders(request: Request, clientIp: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/** Runs an auth library call as a Response: a refusal by its hooks (bad input, over a budget) included. */
async function call(
  run: () => Promise<Response>,
): Promise<{ ok: boolean; status: number; body: Record<string, unknown> | null; cookies: string[]; serviceMessage?: string }> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ok: false, status: error.statusCode, body: { message: error.message }, cookies: [], serviceMessage: error.message };
  }
  let body: Record<string, unknown> | null = null;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  const serviceMessage = typeof body?.message === "string" ? body.message : undefined;
  return { ok: response.ok, status: response.status, body, cookies: response.headers.getSetCookie(), serviceMessage };
}

/**
 * Said after the service's 'Email not verified' (relayed, spec 8): the login has also emailed a new link,
 * within the account's cap, and without this the visitor is not told to look for it.
 */
export const CONFIRM_EMAIL_ADVICE = "Please confirm your address with the link we have emailed you, then log in.";

/** Spec 4 login: a session means success and /account; a wrong password and an unknown email read the same. */
export async function signIn(services: AppServices, request: Request, clientIp: string, input: { email: string; password: string }): Promise<AuthOutcome> {
  const { ok, status, body, cookies, serviceMessage } = await call(() =>
    services.auth.api.signInEmail({
      // An unverified account's login sends a fresh confirmation link (sendVerificationEmail in auth.server).
      body: { email: input.email.toLowerCase(), password: input.password },
      headers: authHeaders(request, clientIp),
      asResponse: true,
    }),
  );
  if (!ok) {
    const message = serviceMessage ?? "Login failed. Please check your credentials.";
    return {
      ok: false,
      kind: "error",
      message: body?.code === "EMAIL_NOT_VERIFIED" ? `${message.replace(/\.?$/, ".")} ${CONFIRM_EMAIL_ADVICE}` : message,
      cookies: [],
      status: status === 429 ? 429 : undefined,
    };
  }
  if (body?.token || cookies.length) {
    return { ok: true, kind: "success", message: "Login successful! Redirecting...", redirectTo: "/account", cookies };
  }
  return { ok: true, kind: "info", message: "Login request processed. If successful, you'll be redirected shortly.", cookies };
}

/** A repeated sign-up for an unconfirmed address gets its own link at most this often per address in ten minutes. */
export const REPEAT_SIGN_UP_EMAILS = 3;

/**
 * A sign-up for an address that already has an unverified account: this
 * sign-up keeps its own password until its own emailed link is followed
 * (whoever signed up first must not keep a way in). Signing up again with the
 * same password repeats that sign-up's stored hash, so it is no contest.
 */
async function queueRepeatSignUp(services: AppServices, userId: string, input: SignUpInput) {
  const context = await services.auth.$context;
  const { db } = services.database;
  const email = input.email.toLowerCase();
  const repeated = await samePasswordSignUp(db, userId, (hash) => context.password.verify({ hash, password: input.password }));
  const choices = {
    passwordHash: repeated ?? (await context.password.hash(input.password)),
    firstName: input.firstName,
    lastName: input.lastName,
    marketingConsent: input.marketing,
  };
  // Past the cap the answer is the same, and the links already sent still work: repeated sign-ups cannot flood an inbox.
  // The sign-up is still recorded, unsent: otherwise whoever spent the cap first would keep their password once any link is followed.
  if (!(await consumeRateLimit(db, `repeat-sign-up-email:${email}`, { limit: REPEAT_SIGN_UP_EMAILS, windowMs: FORM_WINDOW_MS }))) {
    await recordPendingSignUp(db, userId, choices, VERIFICATION_LINK_SECONDS);
    return;
  }
  const token = await createEmailVerificationToken(context.secret, email, undefined, VERIFICATION_LINK_SECONDS);
  await queueVerificationEmail(db, { userId, email, siteUrl: services.env.siteUrl, token, choices });
}

/** At most one such email per address per 10 minutes: repeated sign-ups cannot flood an inbox. */
async function queueAccountExistsEmail(services: AppServices, email: string) {
  const { db } = services.database;
  if (!(await consumeRateLimit(db, `account-exists-email:${email}`, { limit: 1, windowMs: FORM_WINDOW_MS }))) return;
  await enqueueEmail(
    db,
    { template: "account-exists", to: email, ...(await renderAccountExists({ loginUrl: `${services.env.siteUrl}/auth` })) },
    { kind: "typed-address", limit: services.env.mail.budgets.perRecipient },
  );
}

const tooManyAttempts = (): AuthOutcome => ({ ok: false, kind: "error", message: TOO_MANY_REQUESTS_MESSAGE, cookies: [], status: 429 });

/**
 * Spec 4 sign-up outcomes. Verification is required, so a new account has a user
 * and no session: "check your email". A ticked marketing box also puts the address
 * on the newsletter list, confirmed with the account; that failing is only logged.
 */
export async function signUp(services: AppServices, request: Request, clientIp: string, input: SignUpInput): Promise<AuthOutcome> {
  if (!(await withinAuthAddressBudget(services.database.db, clientIp, services.env.authRateLimit))) return tooManyAttempts();
  const email = input.email.toLowerCase();
  const { ok, body, cookies, serviceMessage } = await call(() =>
    withSignUpDecision({ marketingConsent: input.marketing }, () =>
      services.auth.api.signUpEmail({
        body: {
          name: `${input.firstName} ${input.lastName}`,
          email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
        },
        headers: authHeaders(request, clientIp),
        asResponse: true,
      }),
    ),
  );
  if (!ok) {
    return { ok: false, kind: "error", message: serviceMessage ?? "Sign up failed. Please try again.", cookies: [] };
  }
  if (input.marketing) {
    await recordSignUpSubscription(services.database.db, { email, name: `${input.firstName} ${input.lastName}` }).catch((error: unknown) =>
      log.error("Newsletter subscription after sign-up failed", error),
    );
  }
  const user = body?.user as { id?: unknown } | undefined;
  // Better Auth answers a sign-up for a registered email with a made-up user (another id, no
  // session) and creates nothing. The answer stays the new account's "check your email" either
  // way: it says nothing of who has an account, confirmed or not. An unconfirmed one is sent a
  // new link, a confirmed one an email saying it exists, both made after the answer has gone so
  // that it takes a new address's time (checking the password against stored sign-ups is slow).
  if (user && !body?.token) {
    const [existing] = await services.database.db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    if (existing && existing.id !== user.id && !existing.emailVerified) {
      runInBackground("Repeated sign-up", () => queueRepeatSignUp(services, existing.id, input));
    } else if (existing && existing.id !== user.id) runInBackground("Account-exists email", () => queueAccountExistsEmail(services, email));
  }
  if (body?.token) {
    return { ok: true, kind: "success", message: "Sign up successful! You are now logged in.", redirectTo: "/account", cookies };
  }
  if (user) {
    return { ok: true, kind: "success", message: "Sign up successful! Please check your email to confirm your account.", cookies };
  }
  return { ok: true, kind: "info", message: "Sign up request processed. Please check your email.", cookies };
}

/** Where a confirmation link that no longer works leads (the /auth page's notice says so). */
export const LINK_INVALID_PAGE = "/auth?view=sign_in&notice=link-invalid";

/** What pressing a confirmation page's button did. */
export type AccountConfirmation =
  { kind: "confirmed"; cookies: string[] } | { kind: "link-invalid" } | { kind: "wrong-password" } | { kind: "too-many-requests" };

/**
 * Confirms a sign-up from the button of its page (/auth/confirm), by the auth
 * library's own verify-email step called from here: opening the emailed link
 * confirms nobody and signs nobody in, neither a mail scanner nor someone sent
 * another's link to sign them in to that account. The press carries the
 * password the sign-up chose: a stranger who signed up with someone's address
 * knows it and the address's owner does not, so the owner pressing Confirm on
 * a sign-up they never made cannot hand the stranger an account that their
 * guest bookings then join. Guesses at it spend the login budgets of the
 * visitor's address and of the address being confirmed. Confirmed carries the
 * session cookies the library set.
 */
export async function confirmAccount(services: AppServices, request: Request, clientIp: string, form: AccountConfirmationForm): Promise<AccountConfirmation> {
  const { db } = services.database;
  const email = await pendingSignUpAddress(db, form);
  if (!email) return { kind: "link-invalid" };
  if (
    !(await withinAuthAddressBudget(db, clientIp, services.env.authRateLimit)) ||
    !(await consumeRateLimit(db, `confirm-password:${email}`, { limit: services.env.accountLoginLimit, windowMs: FORM_WINDOW_MS }))
  ) {
    return { kind: "too-many-requests" };
  }
  const context = await services.auth.$context;
  if (!(await isSignUpPassword(db, form.signup, (hash) => context.password.verify({ hash, password: form.password })))) {
    return { kind: "wrong-password" };
  }
  const url = new URL("/api/auth/verify-email", services.env.siteUrl);
  url.searchParams.set("token", form.token);
  url.searchParams.set("callbackURL", VERIFIED_PAGE);
  url.searchParams.set(PENDING_SIGN_UP_PARAM, form.signup);
  // The browser's session (the library keeps it when it is already this account's) and what a session records.
  const headers = new Headers({ [CLIENT_IP_HEADER]: clientIp });
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const answer = await services.auth.handler(new Request(url, { headers }));
  if (answer.status >= 500) throw new Error(`The auth library's verify-email step answered ${answer.status}`);
  const cookies = answer.headers.getSetCookie();
  // Only its redirect to the account with a new session is a confirmation. An expired token, a sign-up that
  // another link ended meanwhile, or one confirmed by a second press in the meantime (no session) is not.
  if (answer.headers.get("location") !== VERIFIED_PAGE || !startsSession(cookies)) return { kind: "link-invalid" };
  return { kind: "confirmed", cookies };
}

const RESET_LINK_SENT_MESSAGE = "If an account exists for that email, we have sent a link to reset your password.";

/**
 * The same answer, in the same time, whether or not the address has an
 * account: the link is made and queued after the answer has gone.
 */
export async function requestPasswordReset(services: AppServices, request: Request, clientIp: string, email: string): Promise<AuthOutcome> {
  if (!(await withinAuthAddressBudget(services.database.db, clientIp, services.env.authRateLimit))) return tooManyAttempts();
  const headers = authHeaders(request, clientIp);
  runInBackground("Password reset request", () =>
    services.auth.api.requestPasswordReset({ body: { email: email.toLowerCase(), redirectTo: "/auth/reset-password" }, headers }),
  );
  return { ok: true, kind: "info", message: RESET_LINK_SENT_MESSAGE, cookies: [] };
}

const RESET_LINK_ENDED = "this reset link is invalid or has expired. Please ask for a new one.";

export async function resetPassword(services: AppServices, request: Request, input: { token: string; newPassword: string }): Promise<AuthOutcome> {
  const { ok, body, serviceMessage } = await call(() =>
    services.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword }, headers: request.headers, asResponse: true }),
  );
  // The library's "Invalid token" says nothing a visitor can act on: the link has been used, replaced or has expired.
  const linkEnded = body?.code === "INVALID_TOKEN" || serviceMessage === undefined;
  if (!ok) return { ok: false, kind: "error", message: passwordSaveError(linkEnded ? RESET_LINK_ENDED : serviceMessage), cookies: [] };
  return { ok: true, kind: "success", message: "Password updated successfully!", redirectTo: "/auth?view=sign_in", cookies: [] };
}

export async function signOut(services: AppServices, request: Request): Promise<AuthOutcome> {
  const { ok, cookies, serviceMessage } = await call(() => services.auth.api.signOut({ headers: request.headers, asResponse: true }));
  if (!ok) return { ok: false, kind: "error", message: serviceMessage ?? "Logout failed. Please try again.", cookies };
  return { ok: true, kind: "success", message: "You have been logged out.", redirectTo: "/auth", cookies };
}

/**
 * Spec 4 password update: the signed-in person sets a new password without
 * retyping the old one (their session is the proof), hashed by Better Auth.
 * Every other session of the account ends, and every reset link still out; this one stays signed in.
 */
export async function changePassword(services: AppServices, session: { userId: string; sessionId: string }, newPassword: string): Promise<AuthOutcome> {
  try {
    const context = await services.auth.$context;
    const hash = await context.password.hash(newPassword);
    await services.database.db.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ password: hash })
        .where(and(eq(accounts.userId, session.userId), eq(accounts.providerId, "credential")));
      await tx.delete(sessions).where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.sessionId)));
      await endResetLinks(tx, session.userId);
    });
    return { ok: true, kind: "success", message: "Password updated successfully!", cookies: [] };
  } catch (error) {
    log.error("Password update failed", error);
    return { ok: false, kind: "error", message: passwordSaveError("please try again."), cookies: [] };
  }
}
