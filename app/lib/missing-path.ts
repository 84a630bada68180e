/**
 * Spec 2: the not-found page logs the missing path, but an unknown path is
 * redirected to /404 first. The redirect leaves the path in a short cookie
 * scoped to /404, which the page reads once and clears.
 */
const MISSING_PATH_COOKIE = "gii-missing-path";
const MISSING_PATH_COOKIE_ATTRIBUTES = "Path=/404; SameSite=Lax";

export function missingPathCookie(path: string): string {
  return `${MISSING_PATH_COOKIE}=${encodeURIComponent(path)}; Max-Age=60; ${MISSING_PATH_COOKIE_ATTRIBUTES}`;
}

/** The path the visitor asked for before the redirect to /404, if any; the cookie is cleared. */
export function takeMissingPath(): string | null {
  const entry = document.cookie.split("; ").find((pair) => pair.startsWith(`${MISSING_PATH_COOKIE}=`));
  if (!entry) return null;
  document.cookie = `${MISSING_PATH_COOKIE}=; Max-Age=0; ${MISSING_PATH_COOKIE_ATTRIBUTES}`;
  try {
    return decodeURIComponent(entry.slice(MISSING_PATH_COOKIE.length + 1));
  } catch {
    return null;
  }
}
