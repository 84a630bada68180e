import { eq } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema.server";
import { isDatabaseUnavailable } from "~/server/platform/errors.server";

import type { Auth } from "./auth.server";

export interface SessionUser {
  id: string;
  /** The session this request came with: ending the others keeps this one. */
  sessionId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  giiSignupDiscountClaimed: boolean;
  signupMarketingConsent: boolean;
}

/** Better Auth's session cookies under our prefix (with `__Secure-` on https). */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?gii\.session_(token|data)=/;

/** True when a request carries a session cookie or a bearer token: its answer is about one person. */
export function carriesCredential(cookie: string | null | undefined, authorization: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookie ?? "") || (authorization !== null && authorization !== undefined);
}

/** True when an answer's Set-Cookie headers start a session (not only end one). */
export function startsSession(setCookies: string[]): boolean {
  return setCookies.some((cookie) => /^(__Secure-)?gii\.session_token=[^;]+/.test(cookie) && !/;\s*Max-Age=0/i.test(cookie));
}

/**
 * The signed-in person from the session cookie or a bearer token, or null.
 * `ping` reaches the database: a visitor who sent a session that was not
 * found is signed out only if the database could be asked.
 */
export async function getSessionUser(auth: Auth, request: Request, ping: () => Promise<void>): Promise<SessionUser | null> {
  // Nothing to look up: most requests are anonymous visitors, and the auth library's call costs each of them.
  if (!carriesCredential(request.headers.get("cookie"), request.headers.get("authorization"))) return null;
  const session = await auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
    // A database that cannot be reached is an outage (503), not a signed-out visitor sent to log in.
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
  if (!session) {
    // The auth library can answer "no session" when its query failed: an outage must not sign anyone out.
    await ping();
    return null;
  }
  const user = session.user as typeof session.user & Partial<SessionUser>;
  return {
    id: user.id,
    sessionId: session.session.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    createdAt: new Date(user.createdAt),
    giiSignupDiscountClaimed: Boolean(user.giiSignupDiscountClaimed),
    signupMarketingConsent: Boolean(user.signupMarketingConsent),
  };
}

/** Spec 6: an administrator has is_admin on their profile. */
export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId));
  return row?.isAdmin ?? false;
}
