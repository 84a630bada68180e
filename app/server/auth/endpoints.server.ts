import { LOGIN_REQUIRED_MESSAGE } from "~/lib/schemas/auth";

const BASE = "/api/auth";
/** The link in reset emails. */
const RESET_LINK = /^\/reset-password\/[A-Za-z0-9_-]+$/;

/**
 * The auth library's endpoints the product uses; the library has many more
 * (update-user, list-sessions, verify-password, change-email...), all closed.
 */
const EXPOSED: { method: "GET" | "POST"; path: RegExp; unreadable?: string }[] = [
  // The link in reset emails. Confirmation links open /auth/confirm, which asks first and calls the library itself.
  { method: "GET", path: RESET_LINK },
  // Bearer-token clients: log in (the token comes in the set-auth-token header), read the session, log out.
  { method: "POST", path: /^\/sign-in\/email$/, unreadable: LOGIN_REQUIRED_MESSAGE },
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/sign-out$/ },
];

function exposedEndpoint(request: Request) {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${BASE}/`)) return undefined;
  const path = pathname.slice(BASE.length);
  return EXPOSED.find((endpoint) => endpoint.method === request.method && endpoint.path.test(path));
}

export function isExposedAuthEndpoint(request: Request): boolean {
  return exposedEndpoint(request) !== undefined;
}

/** What an exposed endpoint answers a request the library cannot read or check: a login's own message for a login. */
export function unreadableRequestMessage(request: Request): string | undefined {
  return exposedEndpoint(request)?.unreadable;
}

/** A reset email's link, as its page's request reaches the library. */
export function isResetLink(request: Request): boolean {
  return exposedEndpoint(request)?.path === RESET_LINK;
}
