import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { courses, userCoursePurchases } from "~/server/db/schema.server";
import { findCourseOffering, listActiveCourses, todayIsoDate, upcomingDatesByTitle } from "~/server/courses.server";
import { createTestDatabase } from "../support/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(userCoursePurchases);
  await handle.db.delete(courses);
});

const TODAY = "2026-11-21";
const LIVE = "Level 2 - Ultimate Full Arch Live Course";
const ZYGOMATIC = "Level 3 - Full Arch Zygomatic Implants";
const SINUS = "Sinus Grafting";

type NewCourse = Partial<typeof courses.$inferInsert> & { title: string; startDate: string };

async function addCourse(course: NewCourse) {
  const slug = course.slug ?? course.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [row] = await handle.db
    .insert(courses)
    .values({ slug, endDate: course.startDate, priceAmount: 150_000, capacity: 8, ...course })
    .returning();
  return row;
}

async function addPurchase(courseId: string, status: string) {
  await handle.db.insert(userCoursePurchases).values({
    courseId,
    status,
    customerEmail: `${randomUUID()}@example.com`,
    amountSubtotal: 150_000,
    amountTotal: 150_000,
    currency: "gbp",
    stripeSessionId: `cs_test_${randomUUID()}`,
  });
}

describe("active courses", () => {
  it("lists only active courses, ordered by title then start date", async () => {
    await addCourse({ title: SINUS, startDate: "2027-02-01" });
    await addCourse({ title: LIVE, startDate: "2027-03-01" });
    await addCourse({ title: LIVE, startDate: "2027-01-10" });
    await addCourse({ title: "Full Arch Complications", startDate: "2027-01-05", isActive: false });

    const rows = await listActiveCourses(handle.db);
    expect(rows.map((row) => [row.title, row.startDate])).toEqual([
      [LIVE, "2027-01-10"],
      [LIVE, "2027-03-01"],
      [SINUS, "2027-02-01"],
    ]);
  });
});

describe("upcoming dates per title", () => {
  it("groups future dates of active courses by title, ascending: first is next, second upcoming", async () => {
    await addCourse({ title: LIVE, startDate: "2027-04-12", endDate: "2027-04-15" });
    await addCourse({ title: LIVE, startDate: "2027-01-18", endDate: "2027-01-21", stripePriceId: "price_live" });
    await addCourse({ title: LIVE, startDate: "2027-02-22", endDate: "2027-02-25" });
    await addCourse({ title: SINUS, startDate: "2027-03-03" });

    const dates = await upcomingDatesByTitle(handle.db, { today: TODAY });
    expect(dates[LIVE].map((edition) => edition.startDate)).toEqual(["2027-01-18", "2027-02-22", "2027-04-12"]);
    expect(dates[LIVE][0]).toEqual({ startDate: "2027-01-18", endDate: "2027-01-21", priceId: "price_live" });
    expect(dates[SINUS]).toEqual([{ startDate: "2027-03-03", endDate: "2027-03-03", priceId: null }]);
  });

  it("leaves out inactive courses, past courses and a course starting today", async () => {
    await addCourse({ title: LIVE, startDate: "2026-10-01", endDate: "2026-10-04" });
    await addCourse({ title: LIVE, startDate: TODAY });
    await addCourse({ title: LIVE, startDate: "2027-01-18", isActive: false });
    await addCourse({ title: LIVE, startDate: "2027-05-01" });
    await addCourse({ title: SINUS, startDate: "2026-01-01" });

    const dates = await upcomingDatesByTitle(handle.db, { today: TODAY });
    expect(dates).toEqual({ [LIVE]: [{ startDate: "2027-05-01", endDate: "2027-05-01", priceId: null }] });
  });

  it("reads only the titles asked for", async () => {
    await addCourse({ title: LIVE, startDate: "2027-01-18" });
    await addCourse({ title: SINUS, startDate: "2027-03-03" });

    expect(Object.keys(await upcomingDatesByTitle(handle.db, { today: TODAY, titles: [SINUS] }))).toEqual([SINUS]);
    expect(await upcomingDatesByTitle(handle.db, { today: TODAY, titles: [] })).toEqual({});
  });

  it("defaults to today's date", async () => {
    expect(todayIsoDate(new Date(2026, 10, 21, 23, 30))).toBe("2026-11-21");
    await addCourse({ title: LIVE, startDate: "2000-01-01" });
    await addCourse({ title: LIVE, startDate: "2999-01-01" });
    expect(await upcomingDatesByTitle(handle.db)).toEqual({
      [LIVE]: [{ startDate: "2999-01-01", endDate: "2999-01-01", priceId: null }],
    });
  });
});

