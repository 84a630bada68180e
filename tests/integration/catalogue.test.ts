import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import {
  byOffering,
  datePricesByOffering,
  findCourseOffering,
  OfferingNotFoundError,
  scheduledEditions,
  scheduleEdition,
  todayIsoDate,
  upcomingEditions,
} from "~/server/catalogue/editions.server";
import { listOfferings, offeringsByKey } from "~/server/catalogue/offerings.server";
import { courses, offerings, userCoursePurchases } from "~/server/db/schema.server";

import { addEdition, addPurchase } from "../support/catalogue";
import { changeOfferingPrice } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";

const handle = useTestDatabase();
afterAll(async () => {});
beforeEach(async () => {
  await handle.db.delete(userCoursePurchases);
  await handle.db.delete(courses);
});

const TODAY = "2026-11-21";

describe(`the catalogue in the database on ${testDriver}`, () => {
  it("holds the spec's six offerings with their prices in pence, formats, places and price ids, in the institute's order", async () => {
    const all = await listOfferings(handle.db);
    expect(all.map((offering) => [offering.key, offering.title, offering.priceAmount, offering.lengthDays, offering.stripePriceId])).toEqual([
      ["level-1", "Level 1 - Full Arch Implant Course", 150_000, 2, null],
      ["level-2", "Level 2 - Ultimate Full Arch Live Course", 1_200_000, 4, "price_level2_live_surgery"],
      ["level-3", "Level 3 - Full Arch Zygomatic Implants", 1_299_500, 4, "price_level3_zygomatic_winter"],
      ["complications", "Full Arch Complications", 90_000, 1, "price_full_arch_complications"],
      ["sinus-grafting", "Sinus Grafting", 150_000, 1, "price_sinus_grafting"],
      ["hard-soft-tissue-grafting", "Hard and Soft Tissue Grafting Course", 200_000, 1, null],
    ]);
    expect(all.map((offering) => offering.bookable)).toEqual([false, true, true, true, true, false]);
    expect(all.find((offering) => offering.key === "level-2")?.location).toContain("Dubai");
  });

  it("refuses a price id that does not start with price_, a negative price and an edition of no offering", async () => {
    await expect(handle.db.update(offerings).set({ stripePriceId: "prod_1" }).where(eq(offerings.key, "level-1"))).rejects.toThrow();
    await expect(handle.db.update(offerings).set({ priceAmount: -1 }).where(eq(offerings.key, "level-1"))).rejects.toThrow();
    await expect(addEdition(handle.db, { startDate: "2027-01-01", offeringKey: "no-such-offering" })).rejects.toThrow();
  });
});

describe(`scheduling an edition on ${testDriver}`, () => {
  it("copies the offering's title, format, location, price, price id and capacity, and its copy, and runs as long as it does", async () => {
    const edition = await scheduleEdition(handle.db, { offeringKey: "level-2", startDate: "2027-03-08" });
    expect(edition).toMatchObject({
      offeringKey: "level-2",
      title: "Level 2 - Ultimate Full Arch Live Course",
      slug: "level-2-ultimate-full-arch-live-course",
      duration: "4 days",
      location: "Dubai Healthcare City, Building 27, Block C, Ground Floor, Dubai",
      startDate: "2027-03-08",
      endDate: "2027-03-11",
      priceAmount: 1_200_000,
      priceCurrency: "gbp",
      stripePriceId: "price_level2_live_surgery",
      capacity: 8,
      isActive: true,
      imageUrl: "/media/img/course-level-2-960.webp",
    });
    expect(edition.description).toMatch(/live full-arch surgery/i);
    expect((await scheduleEdition(handle.db, { offeringKey: "sinus-grafting", startDate: "2027-03-08", capacity: 3 })).capacity).toBe(3);
    await expect(scheduleEdition(handle.db, { offeringKey: "no-such-offering", startDate: "2027-03-08" })).rejects.toBeInstanceOf(OfferingNotFoundError);
  });

  it("leaves an edition already scheduled at its price when the offering's price changes; new editions take the new one", async () => {
    const sold = await scheduleEdition(handle.db, { offeringKey: "complications", startDate: "2027-02-01" });
    expect(await changeOfferingPrice(handle.db, "complications", 95_000)).toBe(true);
    const next = await scheduleEdition(handle.db, { offeringKey: "complications", startDate: "2027-05-01" });
    const editions = await upcomingEditions(handle.db, { today: TODAY, offeringKeys: ["complications"] });
    expect(editions.map((edition) => [edition.id, edition.priceAmount])).toEqual([
      [sold.id, 90_000],
      [next.id, 95_000],
    ]);
    expect((await offeringsByKey(handle.db, ["complications"])).complications.priceAmount).toBe(95_000);
    expect(await changeOfferingPrice(handle.db, "no-such-offering", 1)).toBe(false);
    // A negative price is refused by the database itself, whatever writes it.
    await expect(changeOfferingPrice(handle.db, "complications", -5)).rejects.toThrow();
    expect((await offeringsByKey(handle.db, ["complications"])).complications.priceAmount).toBe(95_000);
    await changeOfferingPrice(handle.db, "complications", 90_000);
  });
});

