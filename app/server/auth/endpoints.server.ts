const BASE = "/api/auth";

/**
 * The auth library's endpoints the product uses; the library has many more
 * (update-user, list-sessions, verify-password, change-email...), all closed.
 */
const EXPOSED: { method: "GET" | "POST"; path: RegExp }[] = [
  // The link in reset emails. Confirmation links open /auth/confirm, which asks first and calls the library itself.
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
