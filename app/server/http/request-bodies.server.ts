import type { z } from "zod";

import { firstIssueMessage, NUL_MESSAGE } from "~/lib/schemas/fields";

import { errorResponse } from "./responses.server";

export { NUL_MESSAGE };

/** design.md 5: bodies over 64 KB are refused, however they are sent. */
export const MAX_BODY_BYTES = 64 * 1024;

async function readLimitedBytes(request: Request): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw errorResponse(413, "Request body too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A body exactly as it was sent (a webhook's signature covers these bytes), within the size limit. */
export async function readRawBody(request: Request): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(request));
}

/** JSON is UTF-8 (RFC 8259): text in another encoding is unreadable, never silently changed into U+FFFD. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Every key and string of parsed JSON is well-formed UTF-16: a `\ud800` escape
 * alone is half a character, which PostgreSQL's UTF-8 would store as U+FFFD.
 */
function isWellFormedJson(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(isWellFormedJson);
  if (value !== null && typeof value === "object") return Object.entries(value).every(([key, item]) => key.isWellFormed() && isWellFormedJson(item));
  return true;
}

/**
 * Reads a JSON body and validates it with the payload's shared schema. A body
 * that is not JSON in UTF-8 (a lone surrogate escape included) is treated as empty, so the caller hears the same message a
 * missing field gives; the first problem's message answers with 400.
 */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const bytes = await readLimitedBytes(request);
  let body: unknown = {};
  try {
    const text = strictUtf8.decode(bytes);
    if (text.trim()) body = JSON.parse(text);
    if (!isWellFormedJson(body)) body = {};
  } catch {
    body = {};
  }
  // Only a JSON object is a payload; anything else is read as an empty one.
  const payload = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(payload);
  if (!result.success) throw errorResponse(400, firstIssueMessage(result.error));
  return result.data;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const FORM_TYPE_MESSAGE = "Please send the form as application/x-www-form-urlencoded or multipart/form-data.";

/**
 * A page action's form: only the two form encodings are read (415 for any
 * other), a body that does not parse is 400, and so is a NUL character in any field.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw errorResponse(415, FORM_TYPE_MESSAGE);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw errorResponse(400, "The form could not be read.");
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) throw errorResponse(400, NUL_MESSAGE);
  }
  return form;
}

/**
 * A page's form posted by the browser itself, as when scripts are off or the
 * form's code has not loaded: a navigation, which asks for a page (`Accept:
 * text/html`). The page's script posts through the router's fetch, which asks
 * for any type and acts on the answer itself (a toast, a navigation). A page
 * post is answered as a page: a success that leads elsewhere by a redirect,
 * anything else by the page drawn again with the form's answer.
 */
export function isPagePost(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}
