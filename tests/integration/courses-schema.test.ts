import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { courses, profiles, userCoursePurchases, users } from "~/server/db/schema.server";

import { testDriver, useTestDatabase } from "../support/database";

const handle = useTestDatabase();
afterAll(async () => {});

const course = (overrides: Partial<typeof courses.$inferInsert> = {}) => ({
  offeringKey: "sinus-grafting",
  title: "Sinus Grafting",
  slug: "sinus-grafting",
  startDate: "2030-01-10",
  endDate: "2030-01-10",
  stripePriceId: "price_sinus",
  priceAmount: 150_000,
  ...overrides,
});

describe(`data layer on ${testDriver}`, () => {
  it("applies every migration and reports which driver it is", async () => {
    expect(handle.driver).toBe(testDriver);
    const result = await handle.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    const tables = (result as { rows: { n: number }[] }).rows[0].n;
    expect(tables).toBeGreaterThanOrEqual(8);
  });

  it("stores a course with its defaults: active, GBP, a capacity and a creation time", async () => {
    const [row] = await handle.db.insert(courses).values(course()).returning();
    expect(row.isActive).toBe(true);
    expect(row.priceCurrency).toBe("gbp");
    expect(row.capacity).toBe(10);
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.startDate).toBe("2030-01-10");
  });

  it("refuses a Stripe price id that does not start with price_", async () => {
    await expect(handle.db.insert(courses).values(course({ stripePriceId: "prod_123" }))).rejects.toThrow();
    await expect(handle.db.insert(courses).values(course({ stripePriceId: "priceX123" }))).rejects.toThrow();
  });

  it("refuses an end date before the start date and a capacity of zero", async () => {
    await expect(handle.db.insert(courses).values(course({ endDate: "2030-01-09" }))).rejects.toThrow();
    await expect(handle.db.insert(courses).values(course({ capacity: 0 }))).rejects.toThrow();
  });

  it("keeps one purchase per Stripe Checkout Session", async () => {
    const [row] = await handle.db.insert(courses).values(course()).returning();
    const purchase = {
      courseId: row.id,
      customerEmail: "guest@example.com",
      status: "paid" as const,
      amountSubtotal: 150_000,
      amountTotal: 150_000,
      currency: "gbp",
      stripeSessionId: "cs_test_unique",
    };
    await handle.db.insert(userCoursePurchases).values(purchase);
    await expect(handle.db.insert(userCoursePurchases).values(purchase)).rejects.toThrow();
  });

  it("deletes a user's profile with the user, and keeps their purchases unowned", async () => {
    const [row] = await handle.db.insert(courses).values(course()).returning();
    await handle.db.insert(users).values({ id: "user-1", name: "A B", email: "a@example.com" });
    await handle.db.insert(profiles).values({ id: "user-1", firstName: "A" });
    await handle.db.insert(userCoursePurchases).values({
      userId: "user-1",
      courseId: row.id,
      customerEmail: "a@example.com",
      status: "paid",
      amountSubtotal: 1,
      amountTotal: 1,
      currency: "gbp",
      stripeSessionId: "cs_test_owned",
    });
    await handle.db.delete(users).where(eq(users.id, "user-1"));
    expect(await handle.db.select().from(profiles).where(eq(profiles.id, "user-1"))).toHaveLength(0);
    const [purchase] = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, "cs_test_owned"));
    expect(purchase.userId).toBeNull();
  });

  it("refuses a purchase status outside the known set", async () => {
    const [row] = await handle.db.insert(courses).values(course()).returning();
    const insert = (status: string) =>
      handle.db.execute(
        sql`insert into user_course_purchases (course_id, customer_email, status, amount_subtotal, amount_total, currency, stripe_session_id) values (${row.id}, 'x@example.com', ${status}, 1, 1, 'gbp', ${`cs_${status}`})`,
      );
    await expect(insert("shipped")).rejects.toThrow();
    await expect(insert("Paid")).rejects.toThrow();
    await expect(insert("refunded")).resolves.toBeDefined();
  });

  it("answers the health ping", async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });
});
