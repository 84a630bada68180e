import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { DISCOUNT_RULES } from "~/lib/discounts";
import { bestDiscount } from "~/server/booking/discounts.server";
import { users } from "~/server/db/schema.server";

import { inDays } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson, type Person } from "../support/people";
import { testServices } from "../support/route-args";

const handle = useTestDatabase();
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: testServices(handle).auth }, options);

const TODAY = inDays(0);
const sinus = { id: "00000000-0000-4000-8000-000000000001", offeringKey: "sinus-grafting", priceAmount: 150_000 };
const level2 = { id: "00000000-0000-4000-8000-000000000002", offeringKey: "level-2", priceAmount: 1_200_000 };
const complications = { id: "00000000-0000-4000-8000-000000000003", offeringKey: "complications", priceAmount: 90_000 };

const discountFor = (buyer: Person | string | null, edition: { id: string; offeringKey: string; priceAmount: number }, today = TODAY) =>
  bestDiscount(handle.db, typeof buyer === "object" && buyer !== null ? buyer.id : buyer, edition, { today });

/** A course of this offering that was over (or not yet) on TODAY. */
const courseOf = (offeringKey: string, endedDaysAgo: number) =>
  addEdition(handle.db, { offeringKey, title: offeringKey, slug: offeringKey, startDate: inDays(-endedDaysAgo - 1), endDate: inDays(-endedDaysAgo) });

describe(`bestDiscount on ${testDriver}`, () => {
  it("gives a guest, an unknown buyer and an unconfirmed account nothing", async () => {
    expect(await discountFor(null, sinus)).toBeNull();
    expect(await discountFor("no-such-user", sinus)).toBeNull();
    const unconfirmed = await person({ marketing: true, verified: false });
    expect(await discountFor(unconfirmed, sinus)).toBeNull();
  });

  it("gives £100 off a first course to a confirmed account that ticked the sign-up box, and nothing to one that did not", async () => {
    expect(await discountFor(await person({ marketing: true }), sinus)).toEqual(DISCOUNT_RULES.signup);
    expect(await discountFor(await person({ marketing: false }), sinus)).toBeNull();
  });

  it("gives the first-course offer once: not after it has been used", async () => {
    const buyer = await person({ marketing: true });
    await handle.db.update(users).set({ giiSignupDiscountClaimed: true }).where(eq(users.id, buyer.id));
    expect(await discountFor(buyer, sinus)).toBeNull();
  });

  it("closes the first-course offer with a course bought or a bank payment settling, but not with a cancelled or refunded one", async () => {
    const edition = await courseOf("sinus-grafting", -30);
    for (const status of ["paid", "complete", "pending"] as const) {
      const buyer = await person({ marketing: true });
      await addPurchase(handle.db, edition.id, status, { userId: buyer.id });
      expect(await discountFor(buyer, sinus), status).toBeNull();
    }
    for (const status of ["canceled", "refunded"] as const) {
      const buyer = await person({ marketing: true });
      await addPurchase(handle.db, edition.id, status, { userId: buyer.id });
      expect(await discountFor(buyer, sinus), status).toEqual(DISCOUNT_RULES.signup);
    }
  });

  it("counts a course bought as a guest with the account's address (any case) that the account has not claimed yet", async () => {
    const buyer = await person({ marketing: true });
    const edition = await courseOf("sinus-grafting", -30);
    await addPurchase(handle.db, edition.id, "paid", { userId: null, customerEmail: buyer.email.toUpperCase() });
    expect(await discountFor(buyer, sinus)).toBeNull();
  });

  it("gives £500 off Level 2 to a buyer who attended Level 1 (paid, and over by today), and not on other courses", async () => {
    const buyer = await person();
    const level1 = await courseOf("level-1", 10);
    await addPurchase(handle.db, level1.id, "complete", { userId: buyer.id });
    expect(await discountFor(buyer, level2)).toEqual(DISCOUNT_RULES["level-1-alumni"]);
    expect(await discountFor(buyer, sinus)).toBeNull();
    expect(await discountFor(buyer, { ...level2, offeringKey: "level-3" })).toBeNull();
  });

  it("gives no Level 1 alumni discount before the Level 1 course is over, nor for a refunded one", async () => {
    const upcoming = await person();
    await addPurchase(handle.db, (await courseOf("level-1", -5)).id, "paid", { userId: upcoming.id });
    expect(await discountFor(upcoming, level2)).toBeNull();
    // The day it ends is not yet after it.
    const endsToday = await person();
    await addPurchase(handle.db, (await courseOf("level-1", 0)).id, "paid", { userId: endsToday.id });
    expect(await discountFor(endsToday, level2)).toBeNull();
    expect(await discountFor(endsToday, level2, inDays(1))).toEqual(DISCOUNT_RULES["level-1-alumni"]);

    const refunded = await person();
    await addPurchase(handle.db, (await courseOf("level-1", 10)).id, "refunded", { userId: refunded.id });
    expect(await discountFor(refunded, level2)).toBeNull();
  });

  it("gives half off Full Arch Complications to anyone who attended a full-arch level, Level 1, 2 or 3", async () => {
    for (const level of ["level-1", "level-2", "level-3"]) {
      const buyer = await person();
      await addPurchase(handle.db, (await courseOf(level, 20)).id, "paid", { userId: buyer.id });
      expect(await discountFor(buyer, complications), level).toEqual(DISCOUNT_RULES["full-arch-alumni"]);
    }
    const sinusOnly = await person();
    await addPurchase(handle.db, (await courseOf("sinus-grafting", 20)).id, "paid", { userId: sinusOnly.id });
    expect(await discountFor(sinusOnly, complications)).toBeNull();
  });

  it("counts a guest purchase of Level 1 with the account's address towards the alumni discount", async () => {
    const buyer = await person();
    await addPurchase(handle.db, (await courseOf("level-1", 10)).id, "paid", { userId: null, customerEmail: buyer.email });
    expect(await discountFor(buyer, level2)).toEqual(DISCOUNT_RULES["level-1-alumni"]);
  });

  it("does not count another person's courses", async () => {
    const alumnus = await person();
    const newcomer = await person({ marketing: true });
    await addPurchase(handle.db, (await courseOf("level-1", 10)).id, "paid", { userId: alumnus.id });
    expect(await discountFor(newcomer, level2)).toEqual(DISCOUNT_RULES.signup);
  });

  it("reads the same inside a checkout's transaction", async () => {
    const buyer = await person({ marketing: true });
    const found = await handle.db.transaction((tx) => bestDiscount(tx, buyer.id, sinus, { today: TODAY }));
    expect(found).toEqual(DISCOUNT_RULES.signup);
  });
});
