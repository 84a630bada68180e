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

/** What a refused call hears when the library's message is about its own input checks, not for a visitor's eyes. */
const INVALID_AUTH_REQUEST_MESSAGE = "Invalid request.";

/**
 * The library answers a refusal as `{ message, code }`; every JSON endpoint
 * of the product answers `{ error }` (design.md 5). The refusal gains `error`,
 * keeping the library's fields for its own clients; a message from its schema
 * checks, which names its internal fields, reads as a plain invalid request.
 */
export async function withErrorField(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (body === null || typeof body !== "object" || "error" in body || !("message" in body) || typeof body.message !== "string") return response;
  const message = "code" in body && body.code === "VALIDATION_ERROR" ? INVALID_AUTH_REQUEST_MESSAGE : body.message;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, error: message, message }), { status: response.status, statusText: response.statusText, headers });
}
