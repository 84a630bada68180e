import { randomUUID } from "node:crypto";

import type { Request, RequestHandler, Response } from "express";

import { redactPath } from "~/lib/page-location";
import { log, runWithRequestId } from "~/server/platform/log.server";
import { recordHttpRequest } from "~/server/platform/metrics.server";

const REQUEST_ID_HEADER = "X-Request-Id";
/** A proxy's or client's own id is kept when it is plainly an id; anything else could forge or garble a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** The only methods routed; any other is refused, and counted under one label. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST"]);
/** The status of a request its client abandoned before the answer was complete (nginx's "client closed request"). */
const CLIENT_CLOSED_REQUEST = 499;

/** This request's id, set by requestLog before anything else runs. */
export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

/**
 * The label of what answered, bounded whatever paths visitors try: React
 * Router's route pattern, else the Express route (/healthz, /metrics), else
 * `unmatched` (files, refusals before routing, paths no route matches).
 */
function routeLabel(req: Request, res: Response): string {
  const pattern = (res.locals.requestRoute as { pattern?: string } | undefined)?.pattern;
  // React Router writes patterns without the leading slash (`courses/:slug`), the index as `/`.
  if (pattern) return pattern.startsWith("/") ? pattern : `/${pattern}`;
  const expressRoute = (req.route as { path?: unknown } | undefined)?.path;
  return typeof expressRoute === "string" && !expressRoute.includes("*") ? expressRoute : "unmatched";
}

/**
 * Names each request (X-Request-Id, kept from the caller when sane), and once
 * it is answered, or abandoned by its client (499), writes its line to the log
 * and its measures to /metrics.
 * Everything logged while answering carries the id.
 */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get(REQUEST_ID_HEADER);
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.set(REQUEST_ID_HEADER, requestId);
    let recorded = false;
    const record = (status: number) => {
      if (recorded) return;
      recorded = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req, res);
      recordHttpRequest({ method: ROUTED_METHODS.has(req.method) ? req.method : "other", route, status: String(status) }, seconds);
      // The path only, with token-bearing segments redacted: query strings and reset links carry tokens.
      const fullPath = redactPath(req.originalUrl.split("?")[0]);
      const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
      const ms = Math.round(seconds * 10_000) / 10;
      log.info(`${req.method} ${path} ${status} ${ms}ms`, { requestId, method: req.method, path, status, ms, route });
      // What React Router reported is a failure only if the answer is one.
      if (status >= 500)
        for (const error of (res.locals.requestErrors as unknown[] | undefined) ?? []) log.error(`Request to ${path} failed`, error, { requestId });
    };
    res.on("finish", () => record(res.statusCode));
    // "close" without "finish": the client gave up before the answer was sent; still one line and one count.
    res.on("close", () => record(CLIENT_CLOSED_REQUEST));
    runWithRequestId(requestId, next);
  };
}
