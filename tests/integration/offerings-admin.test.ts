import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { listOfferingsForAdmin, testProductForAdmin, updateOffering, updateTestProduct } from "~/server/admin/offerings.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { adminAuditLog, courses, offerings } from "~/server/db/schema.server";
import { NotFoundError } from "~/server/platform/errors.server";

import { editionFor } from "../support/booking";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { testServices } from "../support/route-args";

const handle = useTestDatabase();
const admin = () => createPerson({ db: handle.db, auth: testServices(handle).auth }, { admin: true });
const actorOf = (who: Person) => ({ id: who.id, email: who.email });

const offeringOf = async (key: string) => (await handle.db.select().from(offerings).where(eq(offerings.key, key)))[0];
const testEditionOf = async () => (await handle.db.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY)))[0];
const auditOf = (subjectId: string) =>
  handle.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, "offering.update"), eq(adminAuditLog.subjectId, subjectId)));

/** An actor the audit log cannot name (no such account): its entry fails after the change is made. */
const unknownActor = { id: "no-such-admin", email: "ghost@example.com" };

describe(`the back office's offerings on ${testDriver}`, () => {
  it("lists every offering staff schedule, in the institute's order, never the test product", async () => {
    const listed = await listOfferingsForAdmin(handle.db);
    expect(listed.map((offering) => offering.key)).toEqual(["level-1", "level-2", "level-3", "complications", "sinus-grafting", "hard-soft-tissue-grafting"]);
    expect(listed.find((offering) => offering.key === "level-2")).toEqual({
      key: "level-2",
      title: "Level 2 - Ultimate Full Arch Live Course",
      priceAmount: 1_200_000,
      defaultCapacity: 8,
      stripePriceId: "price_level2_live_surgery",
    });
  });

  it("updates an offering's price, default capacity and price id, with an audit entry of who changed what from what", async () => {
    const staff = await admin();
    const before = await offeringOf("level-3");
    await updateOffering(handle.db, actorOf(staff), { key: "level-3", price: 1_350_000, defaultCapacity: 7, stripePriceId: "price_level3_2027" });

    expect(await offeringOf("level-3")).toMatchObject({
      priceAmount: 1_350_000,
      defaultCapacity: 7,
      stripePriceId: "price_level3_2027",
      title: before.title,
      lengthDays: before.lengthDays,
    });
    const entries = await auditOf("level-3");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      subjectType: "offering",
      summary: `Updated ${before.title}`,
      before: { priceAmount: before.priceAmount, defaultCapacity: before.defaultCapacity, stripePriceId: before.stripePriceId },
      after: { priceAmount: 1_350_000, defaultCapacity: 7, stripePriceId: "price_level3_2027" },
    });
  });

  it("takes a price id away (bookings not open), recording the id it had", async () => {
    const staff = await admin();
    await updateOffering(handle.db, actorOf(staff), { key: "complications", price: 90_000, defaultCapacity: 12, stripePriceId: null });
    expect((await offeringOf("complications")).stripePriceId).toBeNull();
    const [entry] = await auditOf("complications");
    expect(entry).toMatchObject({ before: { stripePriceId: "price_full_arch_complications" }, after: { stripePriceId: null } });
  });

  it("leaves editions already scheduled as they were sold; a date scheduled afterwards takes the new price, capacity and price id", async () => {
    const staff = await admin();
    const scheduled = await editionFor(handle, { offeringKey: "sinus-grafting", days: 90 });
    expect(scheduled).toMatchObject({ priceAmount: 150_000, capacity: 10, stripePriceId: "price_sinus_grafting" });

    await updateOffering(handle.db, actorOf(staff), { key: "sinus-grafting", price: 175_000, defaultCapacity: 6, stripePriceId: "price_sinus_2027" });
    const [kept] = await handle.db.select().from(courses).where(eq(courses.id, scheduled.id));
    expect(kept).toMatchObject({ priceAmount: 150_000, capacity: 10, stripePriceId: "price_sinus_grafting" });
    const later = await editionFor(handle, { offeringKey: "sinus-grafting", days: 120 });
    expect(later).toMatchObject({ priceAmount: 175_000, capacity: 6, stripePriceId: "price_sinus_2027" });
  });

  it("refuses an unknown offering with 'There is no such offering.', writing no audit entry", async () => {
    const staff = await admin();
    const attempt = updateOffering(handle.db, actorOf(staff), { key: "no-such-course", price: 100_000, defaultCapacity: 5, stripePriceId: null });
    await expect(attempt).rejects.toThrow(NotFoundError);
    await expect(attempt).rejects.toThrow("There is no such offering.");
    expect(await auditOf("no-such-course")).toHaveLength(0);
  });

  it("refuses the test product, which only its own form changes: its price and capacity stay", async () => {
    const staff = await admin();
    const before = await offeringOf(TEST_PRODUCT_KEY);
    await expect(
      updateOffering(handle.db, actorOf(staff), { key: TEST_PRODUCT_KEY, price: 1, defaultCapacity: 1, stripePriceId: "price_cheaper" }),
    ).rejects.toThrow("There is no such offering.");
    expect(await offeringOf(TEST_PRODUCT_KEY)).toEqual(before);
    expect(await auditOf(TEST_PRODUCT_KEY)).toHaveLength(0);
  });

  it("makes the change and its audit entry together: when the entry cannot be written, the offering is left as it was", async () => {
    const before = await offeringOf("level-1");
    await expect(
      updateOffering(handle.db, unknownActor, { key: "level-1", price: 160_000, defaultCapacity: 20, stripePriceId: "price_level1" }),
    ).rejects.toThrow();
    expect(await offeringOf("level-1")).toEqual(before);
    expect(await auditOf("level-1")).toHaveLength(0);
  });

  it("refuses a price id the database cannot hold (not price_…), leaving the offering and the log as they were", async () => {
    const staff = await admin();
    const before = await offeringOf("level-2");
    await expect(
      updateOffering(handle.db, actorOf(staff), { key: "level-2", price: 1_200_000, defaultCapacity: 8, stripePriceId: "prod_not_a_price" }),
    ).rejects.toThrow();
    expect(await offeringOf("level-2")).toEqual(before);
    expect(await auditOf("level-2")).toHaveLength(0);
  });
});

