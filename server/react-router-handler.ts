import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

import { serviceUnavailableResponse } from "~/server/http/responses.server";
import { requestErrors } from "~/server/platform/context.server";
import type { DatabaseHealth } from "~/server/platform/database-health.server";

import { requestBody } from "./request-body";

/**
 * The Fetch Request React Router sees. Like @react-router/express's, except
 * that the body is the one already read and bounded by boundedRequestBody, so
 * no route, ours or the auth library's, ever reads an unbounded stream.
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const host = (forwardedHost ?? req.get("host") ?? "localhost").split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : requestBody(res);
  return new Request(url.href, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined, signal: controller.signal });
}

export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own header replaces the server's default (a route's Referrer-Policy wins); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
  databaseHealth,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** Told of each failed answer's errors: one that could not reach the database is answered 503. */
  databaseHealth: DatabaseHealth;
}): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
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
