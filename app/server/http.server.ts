import { data } from "react-router";
import type { z } from "zod";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { log } from "./log.server";

/** design.md 5: bodies over 64 KB are refused. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** An answer an endpoint gives by throwing: `{ error }` with a status, never a stack trace. */
export function errorResponse(status: number, error: string) {
  return data({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

async function readLimitedText(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel();
      throw errorResponse(413, "Request body too large.");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads a JSON body and validates it with the payload's shared schema. A body
 * that is not JSON is treated as empty, so the caller hears the same message a
 * missing field gives; the first problem's message answers with 400.
 */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const text = await readLimitedText(request);
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      body = {};
    }
  }
  // Only a JSON object is a payload; anything else is read as an empty one.
  const payload = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(payload);
  if (!result.success) throw errorResponse(400, firstIssueMessage(result.error));
  return result.data;
}

/**
 * CSRF guard for state-changing calls (design.md 7): a browser always sends
 * Origin on a cross-site POST, so one that names another site is refused.
 * Bearer-token calls carry no ambient credentials and pass.
 */
export function requireSameOrigin(request: Request, siteUrl: string) {
  if (request.headers.get("authorization")?.startsWith("Bearer ")) return;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const allowed = new Set([new URL(request.url).origin, new URL(siteUrl).origin]);
  if ((origin && origin !== "null" && !allowed.has(origin)) || fetchSite === "cross-site" || origin === "null") {
    throw errorResponse(403, "Cross-site requests are not allowed.");
  }
}

export function requirePost(request: Request) {
  if (request.method !== "POST") throw errorResponse(405, "Method not allowed.");
}

const isAnswer = (value: unknown) =>
  value instanceof Response || (typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit");

/**
 * Runs a JSON endpoint: its `{ error }` answers pass through; anything else
 * that goes wrong is logged and answered 500 `{ error }`, never a stack trace.
 */
export async function jsonEndpoint(name: string, run: () => Promise<object>) {
  try {
    return data(await run(), { headers: { "Cache-Control": "no-store" } });
  } catch (thrown) {
    if (isAnswer(thrown)) return thrown as ReturnType<typeof errorResponse>;
    log.error(`${name} failed`, thrown);
    return errorResponse(500, "An unexpected error occurred.");
  }
}
