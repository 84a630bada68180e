import { makeSignature } from "better-auth/crypto";

import { createAccount } from "~/server/accounts/accounts.server";
import { grantAdmin } from "~/server/accounts/admins.server";
import type { Auth } from "~/server/auth/auth.server";
import type { Database } from "~/server/db/client.server";

/** An address no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface PersonOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** The sign-up marketing box. */
  marketing?: boolean;
  /** False for an account whose confirmation link has not been followed. */
  verified?: boolean;
  admin?: boolean;
}

export interface Person {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The session cookie as a browser sends it: `name=value`. */
  cookie: string;
  cookieName: string;
  /** The URL-encoded value of that cookie. */
  cookieValue: string;
  /** What a bearer client sends: the signed session token. */
  bearer: string;
}

/** A session of the user's own, as logging in makes it, with the cookie and bearer token that carry it. */
async function startSession(auth: Auth, userId: string) {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const bearer = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  const cookieName = context.authCookies.sessionToken.name;
  const cookieValue = encodeURIComponent(bearer);
  return { cookieName, cookieValue, cookie: `${cookieName}=${cookieValue}`, bearer };
}

/**
 * scrypt takes about 120 ms of a core, and a test run makes hundreds of people
 * with a handful of passwords: each password is hashed once per process, and
 * that hash (its salt in it) stored for everyone given the password. Logging in checks it as any other.
 */
const hashes = new Map<string, Promise<string>>();
function rememberingHashes(auth: Auth): Auth {
  const context = auth.$context.then((real) => ({
    ...real,
    password: {
      ...real.password,
      hash: (password: string) => {
        if (!hashes.has(password)) hashes.set(password, real.password.hash(password));
        return hashes.get(password)!;
      },
    },
  }));
  return { ...auth, $context: context };
}

/**
 * A person with an account made by the accounts service (verified unless told
 * otherwise) and a session of their own: the fixture every test that is not
 * about signing up or logging in starts from.
 */
export async function createPerson(services: { db: Database; auth: Auth }, options: PersonOptions = {}): Promise<Person> {
  const firstName = options.firstName ?? "Amelia";
  const lastName = options.lastName ?? "Hart";
  const email = options.email ?? uniqueEmail(firstName.toLowerCase());
  const password = options.password ?? "fixture-password-1";
  const account = await createAccount(services.db, rememberingHashes(services.auth), {
    email,
    password,
    firstName,
    lastName,
    marketingConsent: options.marketing ?? false,
    emailVerified: options.verified ?? true,
  });
  if (options.admin) await grantAdmin(services.db, account.email);
  return { id: account.id, email: account.email, password, firstName, lastName, ...(await startSession(services.auth, account.id)) };
}

/** A whole profile as a dentist fills in the account form, every field valid. */
export const FULL_PROFILE = {
  firstName: "Amelia",
  lastName: "Hart",
  emailAddress: "amelia.hart@clinic.example",
  mobileCountryCode: "+44",
  mobileNumber: "7700900123",
  countryOfResidence: "United Kingdom",
  instagramProfile: "@dr.amelia_hart",
};
