import type { Request } from "express";

/**
 * The request's path as the router matches it: percent-decoded and in lower
 * case (React Router ignores case). A check that keeps a path out of the shared
 * cache, or lets only some requests reach it, tests this form: tested as sent,
 * /Dev/mailbox or /%64ev/mailbox would reach the route past it.
 */
export function routedPath(req: Request): string {
  try {
    return decodeURIComponent(req.path).toLowerCase();
  } catch {
    // A malformed path is refused before any check (rejectBadRequests); this keeps the function total.
    return req.path.toLowerCase();
  }
}
