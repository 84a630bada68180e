import { createHash, randomBytes } from "node:crypto";

import { and, desc, eq, gt, sql } from "drizzle-orm";

import type { AccountConfirmationLink } from "~/lib/schemas/auth";
import type { Database, Transaction } from "~/server/db/client.server";
import { accounts, pendingSignUps, profiles, users } from "~/server/db/schema.server";
import { applyMarketingChoice } from "~/server/marketing/newsletter.server";

/**
 * A sign-up of an address nobody has verified yet. Anyone can sign up with
 * someone else's address, so each sign-up keeps the password it chose until
 * the link emailed for it is followed; following one makes its password the
 * account's and ends every other pending sign-up of that address. The link
 * names its sign-up by a secret in this query parameter.
 */
export const PENDING_SIGN_UP_PARAM = "signup";

export interface SignUpChoices {
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  marketingConsent: boolean;
}

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/** Records one sign-up and answers the secret its link carries (only its hash is stored). */
export async function recordPendingSignUp(db: Database | Transaction, userId: string, choices: SignUpChoices, expiresInSeconds: number): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await db.insert(pendingSignUps).values({
    userId,
    secretHash: hashOf(secret),
    ...choices,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  });
  return secret;
}

/** How many of an address's live sign-ups a repeat sign-up's password is checked against (each check is a slow hash). */
const SAME_PASSWORD_CHECKS = 5;

/**
 * The stored hash of a live sign-up of the account whose password this
 * sign-up repeats, if any: a person who signs up again with the password they
 * chose is the same party, not a contest (below). `matches` checks the
 * password against one hash.
 */
export async function samePasswordSignUp(db: Database, userId: string, matches: (hash: string) => Promise<boolean>): Promise<string | null> {
  const live = await db
    .select({ passwordHash: pendingSignUps.passwordHash })
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.userId, userId), gt(pendingSignUps.expiresAt, new Date())))
    .orderBy(desc(pendingSignUps.createdAt))
    .limit(50);
  const newestFirst = [...new Set(live.map((row) => row.passwordHash))].slice(0, SAME_PASSWORD_CHECKS);
  for (const hash of newestFirst) if (await matches(hash)) return hash;
  return null;
}

/** What the account holds now: the choices a link sent for it (first sign-up, unverified login) confirms. */
export async function currentSignUpChoices(db: Database | Transaction, userId: string): Promise<SignUpChoices | null> {
  const [row] = await db
    .select({ passwordHash: accounts.password, firstName: users.firstName, lastName: users.lastName, marketingConsent: users.signupMarketingConsent })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.id, userId));
  if (!row?.passwordHash) return null;
  return { ...row, passwordHash: row.passwordHash };
}

/** The link a confirmation email carries: the page that asks before it confirms (/auth/confirm). */
export function confirmationLink(siteUrl: string, token: string, secret: string): string {
  const url = new URL("/auth/confirm", siteUrl);
  url.searchParams.set("token", token);
  url.searchParams.set(PENDING_SIGN_UP_PARAM, secret);
  return url.href;
}

/** True when the secret names a live pending sign-up of the account with this email. */
async function isLivePendingSignUp(db: Database, secret: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pendingSignUps.id })
    .from(pendingSignUps)
    .innerJoin(users, eq(users.id, pendingSignUps.userId))
    .where(and(eq(pendingSignUps.secretHash, hashOf(secret)), gt(pendingSignUps.expiresAt, new Date()), eq(users.email, email.toLowerCase())));
  return row !== undefined;
}

/** An address as our forms take them: no spaces or control characters, one @, at most 254 characters. */
const PLAUSIBLE_ADDRESS = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;

/**
 * The address a confirmation link's token names, read without trusting it
 * (the library verifies it): anything that is not shaped like an address
 * (a NUL, which the database refuses, say) names none.
 */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown };
    const email = payload.email;
    return typeof email === "string" && email.length <= 254 && PLAUSIBLE_ADDRESS.test(email) ? email : null;
  } catch {
    return null;
  }
}

/** True when the password is the one the link's live sign-up chose (`matches` checks it against one hash). */
export async function isSignUpPassword(db: Database, secret: string, matches: (hash: string) => Promise<boolean>): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: pendingSignUps.passwordHash })
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.secretHash, hashOf(secret)), gt(pendingSignUps.expiresAt, new Date())));
  return row !== undefined && (await matches(row.passwordHash));
}

/** The address a confirmation link confirms, while the sign-up it names is pending for the token's address; else null. */
export async function pendingSignUpAddress(db: Database, link: AccountConfirmationLink): Promise<string | null> {
  const email = emailInToken(link.token);
  return email && (await isLivePendingSignUp(db, link.signup, email)) ? email.toLowerCase() : null;
}

/**
 * The link of one pending sign-up was followed: its password, names and
 * consent become the account's, and every pending sign-up of the account
 * ends, in one transaction. False when the secret names no live sign-up of it.
 *
 * When live sign-ups of the address have different passwords, their emails
 * cannot be told apart, and whoever made another one may know its password:
 * following any link then confirms the address and signs its owner in with
 * no password at all (with marketing consent, and so the sign-up discount,
 * only when every one of them ticked the box; the names are the link's, and
 * editable), and /account asks them to choose one. Nobody who only typed the
 * address ever gets in. Sign-ups that share one stored hash are one party's:
 * a login before confirming (which proves the password) and a repeat sign-up
 * with the same password keep the hash they repeat. Consent also confirms the
 * address's newsletter subscription.
 */
export async function completePendingSignUp(db: Database, secret: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [pending] = await tx
      .select()
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.secretHash, hashOf(secret)), eq(pendingSignUps.userId, userId), gt(pendingSignUps.expiresAt, now)))
      .for("update");
    if (!pending) return false;
    const live = await tx
      .select({ passwordHash: pendingSignUps.passwordHash, marketingConsent: pendingSignUps.marketingConsent })
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.userId, userId), gt(pendingSignUps.expiresAt, now)));
    const contested = live.some((signUp) => signUp.passwordHash !== pending.passwordHash);
    // Contested, whichever sign-up was the owner's ticked the box only if every one did.
    const consent = contested ? live.every((signUp) => signUp.marketingConsent) : pending.marketingConsent;
    await tx
      .update(accounts)
      .set({ password: contested ? null : pending.passwordHash })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    const name = [pending.firstName, pending.lastName].filter(Boolean).join(" ");
    const [user] = await tx
      .update(users)
      .set({ name, firstName: pending.firstName, lastName: pending.lastName, signupMarketingConsent: consent })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await tx
      .update(profiles)
      .set({
        firstName: pending.firstName,
        lastName: pending.lastName,
        emailPreferences: sql`${profiles.emailPreferences} || ${JSON.stringify({ eventNotifications: consent })}::jsonb`,
      })
      .where(eq(profiles.id, userId));
    // The address is proven now and the box was its owner's consent: the newsletter subscription the
    // sign-up made is confirmed, as the account page's switch would, so the switch and the emails agree.
    if (consent && user) await applyMarketingChoice(tx, { email: user.email, name: name || null }, true, now);
    await tx.delete(pendingSignUps).where(eq(pendingSignUps.userId, userId));
    return true;
  });
}

/** True when the account has no password yet: its sign-up was contested (above), and its owner must choose one. */
export async function needsPassword(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row !== undefined && row.password === null;
}
