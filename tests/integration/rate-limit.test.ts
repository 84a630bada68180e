import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { rateLimits } from "~/server/db/schema.server";
import { consumeRateLimit, countInHour, forgetEndedRateLimits, FORM_WINDOW_MS } from "~/server/platform/rate-limit.server";

import { createTestDatabase, useTestDatabase } from "../support/database";

const handle = useTestDatabase();
afterAll(async () => {});

describe("rate limits", () => {
  const window = { limit: 3, windowMs: 60_000 };

  it("allows the limit within a window, refuses the next, and starts again after the window", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(handle.db, "k1", { ...window, now: t0 }));
    expect(results).toEqual([true, true, true, false]);
    const later = new Date(t0.getTime() + 61_000);
    expect(await consumeRateLimit(handle.db, "k1", { ...window, now: later })).toBe(true);
    // The upsert is prepared once: each call's own time starts the new window, not the first call's.
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "k1"));
    expect(row).toMatchObject({ count: 1, windowStartedAt: later });
  });

  it("counts in the database it is given, when the process has two (its prepared upsert is per database)", async () => {
    const other = await createTestDatabase();
    try {
      const now = new Date("2030-01-04T10:00:00Z");
      for (let i = 0; i < 3; i++) await consumeRateLimit(handle.db, "k5", { ...window, now });
      expect(await consumeRateLimit(other.db, "k5", { ...window, now })).toBe(true);
      expect(await other.db.select().from(rateLimits).where(eq(rateLimits.key, "k5"))).toMatchObject([{ count: 1 }]);
      expect(await consumeRateLimit(handle.db, "k5", { ...window, now })).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("counts each key on its own", async () => {
    const now = new Date("2030-01-02T10:00:00Z");
    for (let i = 0; i < 3; i++) await consumeRateLimit(handle.db, "k2", { ...window, now });
    expect(await consumeRateLimit(handle.db, "k2", { ...window, now })).toBe(false);
    expect(await consumeRateLimit(handle.db, "k3", { ...window, now })).toBe(true);
  });

  it("forgets the counters whose window has ended, and only those", async () => {
    const now = new Date("2030-01-05T10:00:00Z");
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await handle.db.insert(rateLimits).values([
      { key: "ended-long-ago", count: 40, windowStartedAt: minutesAgo(600) },
      { key: "ended-just-now", count: 3, windowStartedAt: minutesAgo(10) },
      { key: "still-counting", count: 30, windowStartedAt: minutesAgo(9) },
    ]);
    expect(await forgetEndedRateLimits(handle.db, now)).toBeGreaterThanOrEqual(2);
    const left = await handle.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, ["ended-long-ago", "ended-just-now", "still-counting"]));
    expect(left).toEqual([{ key: "still-counting" }]);
    // A spent budget stays spent until its window ends.
    expect(await consumeRateLimit(handle.db, "still-counting", { limit: 30, windowMs: FORM_WINDOW_MS, now })).toBe(false);
  });

  it("keeps an hour's budget for its hour, in a transaction's own count, and the sweep forgets it only after the hour", async () => {
    const start = new Date("2030-01-06T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(await countInHour(handle.db, "mail-to:someone@example.com", start)).toBe(1);
    // Spent in a transaction that rolls back, nothing is spent.
    await handle.db
      .transaction(async (tx) => {
        expect(await countInHour(tx, "mail-to:someone@example.com", at(1))).toBe(2);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await countInHour(handle.db, "mail-to:someone@example.com", at(2))).toBe(2);
    await forgetEndedRateLimits(handle.db, at(30));
    expect(await countInHour(handle.db, "mail-to:someone@example.com", at(31))).toBe(3);
    await forgetEndedRateLimits(handle.db, at(61));
    expect(await countInHour(handle.db, "mail-to:someone@example.com", at(62))).toBe(1);
  });

  it("never lets concurrent attempts past the limit", async () => {
    const now = new Date("2030-01-03T10:00:00Z");
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(handle.db, "k4", { ...window, now })));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});
