import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { DEMO_EDITION_OFFSETS, seedDemoCourses } from "~/server/catalogue/demo-seed.server";
import { listOfferings } from "~/server/catalogue/offerings.server";
import { courses } from "~/server/db/schema.server";

import { useTestDatabase } from "../support/database";

const handle = useTestDatabase();
afterAll(async () => {});

const today = new Date("2026-11-21T12:00:00Z");

describe("demo seed", () => {
  it("schedules future editions of every offering at the offering's price, place and capacity", async () => {
    const added = await seedDemoCourses(handle.db, today);
    expect(added).toBe(Object.values(DEMO_EDITION_OFFSETS).flat().length);
    const rows = await handle.db.select().from(courses);
    for (const offering of await listOfferings(handle.db)) {
      const editions = rows.filter((row) => row.offeringKey === offering.key);
      expect(editions.length, offering.key).toBe(DEMO_EDITION_OFFSETS[offering.key].length);
      for (const edition of editions) {
        expect(edition.startDate! > "2026-11-21").toBe(true);
        expect(edition.title).toBe(offering.title);
        expect(edition.priceAmount).toBe(offering.priceAmount);
        expect(edition.location).toBe(offering.location);
        expect(edition.stripePriceId).toBe(offering.stripePriceId);
      }
    }
  });

  it("gives Level 3 two editions under one price id, told apart by their ids", async () => {
    const level3 = (await handle.db.select().from(courses)).filter((row) => row.offeringKey === "level-3");
    expect(level3).toHaveLength(2);
    expect(new Set(level3.map((row) => row.stripePriceId)).size).toBe(1);
    expect(new Set(level3.map((row) => row.id)).size).toBe(2);
  });

  it("makes each edition as long as its offering: Level 2 runs four days", async () => {
    const level2 = (await handle.db.select().from(courses)).find((row) => row.offeringKey === "level-2")!;
    const days = (Date.parse(level2.endDate!) - Date.parse(level2.startDate!)) / 86_400_000 + 1;
    expect(days).toBe(4);
  });

  it("is idempotent: running it again adds nothing", async () => {
    const [before] = await handle.db.select({ n: count() }).from(courses);
    expect(await seedDemoCourses(handle.db, today)).toBe(0);
    const [after] = await handle.db.select({ n: count() }).from(courses);
    expect(after.n).toBe(before.n);
  });
});