describe(`the test product on ${testDriver}`, () => {
  it("is read as its edition's title, £1 price and price id", async () => {
    expect(await testProductForAdmin(handle.db)).toEqual({ title: "Test Product", priceAmount: 100, stripePriceId: "price_test_product" });
  });

  it("takes a new price id on its edition (what the checkout reads) and its offering alike, its £1 price kept, audited", async () => {
    const staff = await admin();
    await updateTestProduct(handle.db, actorOf(staff), { stripePriceId: "price_test_2027" });
    expect(await testEditionOf()).toMatchObject({ stripePriceId: "price_test_2027", priceAmount: 100 });
    expect(await offeringOf(TEST_PRODUCT_KEY)).toMatchObject({ stripePriceId: "price_test_2027", priceAmount: 100 });
    expect(await testProductForAdmin(handle.db)).toMatchObject({ stripePriceId: "price_test_2027", priceAmount: 100 });
    const entries = await auditOf(TEST_PRODUCT_KEY);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      subjectType: "offering",
      summary: "Updated Test Product",
      before: { stripePriceId: "price_test_product" },
      after: { stripePriceId: "price_test_2027" },
    });
    // Every other offering keeps its own price id.
    expect((await offeringOf("level-2")).stripePriceId).toBe("price_level2_live_surgery");
  });

  it("changes neither its edition nor its offering when the audit entry cannot be written", async () => {
    const edition = await testEditionOf();
    const offering = await offeringOf(TEST_PRODUCT_KEY);
    const entries = (await auditOf(TEST_PRODUCT_KEY)).length;
    await expect(updateTestProduct(handle.db, unknownActor, { stripePriceId: "price_never_saved" })).rejects.toThrow();
    expect(await testEditionOf()).toEqual(edition);
    expect(await offeringOf(TEST_PRODUCT_KEY)).toEqual(offering);
    expect(await auditOf(TEST_PRODUCT_KEY)).toHaveLength(entries);
  });

  it("is refused with 'There is no test product.' once its edition is gone, writing nothing", async () => {
    const staff = await admin();
    const offering = await offeringOf(TEST_PRODUCT_KEY);
    const entries = (await auditOf(TEST_PRODUCT_KEY)).length;
    await handle.db.delete(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY));
    expect(await testProductForAdmin(handle.db)).toBeNull();

    const attempt = updateTestProduct(handle.db, actorOf(staff), { stripePriceId: "price_orphan" });
    await expect(attempt).rejects.toThrow(NotFoundError);
    await expect(attempt).rejects.toThrow("There is no test product.");
    expect(await offeringOf(TEST_PRODUCT_KEY)).toEqual(offering);
    expect(await auditOf(TEST_PRODUCT_KEY)).toHaveLength(entries);
  });
});
