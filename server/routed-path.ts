import type { Request } from "express";

/**
 * The request's path as the router matches it: parsed as the router's URL is
 * (dot segments resolved, a backslash read as a slash), percent-decoded and in
 * lower case (React Router ignores case). A check that keeps a path out of the
 * shared cache, or lets only some requests reach it, tests this form: tested as
 * sent, /Dev/mailbox, /%64ev/mailbox or /x/%2e%2e/dev/mailbox would reach the route past it.
 */
export function routedPath(req: Request): string {
  try {
    // Built as the router's URL is (react-router-handler.ts), so a path starting with // stays a path.
    return decodeURIComponent(new URL(`http://localhost${req.originalUrl}`).pathname).toLowerCase();
  } catch {
    // A malformed path is refused before any check (rejectBadRequests); this keeps the function total.
    return req.path.toLowerCase();
  }
}
