import { createHash, timingSafeEqual } from "node:crypto";

import type { RequestHandler } from "express";

import { countLiveHolds } from "~/server/catalogue/places.server";
import { outboxBacklog } from "~/server/email/outbox.server";
import type { AppServices } from "~/server/platform/context.server";
import { withinMs } from "~/server/platform/database-health.server";
import { log } from "~/server/platform/log.server";
import { type DatabaseReadings, renderMetrics } from "~/server/platform/metrics.server";

import { isLocalRequest } from "./local-requests";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (digests of equal length, whatever was sent). */
function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(authorization.slice("Bearer ".length)), digest(token));
}

/**
 * GET /metrics in Prometheus's text format, for this machine (a loopback
 * socket, no proxy in between) or a scraper with the token. Anyone else gets
 * the 404 of a path that does not exist.
 */
export function metricsEndpoint({ env, database }: Pick<AppServices, "env" | "database">): RequestHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!isLocalRequest(req) && !hasMetricsToken(req.get("authorization"), env.metricsToken)) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    let readings: DatabaseReadings | null = null;
    try {
      // A scrape waits a short while at most: a database that stopped answering must not hold it.
      const [outbox, liveHolds] = await withinMs(Promise.all([outboxBacklog(database.db), countLiveHolds(database.db, new Date())]), 2_000);
      readings = { outbox, liveHolds };
    } catch (error) {
      // The request counts matter most while the database is down: they are shown without its readings.
      log.error("Reading metrics from the database failed", error);
    }
    const { contentType, text } = await renderMetrics(readings);
    res.type(contentType).send(text);
  };
}
