/**
 * What is turned away before routing, ours or a library's: methods, URLs and
 * paths no route can answer, and another site's writes; a page's path in capitals is sent to its lowercase address.
 */

import type { RequestHandler, Response } from "express";

import { PAGES } from "~/lib/pages";
import { isBearerOnlyCall, ownOrigins } from "~/server/http/origins.server";
import { NUL_MESSAGE } from "~/server/http/request-bodies.server";
import { CROSS_SITE_MESSAGE } from "~/server/http/responses.server";

import { requestUrl } from "./react-router-handler";

/**
 * Longer URLs are refused before routing. The longest we send ourselves is
 * React Router's route discovery, which asks for a page's links in one URL of
 * up to 7,680 characters: a page with many links (the mailbox) needs that much.
 */
const MAX_URL_LENGTH = 8192;
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

const refuse = (res: Response, status: number, message: string, json: boolean) => {
  res.status(status).set("Cache-Control", "no-store");
  if (json) res.json({ error: message });
  else res.type("text/plain").send(message);
};

/** A path that decodes, to text without a NUL. */
function readablePath(rawPath: string): boolean {
  try {
    return !decodeURIComponent(rawPath).includes("\0");
  } catch {
    return false;
  }
}

/**
 * Refuses what no route of ours can answer, before routing: other methods,
 * overlong or malformed URLs or ones that are not a path, a Host that names no address, and a NUL character in the query (400), which
 * PostgreSQL would refuse as text. A path that cannot be read (a broken
 * %-escape, a NUL) names nothing: a page's goes to /404 as any unknown path
 * does (spec 2), anything else's is a plain 404.
 */
export function rejectBadRequests(): RequestHandler {
  return (req, res, next) => {
    const json = req.path.startsWith("/api/");
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.set("Allow", ALLOWED_METHODS.join(", "));
      if (req.method === "OPTIONS") res.status(204).send("");
      // The JSON API answers in JSON, as its own endpoints refuse a method they do not take.
      else refuse(res, 405, json ? "Method not allowed." : "Method Not Allowed", json);
      return;
    }
    if (req.originalUrl.length > MAX_URL_LENGTH) return refuse(res, 400, "Bad Request: URL too long", json);
    // Only a path: a proxy's absolute URL (`GET http://host/path`) names no route here.
    if (!req.originalUrl.startsWith("/")) return refuse(res, 400, "Bad Request: malformed URL", json);
    const [rawPath, rawQuery = ""] = req.originalUrl.split(/\?(.*)/s);
    let query: URLSearchParams;
    try {
      query = new URLSearchParams(rawQuery);
      new URL(req.originalUrl, "http://localhost");
    } catch {
      return refuse(res, 400, "Bad Request: malformed URL", json);
    }
    try {
      requestUrl(req);
    } catch {
      return refuse(res, 400, "Bad Request: malformed Host header", json);
    }
    if (!readablePath(rawPath)) {
      const page = (req.method === "GET" || req.method === "HEAD") && !json && !rawPath.endsWith(".data");
      if (page) return res.set("Cache-Control", "no-store").redirect(302, "/404");
      return refuse(res, 404, "Not Found", json);
    }
    if ([...query].some(([name, value]) => name.includes("\0") || value.includes("\0"))) return refuse(res, 400, NUL_MESSAGE, json);
    next();
  };
}

/**
 * CSRF at the door (design.md 7): a state-changing request that a browser
 * says comes from another site is refused before any route, ours or a
 * library's, sees it. Bearer-token calls without cookies carry no ambient credentials and pass;
 * a request without Origin is left to the route, which asks for one.
 */
export function refuseCrossSiteWrites(siteUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || isBearerOnlyCall({ authorization: req.get("authorization"), cookie: req.get("cookie") }))
      return next();
    const origin = req.get("origin");
    if ((origin !== undefined && !ownOrigins(`${req.protocol}://${req.get("host")}`, siteUrl).includes(origin)) || req.get("sec-fetch-site") === "cross-site") {
      return refuse(res, 403, CROSS_SITE_MESSAGE, true);
    }
    next();
  };
}

/**
 * Spec 2's pages live at lowercase paths. The router would also answer /Courses,
 * a second address for the same page in caches and search results: it is sent
 * to /courses (301), its query kept.
 */
export function lowercasePagePaths(): RequestHandler {
  const pages = new Set(PAGES.filter((page) => !page.path.includes(":")).map((page) => `/${page.path}`));
  return (req, res, next) => {
    const lower = req.path.toLowerCase();
    if ((req.method !== "GET" && req.method !== "HEAD") || lower === req.path || !pages.has(lower)) return next();
    const queryAt = req.originalUrl.indexOf("?");
    res.redirect(301, lower + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
  };
}
