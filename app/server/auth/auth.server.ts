import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomBytes } from "node:crypto";

import { queueAfterTransactionHook } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { and, eq, like, lt, sql } from "drizzle-orm";

import { AuthApiSignInSchema, AuthApiSignUpSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/schemas/auth";
import { firstIssueMessage } from "~/lib/schemas/fields";
import type { Database, Transaction } from "~/server/db/client.server";
import { accounts, authRateLimits, pendingSignUps, profiles, sessions, users, verifications } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { renderResetPassword, renderVerifyEmail } from "~/server/email/templates.server";
import type { Env } from "~/server/platform/env.server";
import { log } from "~/server/platform/log.server";
import { consumeRateLimit, FORM_WINDOW_MS, giveBackAttempt, TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import {
  completePendingSignUp,
  confirmationLink,
  currentSignUpChoices,
  PENDING_SIGN_UP_PARAM,
  recordPendingSignUp,
  type SignUpChoices,
} from "./pending-sign-ups.server";

export const RESET_EMAILS_PER_ACCOUNT = 3;
export const CONFIRMATION_EMAILS_PER_ACCOUNT = 3;
const SESSION_DAYS = 30;
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
/** Our servers put the visitor's address here, as limits count it (limitedAddress); a visitor's own copy of the header is dropped first. */
export const CLIENT_IP_HEADER = "x-gii-client-ip";
const LINK_NO_LONGER_VALID = "This confirmation link is no longer valid.";

/**
 * What the product's own sign-up decides and no client can send: whether the
 * marketing box was ticked (it earns the first-course discount). The /auth
 * action sets it around its call; the auth library's field is not writable.
 */
const signUpDecision = new AsyncLocalStorage<{ marketingConsent: boolean }>();

export function withSignUpDecision<T>(decision: { marketingConsent: boolean }, run: () => Promise<T>): Promise<T> {
  return signUpDecision.run(decision, run);
}

const accountBudgetKey = (email: string) => `auth-account:${email.trim().toLowerCase()}`;

/**
 * Set on a browser its account's owner has logged in on (OWASP's device
 * cookie): signed, naming the account by a hash and the browser by a random
 * id. That browser's attempts spend a budget of its own instead of the
 * account's, so a stranger's wrong guesses, which pause logins to the account
 * from anywhere else, never lock its owner out of their own browser.
 */
export const KNOWN_BROWSER_COOKIE = "gii-known-browser";
const KNOWN_BROWSER_DAYS = 180;
const accountMark = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

interface SignedCookies {
  getSignedCookie: (key: string, secret: string) => Promise<string | false | null>;
  context: { secret: string };
}

/** The budget this login attempt spends: the browser's own if the owner has logged in on it, else the account's. */
async function loginBudgetKey(ctx: SignedCookies, email: string): Promise<string> {
  const known = await ctx.getSignedCookie(KNOWN_BROWSER_COOKIE, ctx.context.secret);
  const [account, browser] = typeof known === "string" ? known.split(".") : [];
  return account === accountMark(email) && browser ? `auth-browser:${browser}` : accountBudgetKey(email);
}

/**
 * One login budget per address, and one per account (or per browser its owner
 * uses, above), whichever way the login comes (the /auth page or
 * /api/auth/sign-in/email). True while within both. Each attempt is counted
 * before the password is checked, so a burst cannot outrun the count; a login
 * that succeeds gives its account's (or browser's) attempt back.
 */
async function withinLoginBudget(db: Database, clientIp: string, budgetKey: string, limits: { address: number; account: number }): Promise<boolean> {
  // The address first: an attempt it refuses spends nothing of the account's, or one address could keep any account locked.
  if (!(await withinAuthAddressBudget(db, clientIp, limits.address))) return false;
  return consumeRateLimit(db, budgetKey, { limit: limits.account, windowMs: FORM_WINDOW_MS });
}

/**
 * Counts one attempt against the visitor address's budget (AUTH_RATE_LIMIT) that
 * logins, sign-ups, reset requests and confirmation passwords share; true while within it.
 */
export function withinAuthAddressBudget(db: Database, clientIp: string, limit: number): Promise<boolean> {
  return consumeRateLimit(db, `auth:${clientIp}`, { limit, windowMs: FORM_WINDOW_MS });
}

/**
 * Queues the email that confirms one sign-up, with a link naming it, in one
 * transaction with its pending sign-up. No name is echoed: whoever signed up
 * chose it, and the address is not confirmed.
 */
export async function queueVerificationEmail(db: Database, input: { userId: string; email: string; siteUrl: string; token: string; choices: SignUpChoices }) {
  await db.transaction(async (tx) => {
    const secret = await recordPendingSignUp(tx, input.userId, input.choices, VERIFICATION_LINK_SECONDS);
    const rendered = await renderVerifyEmail({ url: confirmationLink(input.siteUrl, input.token, secret) });
    await enqueueEmail(tx, { template: "verify-email", to: input.email, ...rendered });
  });
}

/** Ends every reset link still out for the account: once one is used, or the password is changed on /account. */
export async function endResetLinks(tx: Transaction, userId: string) {
  await tx.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
}

/** The library's error-level lines about a request it refused (a foreign origin or return address, a cross-site login). */
const REFUSED_REQUEST = /^(Invalid (origin|[a-zA-Z]*URL):|Blocked cross-site)/;

export function createAuth({ db, env, secret }: { db: Database; env: Env; secret: string }) {
  return betterAuth({
    appName: "Global Implant Institute",
    baseURL: env.siteUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      // A sign-up writes its user and password account together or not at all.
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: authRateLimits },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        // Product-owned flags: never read from a request body.
        signupMarketingConsent: { type: "boolean", required: false, defaultValue: false, input: false },
        giiSignupDiscountClaimed: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      /**
       * At most RESET_EMAILS_PER_ACCOUNT per account per 10 minutes, from any number of addresses: requests cannot flood an inbox.
       * A link sent ends the account's older ones: only the newest email's link works.
       */
      async sendResetPassword({ user, url, token }) {
        if (!(await consumeRateLimit(db, `reset-email:${user.id}`, { limit: RESET_EMAILS_PER_ACCOUNT, windowMs: FORM_WINDOW_MS }))) return;
        const rendered = await renderResetPassword({ url });
        await queueAfterTransactionHook(async () => {
          await enqueueEmail(db, { template: "reset-password", to: user.email, ...rendered });
          // Once it is queued, the older links end. Older by creation, not "all but this one": two requests' emails are sent in the background, in either order.
          const issued = db
            .select({ createdAt: verifications.createdAt })
            .from(verifications)
            .where(eq(verifications.identifier, `reset-password:${token}`));
          await db
            .delete(verifications)
            .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%"), lt(verifications.createdAt, sql`(${issued})`)));
        });
      },
      /**
       * A used reset link ends the account's other reset links and its pending
       * sign-ups; it proves the mailbox as a confirmation link does.
       */
      async onPasswordReset({ user }) {
        await db.transaction(async (tx) => {
          await endResetLinks(tx, user.id);
          await tx.delete(pendingSignUps).where(eq(pendingSignUps.userId, user.id));
          await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      /**
       * Sent on sign-up and again on each login to the unconfirmed account, at
       * most CONFIRMATION_EMAILS_PER_ACCOUNT per 10 minutes: whoever signed up
       * with someone else's address cannot flood that inbox by logging in.
       */
      async sendVerificationEmail({ user, token }) {
        // Sign-up calls this inside its transaction: the link is made once the account and its password exist.
        await queueAfterTransactionHook(async () => {
          if (!(await consumeRateLimit(db, `confirmation-email:${user.id}`, { limit: CONFIRMATION_EMAILS_PER_ACCOUNT, windowMs: FORM_WINDOW_MS }))) return;
          const choices = await currentSignUpChoices(db, user.id);
          if (choices)
            await queueVerificationEmail(db, {
              userId: user.id,
              email: user.email,
              siteUrl: env.siteUrl,
              token,
              choices,
            });
        });
      },
      /** The link's own sign-up decides the password that works from now on (no pre-hijacked accounts). */
      async beforeEmailVerification(user, request) {
        const secret = request ? new URL(request.url).searchParams.get(PENDING_SIGN_UP_PARAM) : null;
        if (!secret || !(await completePendingSignUp(db, secret, user.id))) throw new APIError("BAD_REQUEST", { message: LINK_NO_LONGER_VALID });
      },
    },
    hooks: {
      /** The auth library's endpoints keep the product's rules (spec 5), whoever calls them. */
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          const parsed = AuthApiSignUpSchema.safeParse(ctx.body);
          if (!parsed.success) throw new APIError("BAD_REQUEST", { message: firstIssueMessage(parsed.error) });
        }
        if (ctx.path === "/sign-in/email") {
          const parsed = AuthApiSignInSchema.safeParse(ctx.body);
          if (!parsed.success) throw new APIError("BAD_REQUEST", { message: firstIssueMessage(parsed.error) });
          const clientIp = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          const budgetKey = await loginBudgetKey(ctx, parsed.data.email);
          if (!(await withinLoginBudget(db, clientIp, budgetKey, { address: env.authRateLimit, account: env.accountLoginLimit }))) {
            throw new APIError("TOO_MANY_REQUESTS", { message: TOO_MANY_REQUESTS_MESSAGE });
          }
          // The address as the login form sends it, trimmed: the library would refuse a space as an invalid email.
          return { context: { body: { ...(ctx.body as object), email: parsed.data.email } } };
        }
      }),
      /**
       * The account's budget is for wrong passwords: its owner logging in does
       * not spend it, and the browser is marked as theirs. The address's is not
       * given back, or logins to one's own account would buy guesses at others'
       * from the same address.
       */
      after: createAuthMiddleware(async (ctx) => {
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (ctx.path === "/sign-in/email" && ctx.context.newSession && typeof email === "string") {
          await giveBackAttempt(db, await loginBudgetKey(ctx, email));
          await ctx.setSignedCookie(KNOWN_BROWSER_COOKIE, `${accountMark(email)}.${randomBytes(16).toString("base64url")}`, ctx.context.secret, {
            httpOnly: true,
            secure: env.siteUrl.startsWith("https:"),
            sameSite: "lax",
            path: "/",
            maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return {
              data: { ...user, image: null, signupMarketingConsent: signUpDecision.getStore()?.marketingConsent ?? false, giiSignupDiscountClaimed: false },
            };
          },
          // Every account gets its profile row (spec 3), keyed by the user id.
          async after(user) {
            const record = user as typeof user & { firstName?: string | null; lastName?: string | null; signupMarketingConsent?: boolean };
            await db
              .insert(profiles)
              .values({
                id: user.id,
                firstName: record.firstName ?? null,
                lastName: record.lastName ?? null,
                emailAddress: user.email,
                emailPreferences: { eventNotifications: Boolean(record.signupMarketingConsent) },
              })
              .onConflictDoNothing();
          },
        },
      },
    },
    // A general limit on the library's HTTP endpoints; logins have their own budget (hooks above).
    rateLimit: {
      enabled: env.isProduction,
      storage: "database",
      window: 60,
      max: 100,
      // The library's own 3 logins in 10 s per address would answer in its words, not the product's: the login
      // budgets above (per address and per account) judge logins, through the page and the API alike.
      customRules: { "/sign-in/email": false },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.siteUrl.startsWith("https:"),
      cookiePrefix: "gii",
      // The library turns its origin and return-address checks off when it sees a test run; the tests check what production runs.
      disableOriginCheck: false,
    },
    logger: {
      // Better Auth's own messages, one line each; never request bodies or tokens. A request it refused is
      // the visitor's doing, not the server's: a warning, so a stranger cannot set off the alerts that watch for errors.
      log: (level, message) =>
        level === "error" && !REFUSED_REQUEST.test(message)
          ? log.error(`auth: ${message}`)
          : level === "error" || level === "warn"
            ? log.warn(`auth: ${message}`)
            : undefined,
    },
    // Bearer tokens are the signed cookie value: a raw session token is refused.
    plugins: [bearer({ requireSignature: true })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
