import type { Database } from "~/server/db/client.server";

import { isLivePendingSignUp, PENDING_SIGN_UP_PARAM } from "./pending-sign-ups.server";

const BASE = "/api/auth";

/**
 * The auth library's endpoints the product uses; the library has many more
 * (update-user, list-sessions, verify-password, change-email...), all closed.
 */
const EXPOSED: { method: "GET" | "POST"; path: RegExp }[] = [
  // The links in confirmation and reset emails.
  { method: "GET", path: /^\/verify-email$/ },
  { method: "GET", path: /^\/reset-password\/[A-Za-z0-9_-]+$/ },
  // Bearer-token clients: log in (the token comes in the set-auth-token header), read the session, log out.
  { method: "POST", path: /^\/sign-in\/email$/ },
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
];

export function isExposedAuthEndpoint(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${BASE}/`)) return false;
  const path = pathname.slice(BASE.length);
  return EXPOSED.some((endpoint) => endpoint.method === request.method && endpoint.path.test(path));
}

/** The address a confirmation link's token names, read without trusting it (the library verifies it). */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown };
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}

/** A confirmation link works only while the sign-up it names is pending for the token's address. */
export async function isVerificationLinkLive(db: Database, request: Request): Promise<boolean> {
  const params = new URL(request.url).searchParams;
  const secret = params.get(PENDING_SIGN_UP_PARAM);
  const email = emailInToken(params.get("token") ?? "");
  if (!secret || !email || secret.length > 100) return false;
  return isLivePendingSignUp(db, secret, email);
}
