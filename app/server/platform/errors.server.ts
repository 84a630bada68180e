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
