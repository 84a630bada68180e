import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFERINGS } from "~/content/offerings";
import type { DatabaseHandle } from "~/server/db/client.server";
import { courses } from "~/server/db/schema.server";
import { seedDemoCourses } from "~/server/seed.server";
import { createTestDatabase } from "../support/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const today = new Date("2026-11-21T12:00:00Z");

describe("demo seed", () => {
  it("adds future dates for every offering, with prices in pence and price ids starting price_", async () => {
    const added = await seedDemoCourses(handle.db, today);
    expect(added).toBeGreaterThan(0);
    const rows = await handle.db.select().from(courses);
    for (const offering of OFFERINGS) {
      const editions = rows.filter((row) => row.title === offering.title);
      expect(editions.length, offering.title).toBeGreaterThan(0);
      for (const edition of editions) {
        expect(edition.startDate! > "2026-11-21").toBe(true);
        expect(edition.priceAmount).toBe(offering.priceAmount);
        expect(edition.location).toBe(offering.location);
        expect(edition.capacity).toBeGreaterThan(0);
        expect(edition.capacity).toBeLessThanOrEqual(16);
        if (edition.stripePriceId) expect(edition.stripePriceId).toMatch(/^price_/);
      }
    }
  });

  it("gives Level 3 two editions with two different price ids", async () => {
    const rows = await handle.db.select().from(courses);
    const level3 = rows.filter((row) => row.title === "Level 3 - Full Arch Zygomatic Implants");
    expect(new Set(level3.map((row) => row.stripePriceId)).size).toBe(2);
  });

  it("makes each edition as long as its offering: Level 2 runs four days", async () => {
    const rows = await handle.db.select().from(courses);
    const level2 = rows.find((row) => row.title === "Level 2 - Ultimate Full Arch Live Course")!;
    const days = (Date.parse(level2.endDate!) - Date.parse(level2.startDate!)) / 86_400_000 + 1;
    expect(days).toBe(4);
    expect(level2.location).toContain("Dubai");
  });

  it("is idempotent: running it again adds nothing", async () => {
    const [before] = await handle.db.select({ n: count() }).from(courses);
    expect(await seedDemoCourses(handle.db, today)).toBe(0);
    const [after] = await handle.db.select({ n: count() }).from(courses);
    expect(after.n).toBe(before.n);
  });
});
