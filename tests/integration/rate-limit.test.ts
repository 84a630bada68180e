import { afterAll, describe, expect, it } from "vitest";

import { consumeRateLimit } from "~/server/platform/rate-limit.server";

import { useTestDatabase } from "../support/database";

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
  });

  it("counts each key on its own", async () => {
    const now = new Date("2030-01-02T10:00:00Z");
    for (let i = 0; i < 3; i++) await consumeRateLimit(handle.db, "k2", { ...window, now });
    expect(await consumeRateLimit(handle.db, "k2", { ...window, now })).toBe(false);
    expect(await consumeRateLimit(handle.db, "k3", { ...window, now })).toBe(true);
  });

  it("never lets concurrent attempts past the limit", async () => {
    const now = new Date("2030-01-03T10:00:00Z");
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(handle.db, "k4", { ...window, now })));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});