describe("course offering", () => {
  it("finds an offering by slug with its future active editions and the places left on each", async () => {
    const slug = "level-3-full-arch-zygomatic-implants";
    const autumn = await addCourse({ title: ZYGOMATIC, slug, startDate: "2027-01-20", capacity: 6, stripePriceId: "price_autumn" });
    const winter = await addCourse({ title: ZYGOMATIC, slug, startDate: "2027-04-20", capacity: 6, stripePriceId: "price_winter" });
    await addCourse({ title: ZYGOMATIC, slug, startDate: "2026-06-01", capacity: 6 });
    await addCourse({ title: ZYGOMATIC, slug, startDate: "2027-02-01", capacity: 6, isActive: false });

    await addPurchase(autumn.id, "paid");
    await addPurchase(autumn.id, "complete");
    await addPurchase(autumn.id, "paid");
    // Neither of these holds a place.
    await addPurchase(autumn.id, "pending");
    await addPurchase(autumn.id, "refunded");
    await addPurchase(winter.id, "paid");

    const offering = await findCourseOffering(handle.db, slug, TODAY);
    expect(offering?.title).toBe(ZYGOMATIC);
    expect(offering?.editions.map((edition) => [edition.startDate, edition.placesLeft, edition.priceId])).toEqual([
      ["2027-01-20", 3, "price_autumn"],
      ["2027-04-20", 5, "price_winter"],
    ]);
  });

  it("says fully booked as zero places, never fewer", async () => {
    const edition = await addCourse({ title: SINUS, startDate: "2027-03-03", capacity: 2, stripePriceId: "price_sinus" });
    for (let i = 0; i < 3; i++) await addPurchase(edition.id, "paid");
    const offering = await findCourseOffering(handle.db, edition.slug, TODAY);
    expect(offering?.editions[0].placesLeft).toBe(0);
  });

  it("accepts one edition's row id and answers with that row's offering", async () => {
    const first = await addCourse({ title: SINUS, startDate: "2027-03-03" });
    await addCourse({ title: SINUS, startDate: "2027-06-03" });
    const offering = await findCourseOffering(handle.db, first.id, TODAY);
    expect(offering?.slug).toBe(first.slug);
    expect(offering?.editions).toHaveLength(2);
  });

  it("marks an edition bookable only when its price id starts with price_", async () => {
    await addCourse({ title: SINUS, startDate: "2027-03-03", stripePriceId: "price_sinus" });
    await addCourse({ title: SINUS, startDate: "2027-04-03", stripePriceId: null });
    const offering = await findCourseOffering(handle.db, "sinus-grafting", TODAY);
    expect(offering?.editions.map((edition) => edition.bookable)).toEqual([true, false]);
  });

  it("answers null for an unknown slug, an unknown uuid and an offering with no active course", async () => {
    await addCourse({ title: LIVE, startDate: "2027-01-18", isActive: false });
    expect(await findCourseOffering(handle.db, "no-such-course", TODAY)).toBeNull();
    expect(await findCourseOffering(handle.db, randomUUID(), TODAY)).toBeNull();
    expect(await findCourseOffering(handle.db, "level-2-ultimate-full-arch-live-course", TODAY)).toBeNull();
  });

  it("still describes an offering whose editions are all past, with no editions", async () => {
    await addCourse({ title: SINUS, startDate: "2026-03-03", description: "Sinus augmentation." });
    const offering = await findCourseOffering(handle.db, "sinus-grafting", TODAY);
    expect(offering).toMatchObject({ title: SINUS, description: "Sinus augmentation.", editions: [] });
  });
});
