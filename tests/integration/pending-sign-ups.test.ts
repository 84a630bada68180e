import { createEmailVerificationToken } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  completePendingSignUp,
  confirmationLink,
  currentSignUpChoices,
  isSignUpPassword,
  needsPassword,
  PENDING_SIGN_UP_PARAM,
  pendingSignUpAddress,
  recordPendingSignUp,
  samePasswordSignUp,
  type SignUpChoices,
} from "~/server/auth/pending-sign-ups.server";
import { accounts, newsletterSubscribers, pendingSignUps, profiles, users } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const auth = () => testServices(handle).auth;
const unverified = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: auth() }, { verified: false, ...options });

const HOUR = 60 * 60;
/** The hashes are the auth library's business: here any text stands for one, and a check compares it. */
const choices = (passwordHash: string, extra: Partial<SignUpChoices> = {}): SignUpChoices => ({
  passwordHash,
  firstName: "Nadia",
  lastName: "Rahman",
  marketingConsent: false,
  ...extra,
});
const record = (userId: string, hash: string, extra: Partial<SignUpChoices> = {}, expiresInSeconds = HOUR) =>
  recordPendingSignUp(handle.db, userId, choices(hash, extra), expiresInSeconds);
const is = (expected: string) => async (hash: string) => hash === expected;

const pendingOf = (userId: string) => handle.db.select().from(pendingSignUps).where(eq(pendingSignUps.userId, userId));
const passwordOf = async (userId: string) =>
  (
    await handle.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
  )[0]?.password;
