import type { z } from "zod";

import { CALLBACK_MESSAGE } from "~/lib/schemas/auth";
import { firstIssueMessage, NUL_MESSAGE } from "~/lib/schemas/fields";
import { InvalidInputError, isDatabaseUnavailable, NotFoundError, RateLimitedError, UnavailableError, UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

export { NUL_MESSAGE };

/** design.md 5: bodies over 64 KB are refused, however they are sent. */
export const MAX_BODY_BYTES = 64 * 1024;

/** An answer an endpoint gives by throwing: `{ error }` with a status, never a stack trace. */
export function errorResponse(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

/** What a refused call hears when the auth library's message is about its own input checks, not for a visitor's eyes. */
const INVALID_AUTH_REQUEST_MESSAGE = "Invalid request.";

/**
 * The library's own refusals of a request it could not read or check before
 * the product's rules see it: its schema checks (which name its internal
 * fields), a body in no JSON or form encoding, malformed JSON, a field it
 * wants as text that is not.
 */
function isLibraryInputCheck(body: { code?: unknown; message: string }): boolean {
  return (
    body.code === "VALIDATION_ERROR" ||
    body.code === "UNSUPPORTED_MEDIA_TYPE" ||
    (body.code === "BAD_REQUEST" && body.message === "Invalid JSON in request body") ||
    /^Invalid [A-Za-z]+: expected a string$/.test(body.message)
  );
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

/** The library's refusals of where a request came from or leads to, in the words the product's own checks use. */
const LIBRARY_REFUSALS: Record<string, string> = {
  MISSING_OR_NULL_ORIGIN: CROSS_SITE_MESSAGE,
  INVALID_ORIGIN: CROSS_SITE_MESSAGE,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: CROSS_SITE_MESSAGE,
  INVALID_CALLBACK_URL: CALLBACK_MESSAGE,
  INVALID_ERROR_CALLBACK_URL: CALLBACK_MESSAGE,
  INVALID_NEW_USER_CALLBACK_URL: CALLBACK_MESSAGE,
  INVALID_REDIRECT_URL: CALLBACK_MESSAGE,
};

/**
 * The auth library answers a refusal as `{ message, code }`; every JSON endpoint
 * of the product answers `{ error }` (design.md 5). The refusal gains `error`,
 * keeping the library's fields for its own clients; a refusal by the library's
 * own input checks reads as the endpoint's message for a request it cannot
 * read (a plain invalid request unless given).
 */
export async function withErrorField(response: Response, unreadable = INVALID_AUTH_REQUEST_MESSAGE): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (body === null || typeof body !== "object" || "error" in body || !("message" in body) || typeof body.message !== "string") return response;
  const code = "code" in body ? body.code : undefined;
  const message =
    (typeof code === "string" && Object.hasOwn(LIBRARY_REFUSALS, code) ? LIBRARY_REFUSALS[code] : undefined) ??
    (isLibraryInputCheck({ code, message: body.message }) ? unreadable : body.message);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, error: message, message }), { status: response.status, statusText: response.statusText, headers });
}

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

/** The HTTP status of a domain refusal; undefined for anything else (a failure). */
export function refusalStatus(thrown: unknown): number | undefined {
  if (thrown instanceof RateLimitedError) return 429;
  if (thrown instanceof InvalidInputError) return 400;
  if (thrown instanceof UnavailableError) return 409;
  if (thrown instanceof NotFoundError) return 404;
  if (thrown instanceof UpstreamError) return 502;
  return undefined;
}

/**
 * A domain refusal as a page action shows it: its status and message. Anything
 * else is a failure, thrown again for the error boundary (and the log).
 */
export function refusalOf(thrown: unknown): { status: number; message: string } {
  const status = refusalStatus(thrown);
  if (!status) throw thrown;
  return { status, message: (thrown as Error).message };
}

/** Spec 8's word for a failure nobody foresaw. */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";

/**
 * Runs a JSON endpoint and turns what its domain call throws into an answer:
 * responses, returned or thrown, pass through, domain refusals get their status,
 * anything else is logged and answered 500 `{ error }`, never a stack trace.
 */
export async function jsonEndpoint(name: string, run: () => Promise<object>): Promise<Response> {
  try {
    const answer = await run();
    return answer instanceof Response ? answer : Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // The HTTP server answers these for the whole site (503, and every request after it until the database is back).
    if (isDatabaseUnavailable(thrown)) throw thrown;
    const status = refusalStatus(thrown);
    if (status) return errorResponse(status, (thrown as Error).message);
    log.error(`${name} failed`, thrown);
    return errorResponse(500, UNEXPECTED_ERROR_MESSAGE);
  }
}

/** While the database cannot be reached: every page and API says so, and when to try again. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a minute.";
export const RETRY_AFTER_SECONDS = 30;

/**
 * The 503 answer while the database is down: `{ error }` under /api/, a small
 * page of its own otherwise (the site's layout needs the database it lacks).
 */
export function serviceUnavailableResponse(pathname: string): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (pathname.startsWith("/api/")) return Response.json({ error: SERVICE_UNAVAILABLE_MESSAGE }, { status: 503, headers });
  // A page's data or a form's answer asked for by the router in the browser: it shows this text as the error's own.
  if (pathname.endsWith(".data"))
    return new Response(SERVICE_UNAVAILABLE_MESSAGE, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(SERVICE_UNAVAILABLE_PAGE, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

const SERVICE_UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable | Global Implant Institute</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fa; color: #0f1b2d; font: 1.0625rem/1.6 system-ui, sans-serif; }
main { max-width: 32rem; padding: 2rem; text-align: center; }
h1 { font: 600 1.75rem/1.3 Georgia, serif; margin: 0 0 1rem; }
a { color: #0f1b2d; }
</style>
</head>
<body>
<main>
<h1>Global Implant Institute</h1>
<p>${SERVICE_UNAVAILABLE_MESSAGE}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;

/** The answer for a CSV download under the file name given, never cached. */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "-")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * The headers of a page an emailed link opens: its URL carries the link's
 * secrets, so no other site's page or host gets it as a referrer. Same-origin
 * (not no-referrer): under no-referrer a browser sends `Origin: null` with the
 * page's form when scripts are off or not yet loaded, and the form would be refused as cross-site.
 */
export const emailLinkPageHeaders = () => ({ "Referrer-Policy": "same-origin" });

const cleanToken = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");

/** An emailed link's token, from its URL (as the link and RFC 8058's one-click POST carry it). */
export function emailLinkToken(request: Request): string {
  return cleanToken(new URL(request.url).searchParams.get("token"));
}

/**
 * What an emailed link does, on POST only, so link scanners that follow the GET
 * cannot do it: its page's form carries the token in its body, a mail client's
 * one-click POST (RFC 8058) in the URL. The token is the proof. True when `act` found it.
 */
export async function actOnEmailLink(request: Request, act: (token: string) => Promise<unknown>): Promise<boolean> {
  const form = await readFormData(request);
  const token = emailLinkToken(request) || cleanToken(form.get("token"));
  const row = token ? await act(token) : null;
  return row !== null;
}
