import type { RequestHandler } from "express";

import { serviceUnavailableResponse } from "~/server/http/service-unavailable.server";
import type { DatabaseHealth } from "~/server/platform/database-health.server";

import { sendResponse } from "./react-router-handler";

/**
 * While the database is known to be down, every page and API answers 503 at
 * once (with Retry-After), rather than each request waiting for a connection
 * that fails or showing a page half made. Static files are served before this.
 */
export function answer503WhileDatabaseDown(health: DatabaseHealth): RequestHandler {
  return (req, res, next) => {
    if (health.up) return next();
    sendResponse(res, serviceUnavailableResponse(req.path)).catch(next);
  };
}