describe(`upcoming editions on ${testDriver}`, () => {
  it("lists active editions starting after today, soonest first, grouped by offering key", async () => {
    await addEdition(handle.db, { offeringKey: "level-2", title: "Level 2", startDate: "2027-04-12", endDate: "2027-04-15" });
    await addEdition(handle.db, { offeringKey: "level-2", title: "Level 2", startDate: "2027-01-18", endDate: "2027-01-21" });
    await addEdition(handle.db, { startDate: "2027-03-03" });
    await addEdition(handle.db, { startDate: "2026-10-01" });
    await addEdition(handle.db, { startDate: TODAY });
    await addEdition(handle.db, { startDate: "2027-02-01", isActive: false });

    const grouped = byOffering(await upcomingEditions(handle.db, { today: TODAY }));
    expect(Object.keys(grouped).sort()).toEqual(["level-2", "sinus-grafting"]);
    expect(grouped["level-2"].map((edition) => edition.startDate)).toEqual(["2027-01-18", "2027-04-12"]);
    expect(grouped["sinus-grafting"].map((edition) => edition.startDate)).toEqual(["2027-03-03"]);
    expect(await upcomingEditions(handle.db, { today: TODAY, offeringKeys: [] })).toEqual([]);
    expect((await upcomingEditions(handle.db, { today: TODAY, offeringKeys: ["level-2"] })).map((edition) => edition.offeringKey)).toEqual([
      "level-2",
      "level-2",
    ]);
  });

  it("counts places left from successful purchases only, and never below zero", async () => {
    const edition = await addEdition(handle.db, { startDate: "2027-01-20", capacity: 6, stripePriceId: "price_sinus" });
    const full = await addEdition(handle.db, { startDate: "2027-02-20", capacity: 2, stripePriceId: "price_sinus" });
    for (const status of ["paid", "complete", "paid", "pending", "refunded", "canceled"] as const) await addPurchase(handle.db, edition.id, status);
    for (let i = 0; i < 3; i++) await addPurchase(handle.db, full.id, "paid");
    const editions = await upcomingEditions(handle.db, { today: TODAY });
    expect(editions.map((row) => [row.startDate, row.placesLeft, row.bookable])).toEqual([
      ["2027-01-20", 3, true],
      ["2027-02-20", 0, true],
    ]);
  });

  it("sells a date on its own price and price id, whatever its offering's, and gives each offering's prices on sale", async () => {
    await addEdition(handle.db, { startDate: "2027-01-10", stripePriceId: "price_sinus" });
    await addEdition(handle.db, { startDate: "2027-02-10", stripePriceId: "price_sinus" });
    await addEdition(handle.db, { startDate: "2027-03-10", stripePriceId: "price_sinus_new", priceAmount: 1_299_550 });
    await addEdition(handle.db, { startDate: "2027-04-10", stripePriceId: null, priceAmount: 90_000 });
    await addEdition(handle.db, { startDate: "2027-05-10", stripePriceId: "price_sinus", priceAmount: null });
    await addEdition(handle.db, { startDate: "2027-06-10", stripePriceId: "price_sinus", priceAmount: 50_000, isActive: false });
    await addEdition(handle.db, { startDate: "2026-11-01", stripePriceId: "price_sinus", priceAmount: 60_000 });
    await addEdition(handle.db, { offeringKey: "complications", startDate: "2027-01-11", stripePriceId: "price_full_arch_complications", priceAmount: 90_000 });
    await handle.db.update(offerings).set({ stripePriceId: null }).where(eq(offerings.key, "sinus-grafting"));
    try {
      const editions = await upcomingEditions(handle.db, { today: TODAY, offeringKeys: ["sinus-grafting"] });
      expect(editions.map((edition) => [edition.startDate, edition.bookable])).toEqual([
        ["2027-01-10", true],
        ["2027-02-10", true],
        ["2027-03-10", true],
        ["2027-04-10", false],
        ["2027-05-10", false],
      ]);
      const prices = await datePricesByOffering(handle.db, { today: TODAY, offeringKeys: ["sinus-grafting", "complications", "level-2"] });
      expect(prices["sinus-grafting"].toSorted((a, b) => a.amount - b.amount)).toEqual([
        { amount: 150_000, currency: "gbp" },
        { amount: 1_299_550, currency: "gbp" },
      ]);
      expect(prices.complications).toEqual([{ amount: 90_000, currency: "gbp" }]);
      expect(prices).not.toHaveProperty("level-2");
      expect(await datePricesByOffering(handle.db, { today: TODAY, offeringKeys: [] })).toEqual({});
    } finally {
      await handle.db.update(offerings).set({ stripePriceId: "price_sinus_grafting" }).where(eq(offerings.key, "sinus-grafting"));
    }
  });

  it("the schedule holds every active edition with a date, those running or held already too, marking only those after today upcoming", async () => {
    const held = await addEdition(handle.db, { startDate: "2026-09-01", endDate: "2026-09-04" });
    const running = await addEdition(handle.db, { startDate: "2026-11-20", endDate: "2026-11-23" });
    const startsToday = await addEdition(handle.db, { startDate: TODAY });
    const next = await addEdition(handle.db, { startDate: "2027-05-05", capacity: 4 });
    const off = await addEdition(handle.db, { startDate: "2027-05-06", isActive: false });
    const ids = [held.id, running.id, startsToday.id, next.id, off.id];

    const schedule = (await scheduledEditions(handle.db, { today: TODAY })).filter((edition) => ids.includes(edition.id));

    expect(schedule.map((edition) => [edition.id, edition.upcoming])).toEqual([
      [held.id, false],
      [running.id, false],
      [startsToday.id, false],
      [next.id, true],
    ]);
    expect(schedule[3].placesLeft).toBe(4);
  });

  it("defaults to today's date", async () => {
    // The day in Dubai, whatever zone the server runs in: a course has begun there first.
    const zone = process.env.TZ;
    try {
      for (const serverZone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"]) {
        process.env.TZ = serverZone;
        expect(todayIsoDate(new Date("2026-11-21T19:59:59Z")), serverZone).toBe("2026-11-21");
        expect(todayIsoDate(new Date("2026-11-21T20:00:00Z")), serverZone).toBe("2026-11-22");
        expect(todayIsoDate(new Date("2026-12-31T20:30:00Z")), serverZone).toBe("2027-01-01");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    await addEdition(handle.db, { startDate: "2000-01-01" });
    await addEdition(handle.db, { startDate: "2999-01-01" });
    expect((await upcomingEditions(handle.db)).map((edition) => edition.startDate)).toEqual(["2999-01-01"]);
  });
});

describe(`a course page's offering on ${testDriver}`, () => {
  it("is found by its slug or one of its editions' ids, with its future editions; never by another's", async () => {
    const first = await scheduleEdition(handle.db, { offeringKey: "level-3", startDate: "2027-01-20" });
    await scheduleEdition(handle.db, { offeringKey: "level-3", startDate: "2027-04-20" });
    const bySlug = await findCourseOffering(handle.db, "level-3-full-arch-zygomatic-implants", TODAY);
    const byId = await findCourseOffering(handle.db, first.id, TODAY);
    expect(bySlug?.offering.key).toBe("level-3");
    expect(byId).toEqual(bySlug);
    expect(bySlug?.editions.map((edition) => edition.startDate)).toEqual(["2027-01-20", "2027-04-20"]);
    expect(await findCourseOffering(handle.db, "no-such-course", TODAY)).toBeNull();
    expect(await findCourseOffering(handle.db, randomUUID(), TODAY)).toBeNull();
  });

  it("still describes an offering with no future edition", async () => {
    await addEdition(handle.db, { startDate: "2026-03-03" });
    const course = await findCourseOffering(handle.db, "sinus-grafting", TODAY);
    expect(course).toMatchObject({ offering: { key: "sinus-grafting", priceAmount: 150_000 }, editions: [] });
  });

  it("finds an offering's editions by key after the offering's title is renamed, and gives its new title", async () => {
    const edition = await scheduleEdition(handle.db, { offeringKey: "sinus-grafting", startDate: "2027-06-01" });
    await handle.db.update(offerings).set({ title: "Sinus Lift Masterclass" }).where(eq(offerings.key, "sinus-grafting"));
    try {
      const course = await findCourseOffering(handle.db, edition.id, TODAY);
      expect(course?.offering.title).toBe("Sinus Lift Masterclass");
      expect(course?.editions.map((row) => row.id)).toEqual([edition.id]);
    } finally {
      await handle.db.update(offerings).set({ title: "Sinus Grafting" }).where(eq(offerings.key, "sinus-grafting"));
    }
  });
});
