/**
 * What a domain function throws when it refuses: a message meant for the
 * person, and a kind the HTTP layer turns into a status. Domain code never
 * builds responses; app/server/http does.
 */
export class DomainError extends Error {
  override name = "DomainError";
}

/** The input breaks a rule the schema could not see (an unknown course, say): 400. */
export class InvalidInputError extends DomainError {
  override name = "InvalidInputError";
}

/** Too many attempts from one address or for one account in the window: 429. */
export class RateLimitedError extends DomainError {
  override name = "RateLimitedError";
}

/** What was asked for cannot be had now (a fully booked course): 409. */
export class UnavailableError extends DomainError {
  override name = "UnavailableError";
}

/** Nothing by that name or id: 404. */
export class NotFoundError extends DomainError {
  override name = "NotFoundError";
}

/** A service we depend on (the payment provider) failed or refused: 502. */
export class UpstreamError extends DomainError {
  override name = "UpstreamError";
}

/** SQLSTATEs that mean the server is going away, starting up, or full (PostgreSQL's appendix A); class 08 is connection exceptions. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Socket errors of a database we cannot reach. */
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/**
 * What node-postgres says, without a code, when a connection dies or cannot be had in time, or when a query
 * gets no answer within its limit (a database that stopped answering without closing its connections).
 */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /is not queryable$/, /^Query read timeout$/];

/**
 * Whether an error means the database cannot be reached at the moment (down,
 * restarting, refusing connections), rather than that a query was wrong. The
 * drivers' errors arrive wrapped (Drizzle's "Failed query", the auth library's
 * own), so causes and aggregated errors are looked through.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
