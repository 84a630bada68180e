import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import type { Database } from "./db/client.server";
import { accounts, authRateLimits, profiles, sessions, users, verifications } from "./db/schema.server";
import { enqueueEmail } from "./email/outbox.server";
import { renderResetPassword, renderVerifyEmail } from "./email/templates.server";
import type { Env } from "./env.server";
import { log } from "./log.server";

/** Spec 9: passwords have at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
export const SESSION_DAYS = 30;
/** Our servers put the visitor's address here; a visitor's own copy of the header is dropped first. */
export const CLIENT_IP_HEADER = "x-gii-client-ip";

/**
 * The secret that signs sessions: from BETTER_AUTH_SECRET, or for the embedded
 * demo one made once and kept beside its database, so sessions survive restarts.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  const file = join(env.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function firstName(user: { name: string; firstName?: unknown }) {
  return typeof user.firstName === "string" && user.firstName ? user.firstName : user.name.split(" ")[0];
}

export function createAuth({ db, env, secret }: { db: Database; env: Env; secret: string }) {
  return betterAuth({
    appName: "Global Implant Institute",
    baseURL: env.siteUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: authRateLimits },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        signupMarketingConsent: { type: "boolean", required: false, defaultValue: false },
        giiSignupDiscountClaimed: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        const rendered = await renderResetPassword({ name: firstName(user), url });
        await enqueueEmail(db, { template: "reset-password", to: user.email, ...rendered });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        const rendered = await renderVerifyEmail({ name: firstName(user), url });
        await enqueueEmail(db, { template: "verify-email", to: user.email, ...rendered });
      },
    },
    databaseHooks: {
      user: {
        create: {
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
    rateLimit: {
      enabled: env.isProduction,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 600, max: env.authRateLimit },
        "/sign-up/email": { window: 600, max: env.authRateLimit },
        "/request-password-reset": { window: 600, max: env.authRateLimit },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.siteUrl.startsWith("https:"),
      cookiePrefix: "gii",
    },
    logger: {
      // Better Auth's own messages, one line each; never request bodies or tokens.
      log: (level, message) => (level === "error" ? log.error(`auth: ${message}`) : level === "warn" ? log.warn(`auth: ${message}`) : undefined),
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
