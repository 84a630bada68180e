import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { createRequestHandler, RouterContextProvider } from "react-router";

import { serviceUnavailableResponse } from "~/server/http/service-unavailable.server";
import { requestErrors, type RequestRoute } from "~/server/platform/context.server";
import type { DatabaseHealth } from "~/server/platform/database-health.server";

import { isPersonalRequest } from "./cache-policy";
import { type CachedPage, type CacheOutcome, encodedBody, type PageCache } from "./page-cache";
import { requestBody } from "./request-body";

/**
 * The URL React Router sees, under the Host the visitor sent (behind a trusted
 * proxy, the first forwarded one, as Express reads it). Throws when that Host
 * cannot name an address: rejectBadRequests refuses such a request first.
 */
export function requestUrl(req: ExpressRequest): URL {
  const host = (req.host ?? "localhost").split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}

function fetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The Fetch Request React Router sees. Like @react-router/express's, except
 * that the body is the one already read and bounded by boundedRequestBody, so
 * no route, ours or the auth library's, ever reads an unbounded stream.
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
  const headers = fetchHeaders(req);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : requestBody(res);
  // An empty body is none: the auth library refuses a POST with a body but no Content-Type (a bearer client's logout).
  return new Request(url.href, { method: req.method, headers, body: body?.length ? new Uint8Array(body) : undefined, signal: controller.signal });
}

const isJson = (response: Response) => /^application\/json\b/i.test(response.headers.get("content-type") ?? "");

export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own header replaces the server's default (a route's Referrer-Policy wins); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) res.end();
  // A JSON answer is never streamed: sent whole, its headers and body leave in one write, with its length.
  else if (isJson(response)) {
    const body = Buffer.from(await response.arrayBuffer());
    // The compression middleware drops the length again when it compresses the answer.
    res.setHeader("Content-Length", body.length);
    res.end(body);
  } else await writeReadableStreamToWritable(response.body, res);
}

/**
 * A cached page, the same bytes for everyone: its inline scripts are allowed by
 * their hashes in place of this answer's nonce, and its body goes out in an
 * encoding compressed once (the compression middleware leaves it alone).
 */
function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, outcome: CacheOutcome) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const policy = res.getHeader("content-security-policy");
  if (typeof policy === "string")
    res.setHeader("Content-Security-Policy", policy.replace(/ ?'nonce-[^']*'/, page.scriptHashes.map((hash) => ` ${hash}`).join("")));
  res.setHeader("X-Cache", outcome.toUpperCase());
  res.locals.requestRoute = { pattern: page.route };
  res.setHeader("ETag", page.etag);
  res.vary("Accept-Encoding");
  // Brotli whenever accepted, as for the static files: browsers list gzip first but read both.
  const { body, encoding } = encodedBody(page, req.acceptsEncodings("br") || req.acceptsEncodings("gzip"));
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.send(body);
}

export function reactRouterHandler({
  handle,
  getLoadContext,
  pageCache,
  databaseHealth,
}: {
  handle: ReturnType<typeof createRequestHandler>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Anonymous public pages are served from it when given. */
  pageCache?: PageCache;
  /** Told of each failed answer's errors: one that could not reach the database is answered 503. */
  databaseHealth: DatabaseHealth;
}): RequestHandler {
  return async (req, res, next) => {
    try {
      const url = requestUrl(req);
      const cacheKey = pageCache && (req.method === "GET" || req.method === "HEAD") && !isPersonalRequest(req) ? url.href : undefined;
      if (pageCache && cacheKey) {
        const cached = pageCache.lookup(cacheKey, url.href, fetchHeaders(req));
        if (cached) return sendCachedPage(req, res, cached.page, cached.outcome);
      }
      const context = getLoadContext(req, res);
      let response = await handle(fetchRequest(req, res), context);
      if (response.status >= 500 && databaseHealth.report(requestErrors(context))) {
        await response.body?.cancel();
        response = serviceUnavailableResponse(req.path);
      }
      if (res.destroyed) {
        await response.body?.cancel();
        return;
      }
      if (response.status === 405 && req.method === "POST" && !req.path.startsWith("/api/")) {
        // A page or file that takes no form (the API's endpoints answer for themselves). A page shows its
        // error page; a file's answer from the router would say "Unexpected Server Error".
        if (isJson(response)) {
          await response.body?.cancel();
          res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).type("text/plain").send("Method Not Allowed");
          return;
        }
        response = new Response(response.body, response);
        response.headers.set("Allow", "GET, HEAD");
      }
      if (pageCache && cacheKey && req.method === "GET" && response.body) {
        // The visitor's copy streams as it renders (a page's deferred parts come later); the cache reads its own copy whole.
        const [visitorCopy, cacheCopy] = response.body.tee();
        const forCache = new Response(cacheCopy, response);
        void pageCache
          .offer(cacheKey, url.href, { response: forCache, route: res.locals.requestRoute as RequestRoute | undefined })
          .then((page) => (page ? undefined : forCache.body?.cancel()))
          // A page whose stream failed is not cached: its failure is the request's own, logged with it.
          .catch(() => {});
        response = new Response(visitorCopy, response);
        res.setHeader("X-Cache", "MISS");
      }
      await sendResponse(res, response);
    } catch (error) {
      if (res.destroyed) return;
      if (databaseHealth.report([error]) && !res.headersSent) {
        await sendResponse(res, serviceUnavailableResponse(req.path));
        return;
      }
      next(error);
    }
  };
}
