import { CALLBACK_MESSAGE } from "~/lib/schemas/auth";
import { InvalidInputError, isDatabaseUnavailable, NotFoundError, RateLimitedError, UnavailableError, UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

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
