/**
 * What of a URL may be stored or sent to an analytics provider. Links in our
 * emails carry secrets (reset, verification, newsletter tokens) that anyone
 * holding them can replay, so only a redacted path and an allow-list of
 * harmless query parameters ever leave the page.
 */

import { isUuid } from "./uuid";

const REDACTED_SEGMENT = ":token";

const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;
/** A readable slug such as `level-1-full-arch-implant-course`: lowercase words and numbers between hyphens. */
const READABLE_SLUG = /^(?:[a-z]+|[0-9]+)(?:-(?:[a-z]+|[0-9]+))+$/;

/**
 * Fixed segments of the app's route table (app/routes.ts) that isSecretSegment would
 * otherwise take for tokens (a letter-and-digit word, `v2`, within a slug). They are
 * never secrets; tests/unit/page-location.test.ts checks the whole table against this.
 */
const ROUTE_SEGMENTS = new Set(["v2-subscribe-newsletter", "v2-send-contact-email", "v2-update-user-preferences"]);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isSecretSegment(segment: string): boolean {
  const value = decodeSegment(segment);
  if (ROUTE_SEGMENTS.has(value)) return false;
  if (isUuid(value)) return true;
  if (!TOKEN_LIKE.test(value) || !/[A-Za-z]/.test(value) || !/[0-9]/.test(value)) return false;
  // Random tokens mix letters and digits within a run; course slugs keep them apart and stay public.
  return !READABLE_SLUG.test(value);
}

/**
 * The path with every token-bearing segment replaced by `:token`: whatever
 * follows a `reset-password` segment (Better Auth's `/api/auth/reset-password/<token>`),
 * UUIDs, and long letter-and-digit runs that look like generated secrets.
 */
export function redactPath(pathname: string): string {
  const segments = pathname.split("/");
  return segments
    .map((segment, index) => {
      if (!segment) return segment;
      if (index > 0 && segments[index - 1].toLowerCase() === "reset-password") return REDACTED_SEGMENT;
      return isSecretSegment(segment) ? REDACTED_SEGMENT : segment;
    })
    .join("/");
}

const isAllowedParameter = (name: string) => name.startsWith("utm_") || name === "view";

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function originOf(value: string): string | null {
  return parseHttpUrl(value)?.origin ?? null;
}

/** The allowed query parameters as they were written, in their original order. */
function allowedQuery(search: string): string {
  const kept = search
    .replace(/^\?/, "")
    .split("&")
    .filter((pair) => {
      if (!pair) return false;
      const rawName = pair.split("=", 1)[0].replace(/\+/g, " ");
      return isAllowedParameter(decodeSegment(rawName));
    });
  return kept.length ? `?${kept.join("&")}` : "";
}

/**
 * For a URL on the site (`siteOrigin`, or any of several), its redacted path and
 * allowed query (`utm_*`, `view`), without the hash; null for another origin or
 * a value that is not an http(s) URL.
 */
export function publicLocation(url: string, siteOrigin: string | readonly string[]): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const origins = (typeof siteOrigin === "string" ? [siteOrigin] : siteOrigin).map(originOf);
  if (!origins.includes(parsed.origin)) return null;
  return redactPath(parsed.pathname) + allowedQuery(parsed.search);
}

/**
 * A same-site referrer as its public location; another site's as its origin
 * only (`https://www.google.com`); null when it is not an http(s) URL.
 */
export function publicReferrer(referrer: string, siteOrigin: string | readonly string[]): string | null {
  const parsed = parseHttpUrl(referrer);
  if (!parsed) return null;
  return publicLocation(referrer, siteOrigin) ?? parsed.origin;
}

/**
 * The page as a third-party provider may see it: absolute public URLs of the
 * page and its referrer (undefined when there is none to give).
 */
export function thirdPartyPageView(href: string, referrer: string, siteOrigin: string) {
  const origin = originOf(siteOrigin);
  const location = origin ? publicLocation(href, origin) : null;
  if (!origin || location === null) return null;
  const referrerValue = publicReferrer(referrer, origin);
  return {
    location: origin + location,
    referrer: referrerValue === null ? undefined : referrerValue.startsWith("/") ? origin + referrerValue : referrerValue,
  };
}
