import type { Request, RequestHandler } from "express";
import onHeaders from "on-headers";

import { carriesCredential } from "~/server/auth/session.server";
import type { RequestRoute } from "~/server/platform/context.server";

import { routedPath } from "./routed-path";

/** Pages and calls that are always about one visitor, signed in or not. */
const PERSONAL_PATHS = [
  /^\/account(\/|\.data$|$)/,
  /^\/admin(\/|\.data$|$)/,
  /^\/auth(\/|\.data$|$)/,
  // As the router reads them: with a trailing slash, or its data beneath it (/booking-success/.data), too.
  /^\/booking-(success|canceled)(\/|\.data$|$)/,
  /^\/newsletter\//,
  /^\/interest\//,
  /^\/dev(\/|\.data$|$)/,
  /^\/api\//,
  // The root loader's data names the signed-in person.
  /^\/_root\.data$/,
];

export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * An anonymous public page: a browser asks again each time; a shared cache (a
 * CDN) may keep it 10 s and serve it up to a minute longer while it fetches a
 * new copy, as the server's own page cache does.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/** True when the answer depends on who asks: a personal page or call, a session, a bearer token. */
export function isPersonalRequest(req: Request): boolean {
  const path = routedPath(req);
  return PERSONAL_PATHS.some((pattern) => pattern.test(path)) || carriesCredential(req.get("cookie"), req.get("authorization"));
}

/**
 * Says who may cache each answer, once its headers are final: anything that
 * depends on the visitor (a session cookie or bearer token in the request, a
 * cookie set in the answer, a personal page or API) is `private, no-store`;
 * an anonymous public page may be stored but is checked again. Every answer
 * varies by Cookie and Authorization, so no cache serves one visitor's page to another.
 */
export function cachePolicy(): RequestHandler {
  return (req, res, next) => {
    onHeaders(res, () => {
      res.vary("Cookie");
      res.vary("Authorization");
      const personal = isPersonalRequest(req) || res.getHeader("set-cookie") !== undefined;
      if (personal) {
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
        return;
      }
      if (res.getHeader("cache-control") !== undefined) return;
      // A page showing a failed read (known by now unless it streams) is not kept by a CDN either.
      const readFailed = (res.locals.requestRoute as RequestRoute | undefined)?.readFailed === true;
      const cacheable = (req.method === "GET" || req.method === "HEAD") && res.statusCode === 200 && !readFailed;
      res.setHeader("Cache-Control", cacheable ? PUBLIC_CACHE_CONTROL : "no-store");
    });
    next();
  };
}
