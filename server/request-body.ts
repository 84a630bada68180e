import type { IncomingMessage } from "node:http";

import type { RequestHandler, Response } from "express";
import getRawBody from "raw-body";

import { MAX_BODY_BYTES, NUL_MESSAGE } from "~/server/http/request-bodies.server";

/** Where the body read before routing waits for the React Router handler. */
export function requestBody(res: Response): Buffer | undefined {
  return res.locals.requestBody as Buffer | undefined;
}

/** Reads and discards what is left of a request, so a refusal never resets the connection. */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    req.on("end", resolve).on("close", resolve).on("error", resolve);
    req.resume();
  });
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || hasNul(item));
  return false;
}

/**
 * PostgreSQL refuses text with a NUL character, so one anywhere in a body is
 * refused before it reaches a route, ours or the auth library's: as a raw
 * byte, a JSON `\u0000` escape or a form's `%00`.
 */
function bodyHasNul(body: Buffer, contentType: string | undefined): boolean {
  if (body.includes(0)) return true;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const text = body.toString("utf8");
  if (type === "application/x-www-form-urlencoded") {
    return [...new URLSearchParams(text)].some(([key, value]) => key.includes("\0") || value.includes("\0"));
  }
  if (type === "application/json" || type.endsWith("+json") || /\\u0000/i.test(text)) {
    try {
      return hasNul(JSON.parse(text));
    } catch {
      // Not JSON after all: the route answers for a malformed body.
      return false;
    }
  }
  return false;
}

/**
 * Every request body is read here, before routing, counting bytes as they
 * arrive, whatever Content-Length says or whether it is chunked: past
 * MAX_BODY_BYTES the rest is read off and discarded and the answer is 413.
 */
export function boundedRequestBody(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return async (req, res, next) => {
    // HTTP/1.1 has a body only with one of these headers, whatever the method.
    if (req.get("content-length") === undefined && req.get("transfer-encoding") === undefined) return next();
    const refuse = async (status: number, error: string) => {
      await drain(req);
      res.status(status).set("Cache-Control", "no-store").json({ error });
    };
    let body: Buffer;
    try {
      body = await getRawBody(req, { limit: maxBytes });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === "entity.too.large") return refuse(413, "Request body too large.");
      if (type === "request.aborted") return;
      return refuse(400, "The request body could not be read.");
    }
    if (bodyHasNul(body, req.get("content-type"))) {
      res.status(400).set("Cache-Control", "no-store").json({ error: NUL_MESSAGE });
      return;
    }
    res.locals.requestBody = body;
    next();
  };
}
