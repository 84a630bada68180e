import { normalizeIP } from "@better-auth/core/utils/ip";
import { and, eq, lte, notLike, or, sql } from "drizzle-orm";

import type { Database, Transaction } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { rateLimits } from "~/server/db/schema.server";

import { repeatEvery } from "./background.server";
import { RateLimitedError } from "./errors.server";

export const FORM_WINDOW_MS = 10 * 60 * 1000;

/**
 * The address a request's limits are counted against: an IPv4 address as it
 * is (also when written as IPv6, ::ffff:203.0.113.9), an IPv6 address by its
 * /64 network, as the auth library counts its own. A home, an office or a
 * server is given a whole /64 and may send from any address in it: counted
 * one by one, it would have 2^64 budgets and hold shares.
 */
export function limitedAddress(ip: string | undefined): string {
  return ip ? normalizeIP(ip, { ipv6Subnet: 64 }) : "unknown";
}

/** One attempt counted in its key's window: the window starts again once it has ended. */
function attemptUpsert(db: Database | Transaction) {
  const windowStart = sql`${sql.placeholder("windowStart")}::timestamptz`;
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
}

/** The attempt's upsert, built once per database (every form and checkout runs it). */
const countAttempt = preparedStatement("consume_rate_limit", (db, name) => attemptUpsert(db).prepare(name));

/**
 * Counts one attempt against `key` in a fixed window shared by every instance
 * (one upsert, atomic on both PGlite and PostgreSQL). True while within the limit.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  { limit, windowMs, now = new Date() }: { limit: number; windowMs: number; now?: Date },
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await countAttempt(db).execute({ key, now: now.toISOString(), windowStart: windowStart.toISOString() });
  return (row?.count ?? 1) <= limit;
}

const HOUR_MS = 60 * 60 * 1000;
/** Counters of an hour's window: the sweep keeps them an hour, not FORM_WINDOW_MS. */
const HOURLY_KEY_PREFIX = "hourly:";

/**
 * Counts one against an hour's budget shared by every instance, in the caller's
 * transaction (so a change rolled back spends nothing). Answers how many the hour
 * has counted, this one included: within a budget of n while at most n.
 */
export async function countInHour(db: Database | Transaction, name: string, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - HOUR_MS);
  const [row] = await attemptUpsert(db).execute({ key: `${HOURLY_KEY_PREFIX}${name}`, now: now.toISOString(), windowStart: windowStart.toISOString() });
  return row?.count ?? 1;
}

/** Takes back one attempt counted against `key` in its current window (never below zero). */
export async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/**
 * Drops the counters whose window has ended: the next attempt would start them
 * at 1 anyway, and an attacker naming a new address or account with every
 * request would otherwise grow the table without end.
 */
export async function forgetEndedRateLimits(db: Database, now = new Date()): Promise<number> {
  const ended = await db
    .delete(rateLimits)
    .where(
      or(
        and(notLike(rateLimits.key, `${HOURLY_KEY_PREFIX}%`), lte(rateLimits.windowStartedAt, new Date(now.getTime() - FORM_WINDOW_MS))),
        lte(rateLimits.windowStartedAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .returning({ key: rateLimits.key });
  return ended.length;
}

/** Forgets ended counters every ten minutes, from every instance. */
export function startRateLimitSweep(db: Database, everyMs = FORM_WINDOW_MS): { stop(): Promise<void> } {
  return repeatEvery("The rate-limit sweep", everyMs, () => forgetEndedRateLimits(db));
}

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

/** Refuses once a form has been sent too often from one address. */
export async function limitFormSubmissions(db: Database, form: string, clientIp: string, limit: number) {
  const allowed = await consumeRateLimit(db, `form:${form}:${clientIp}`, { limit, windowMs: FORM_WINDOW_MS });
  if (!allowed) throw new RateLimitedError(TOO_MANY_REQUESTS_MESSAGE);
}