const userOf = async (id: string) => (await handle.db.select().from(users).where(eq(users.id, id)))[0];
const profileOf = async (id: string) => (await handle.db.select().from(profiles).where(eq(profiles.id, id)))[0];
const subscriberOf = async (email: string) => (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

/** A verification token for the address, signed as the auth library signs the ones it emails. */
const tokenFor = async (email: string) => createEmailVerificationToken((await auth().$context).secret, email, undefined, HOUR);
/** A token-shaped value naming any payload, unsigned: the address is read from it without trusting it. */
const unsignedToken = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.signature`;

describe(`recording a pending sign-up on ${testDriver}`, () => {
  it("keeps the sign-up's choices and an expiry, and stores only a hash of the secret its link carries", async () => {
    const who = await unverified();
    const before = Date.now();
    const secret = await record(who.id, "hash-one", { marketingConsent: true }, HOUR);
    const [row] = await pendingOf(who.id);
    expect(row).toMatchObject({ passwordHash: "hash-one", firstName: "Nadia", lastName: "Rahman", marketingConsent: true });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.secretHash).not.toBe(secret);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + HOUR * 1000 - 1000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR * 1000 + 1000);
  });

  it("gives every sign-up a secret of its own", async () => {
    const who = await unverified();
    const secrets = new Set([await record(who.id, "h"), await record(who.id, "h"), await record(who.id, "h")]);
    expect(secrets.size).toBe(3);
    expect(await pendingOf(who.id)).toHaveLength(3);
  });

  it("builds the confirmation page's link with the token and the sign-up's secret", () => {
    const link = new URL(confirmationLink(TEST_SITE_URL, "a.b.c", "secret+/="));
    expect(link.origin + link.pathname).toBe(`${TEST_SITE_URL}/auth/confirm`);
    expect(link.searchParams.get("token")).toBe("a.b.c");
    expect(link.searchParams.get(PENDING_SIGN_UP_PARAM)).toBe("secret+/=");
  });
});

describe(`reading pending sign-ups on ${testDriver}`, () => {
  it("finds the live sign-up whose password a repeat sign-up repeats, and none when it repeats none", async () => {
    const who = await unverified();
    await record(who.id, "hash-a");
    await record(who.id, "hash-b");
    expect(await samePasswordSignUp(handle.db, who.id, is("hash-a"))).toBe("hash-a");
    expect(await samePasswordSignUp(handle.db, who.id, is("hash-b"))).toBe("hash-b");
    expect(await samePasswordSignUp(handle.db, who.id, is("hash-z"))).toBeNull();
  });

  it("ignores an expired sign-up and another account's sign-ups", async () => {
    const who = await unverified();
    const other = await unverified();
    await record(who.id, "hash-expired", {}, -60);
    await record(other.id, "hash-other");
    expect(await samePasswordSignUp(handle.db, who.id, is("hash-expired"))).toBeNull();
    expect(await samePasswordSignUp(handle.db, who.id, is("hash-other"))).toBeNull();
  });

  it("checks each stored hash once, and at most the five newest", async () => {
    const who = await unverified();
    for (let index = 1; index <= 7; index++) {
      await record(who.id, `hash-${index}`);
      // The same hash again (a repeat sign-up with the same password) is checked once.
      await record(who.id, `hash-${index}`);
    }
    const checked: string[] = [];
    const result = await samePasswordSignUp(handle.db, who.id, async (hash) => {
      checked.push(hash);
      return false;
    });
    expect(result).toBeNull();
    expect(checked).toEqual(["hash-7", "hash-6", "hash-5", "hash-4", "hash-3"]);
  });

  it("answers the account's current choices: its password hash, names and consent; none for an account without a password", async () => {
    const who = await unverified({ firstName: "Omar", lastName: "Haddad", marketing: true });
    expect(await currentSignUpChoices(handle.db, who.id)).toEqual({
      passwordHash: await passwordOf(who.id),
      firstName: "Omar",
      lastName: "Haddad",
      marketingConsent: true,
    });
    expect(await currentSignUpChoices(handle.db, "no-such-user")).toBeNull();
    await handle.db.update(accounts).set({ password: null }).where(eq(accounts.userId, who.id));
    expect(await currentSignUpChoices(handle.db, who.id)).toBeNull();
  });

  it("tells whether a password is the one the link's live sign-up chose", async () => {
    const who = await unverified();
    const live = await record(who.id, "hash-live");
    const expired = await record(who.id, "hash-expired", {}, -60);
    expect(await isSignUpPassword(handle.db, live, is("hash-live"))).toBe(true);
    expect(await isSignUpPassword(handle.db, live, is("hash-expired"))).toBe(false);
    expect(await isSignUpPassword(handle.db, expired, is("hash-expired"))).toBe(false);
    expect(await isSignUpPassword(handle.db, "not-a-secret", is("hash-live"))).toBe(false);
  });
});

describe(`the address a confirmation link confirms, on ${testDriver}`, () => {
  it("is the token's address, in lower case, while the link's sign-up is pending for it", async () => {
    const who = await unverified();
    const signup = await record(who.id, "hash");
    expect(await pendingSignUpAddress(handle.db, { token: await tokenFor(who.email), signup })).toBe(who.email);
    expect(await pendingSignUpAddress(handle.db, { token: await tokenFor(who.email.toUpperCase()), signup })).toBe(who.email);
  });

  it("is none when the sign-up is another address's, expired, or unknown", async () => {
    const who = await unverified();
    const other = await unverified();
    const othersSignUp = await record(other.id, "hash");
    const expired = await record(who.id, "hash", {}, -60);
    const token = await tokenFor(who.email);
    expect(await pendingSignUpAddress(handle.db, { token, signup: othersSignUp })).toBeNull();
    expect(await pendingSignUpAddress(handle.db, { token, signup: expired })).toBeNull();
    expect(await pendingSignUpAddress(handle.db, { token, signup: "not-a-secret" })).toBeNull();
  });

  it("is none, without an error, for a token that names no plausible address", async () => {
    const who = await unverified();
    const signup = await record(who.id, "hash");
    for (const token of [
      "not-a-token",
      "",
      unsignedToken({}),
      unsignedToken({ email: 42 }),
      unsignedToken({ email: `${who.email}\u0000` }),
      unsignedToken({ email: "two@@example.com" }),
      unsignedToken({ email: `${"a".repeat(250)}@example.com` }),
      "a.%%%.c",
    ]) {
      expect(await pendingSignUpAddress(handle.db, { token, signup }), token).toBeNull();
    }
  });
});

describe(`completing a pending sign-up on ${testDriver}`, () => {
  it("makes a lone sign-up's password, names and consent the account's, confirms its newsletter, and ends every pending sign-up of the account", async () => {
    const who = await unverified({ firstName: "Old", lastName: "Name" });
    const secret = await record(who.id, "hash-chosen", { firstName: "Leila", lastName: "Aziz", marketingConsent: true });
    await record(who.id, "hash-chosen");

    expect(await completePendingSignUp(handle.db, secret, who.id)).toBe(true);
    expect(await passwordOf(who.id)).toBe("hash-chosen");
    expect(await userOf(who.id)).toMatchObject({ name: "Leila Aziz", firstName: "Leila", lastName: "Aziz", signupMarketingConsent: true });
    expect(await profileOf(who.id)).toMatchObject({ firstName: "Leila", lastName: "Aziz", emailPreferences: { eventNotifications: true } });
    const subscriber = await subscriberOf(who.email);
    expect(subscriber).toMatchObject({ name: "Leila Aziz", unsubscribedAt: null });
    expect(subscriber.confirmedAt).toBeInstanceOf(Date);
    expect(await pendingOf(who.id)).toEqual([]);
    expect(await needsPassword(handle.db, who.id)).toBe(false);
  });

  it("without consent: no newsletter, and the account's consent and notifications are off", async () => {
    const who = await unverified({ marketing: true });
    const secret = await record(who.id, "hash", { marketingConsent: false });
    expect(await completePendingSignUp(handle.db, secret, who.id)).toBe(true);
    expect((await userOf(who.id)).signupMarketingConsent).toBe(false);
    expect((await profileOf(who.id)).emailPreferences).toEqual({ eventNotifications: false });
    expect(await subscriberOf(who.email)).toBeUndefined();
  });

  it("contested (live sign-ups with other passwords): no password at all, which the account must then choose", async () => {
    const who = await unverified();
    const mine = await record(who.id, "hash-owner", { firstName: "Owner", marketingConsent: true });
    await record(who.id, "hash-stranger", { firstName: "Stranger", marketingConsent: false });

    expect(await completePendingSignUp(handle.db, mine, who.id)).toBe(true);
    expect(await passwordOf(who.id)).toBeNull();
    expect(await needsPassword(handle.db, who.id)).toBe(true);
    // The names are the link's; consent only if every sign-up gave it.
    expect(await userOf(who.id)).toMatchObject({ firstName: "Owner", signupMarketingConsent: false });
    expect(await subscriberOf(who.email)).toBeUndefined();
    expect(await pendingOf(who.id)).toEqual([]);
  });

  it("contested, but every sign-up consented: consent is kept", async () => {
    const who = await unverified();
    const mine = await record(who.id, "hash-1", { marketingConsent: true });
    await record(who.id, "hash-2", { marketingConsent: true });
    expect(await completePendingSignUp(handle.db, mine, who.id)).toBe(true);
    expect(await needsPassword(handle.db, who.id)).toBe(true);
    expect((await userOf(who.id)).signupMarketingConsent).toBe(true);
    expect((await subscriberOf(who.email)).confirmedAt).toBeInstanceOf(Date);
  });

  it("is no contest when the other live sign-ups share its password, nor when the other one has expired", async () => {
    const who = await unverified();
    const mine = await record(who.id, "hash-same");
    await record(who.id, "hash-same");
    await record(who.id, "hash-old-stranger", {}, -60);
    expect(await completePendingSignUp(handle.db, mine, who.id)).toBe(true);
    expect(await passwordOf(who.id)).toBe("hash-same");
  });

  it("refuses a secret that names no live sign-up of that account, changing nothing", async () => {
    const who = await unverified();
    const other = await unverified();
    const expired = await record(who.id, "hash-expired", {}, -60);
    const othersLive = await record(other.id, "hash-other");
    await record(who.id, "hash-live");
    const password = await passwordOf(who.id);
    const before = await tableCounts(handle.db);

    for (const secret of [expired, othersLive, "not-a-secret"]) {
      expect(await completePendingSignUp(handle.db, secret, who.id)).toBe(false);
    }
    expect(await tableCounts(handle.db)).toEqual(before);
    expect(await passwordOf(who.id)).toBe(password);
    expect(await pendingOf(who.id)).toHaveLength(2);
    expect(await pendingOf(other.id)).toHaveLength(1);
  });

  it("works once: the same link again is refused", async () => {
    const who = await unverified();
    const secret = await record(who.id, "hash");
    expect(await completePendingSignUp(handle.db, secret, who.id)).toBe(true);
    expect(await completePendingSignUp(handle.db, secret, who.id)).toBe(false);
  });

  it("needs no password for an account that has one, nor for an unknown account", async () => {
    const who = await unverified();
    expect(await needsPassword(handle.db, who.id)).toBe(false);
    expect(await needsPassword(handle.db, "no-such-user")).toBe(false);
  });
});
