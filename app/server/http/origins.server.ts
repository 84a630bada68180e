import { CROSS_SITE_MESSAGE, errorResponse } from "./responses.server";

/**
 * A bearer-token call: an API client's, carrying no ambient credential a forged
 * page could borrow. With a cookie beside it, it is not: an invalid token is
 * ignored by the auth library and the cookie's session would act.
 */
export function isBearerOnlyCall(headers: { authorization: string | null | undefined; cookie: string | null | undefined }): boolean {
  return /^bearer\s+\S/i.test(headers.authorization ?? "") && !headers.cookie;
}

/**
 * A call no web page made: JSON, or no body at all (spec 7's claim call has
 * none), that names no origin (browsers name one on every POST, and mark a
 * cross-site fetch) and carries no cookie, so no credential a forged page
 * could borrow. A script or a server calling the API (spec 7's calls that need
 * no sign-in) sends such calls; what they may do, anyone may.
 */
export function isPagelessAnonymousCall(request: Request): boolean {
  const { headers } = request;
  // JSON, which no HTML form can send and no other site's script can without a preflight this server never grants;
  // or nothing, which no form sends either (a form always names its encoding).
  const json = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() === "application/json";
  const bodiless = !headers.get("content-type") && !headers.get("transfer-encoding") && Number(headers.get("content-length") ?? 0) === 0;
  return (json || bodiless) && !headers.get("origin") && !headers.get("cookie") && headers.get("sec-fetch-site") !== "cross-site";
}

/**
 * The origins this site's own pages name: the configured site's, and the one
 * the request reached (the same app at another address, such as a preview).
 * Every origin check (the door, requireSameOrigin, page views) asks this.
 */
export function ownOrigins(reachedOrigin: string, siteUrl: string): string[] {
  return [new URL(siteUrl).origin, reachedOrigin];
}

/**
 * CSRF guard for state-changing calls (design.md 7): browsers send Origin on
 * every POST, so one that names another site, or none at all, is refused.
 * Bearer-token calls without cookies carry no ambient credentials and pass.
 */
export function requireSameOrigin(request: Request, siteUrl: string) {
  if (isBearerOnlyCall({ authorization: request.headers.get("authorization"), cookie: request.headers.get("cookie") })) return;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (!origin || !ownOrigins(new URL(request.url).origin, siteUrl).includes(origin) || fetchSite === "cross-site") throw errorResponse(403, CROSS_SITE_MESSAGE);
}
