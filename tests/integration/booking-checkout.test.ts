import { randomUUID } from "node:crypto";

import { and, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { CHECKOUT_REFUSALS } from "~/lib/checkout-refusals";
import { PURCHASE_STATUSES } from "~/lib/purchases";
import * as checkoutApi from "~/routes/api.v2.create-checkout-session";
import { bookingCards } from "~/server/booking/booking-pages.server";
import { cancelCheckout, HOLD_MS, startCheckout } from "~/server/booking/checkout.server";
import { findCourseOffering, scheduledEditions, upcomingEditions } from "~/server/catalogue/editions.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { placesTaken } from "~/server/catalogue/places.server";
import { programmePageData } from "~/server/catalogue/programme-pages.server";
import type { Transaction } from "~/server/db/client.server";
import { courses, HOLD_STATUSES, localCheckoutSessions, seatHolds, userCoursePurchases } from "~/server/db/schema.server";
import { INVALID_TOKEN_MESSAGE } from "~/server/http/guards.server";
import { receivePaymentEvent } from "~/server/payments/webhook.server";
import { InvalidInputError, RateLimitedError, UnavailableError } from "~/server/platform/errors.server";

import { builtInCheckout, capturingCheckout, checkout, editionFor, holdOf, inDays, whileSessionsOpen } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { guarded, jsonRequest, routeArgs, settle, testEnv, testServices } from "../support/route-args";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);
const createCheckoutSession = guarded(checkoutApi, "action");

const placesLeft = async (courseId: string, now = new Date()) =>
  (await upcomingEditions(handle.db, { now })).find((edition) => edition.id === courseId)?.placesLeft;
const holdCount = async () => Number((await handle.db.select({ n: count() }).from(seatHolds))[0].n);

describe(`starting a checkout on ${testDriver}`, () => {
  it("holds one place for a guest and opens a built-in session for exactly the edition's price, card and Klarna", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });

    expect(started.sessionId).toMatch(/^cs_local_/);
    expect(started.url).toBe(`${services().env.siteUrl}/dev/checkout/${started.sessionId}`);
    const hold = await holdOf(handle, started.holdId);
    expect(hold).toMatchObject({
      courseId: edition.id,
      userId: null,
      status: "open",
      checkoutSessionId: started.sessionId,
      amountSubtotal: 150_000,
      amountTotal: 150_000,
    });
    expect(hold.expiresAt.getTime() - Date.now()).toBeGreaterThan(HOLD_MS - 60_000);
    expect(await placesLeft(edition.id)).toBe(4);

    const session = await builtInCheckout(services()).session(started.sessionId);
    expect(session).toMatchObject({
      amountTotal: 150_000,
      currency: "gbp",
      priceId: "price_sinus_grafting",
      paymentMethodTypes: ["card", "klarna"],
      customerEmail: null,
      metadata: { hold_id: started.holdId, course_id: edition.id },
      successUrl: `${services().env.siteUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${services().env.siteUrl}/booking-canceled?hold=${started.holdId}`,
    });
    // Stripe's shortest session: 30 minutes, opened a moment after the hold.
    expect(session!.expiresAt.getTime()).toBeLessThan(hold.expiresAt.getTime());
  });

  it("offers card only above the Klarna limit, and knows a signed-in buyer's email", async () => {
    const edition = await editionFor(handle, { offeringKey: "level-2" });
    const buyer = await person();
    const started = await checkout(services(), { courseId: edition.id, buyer: { id: buyer.id, email: buyer.email } });
    const session = await builtInCheckout(services()).session(started.sessionId);
    expect(session).toMatchObject({ paymentMethodTypes: ["card"], customerEmail: buyer.email, clientReferenceId: buyer.id, amountTotal: 1_200_000 });
  });

  it.each([
    ["no price id and no course", {}, CHECKOUT_REFUSALS.priceIdMissing],
    ["a price id without the price_ prefix", { priceId: "prod_level2" }, CHECKOUT_MESSAGES.notAvailable],
    ["a bare prefix", { priceId: "price_" }, CHECKOUT_MESSAGES.notAvailable],
    ["a price id no edition sells", { priceId: "price_nothing_sold_here" }, CHECKOUT_MESSAGES.notAvailable],
    ["a malformed course id", { courseId: "'; drop table courses; --" }, CHECKOUT_MESSAGES.notAvailable],
    ["an unknown course id", { courseId: randomUUID() }, CHECKOUT_MESSAGES.notAvailable],
  ])("refuses %s with the spec's message and holds nothing", async (_case, request, message) => {
    const before = await holdCount();
    await expect(checkout(services(), { ...request, buyer: null })).rejects.toThrow(new InvalidInputError(message));
    expect(await holdCount()).toBe(before);
  });

  it("refuses an inactive, past or unpriced edition, a price id that is not the edition's and the hidden test product", async () => {
    const inactive = await addEdition(handle.db, { startDate: inDays(30), isActive: false, stripePriceId: "price_sinus_grafting" });
    const past = await addEdition(handle.db, { startDate: inDays(-3), stripePriceId: "price_sinus_grafting" });
    const unpriced = await addEdition(handle.db, { startDate: inDays(30), stripePriceId: null });
    const current = await editionFor(handle);
    const [testProduct] = await handle.db.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY));
    const before = await holdCount();
    for (const [request, message] of [
      [{ courseId: inactive.id }, CHECKOUT_MESSAGES.notAvailable],
      [{ courseId: past.id }, CHECKOUT_MESSAGES.notAvailable],
      [{ courseId: unpriced.id }, CHECKOUT_REFUSALS.priceIdMissing],
      [{ courseId: current.id, priceId: "price_level2_live_surgery" }, CHECKOUT_MESSAGES.notAvailable],
      [{ courseId: testProduct.id }, CHECKOUT_MESSAGES.notAvailable],
    ] as const) {
      await expect(checkout(services(), { ...request, buyer: null }), JSON.stringify(request)).rejects.toThrow(message);
    }
    expect(await holdCount()).toBe(before);
  });

  it("sells the test product to an administrator only under a price id Stripe could know, as every edition", async () => {
    const [testProduct] = await handle.db.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY));
    const admin = await person({ admin: true });
    const buyer = { id: admin.id, email: admin.email };
    const started = await checkout(services(), { testProduct: true, buyer });
    expect((await holdOf(handle, started.holdId)).courseId).toBe(testProduct.id);
    await handle.db.update(courses).set({ stripePriceId: "price_" }).where(eq(courses.id, testProduct.id));
    try {
      await expect(checkout(services(), { testProduct: true, buyer })).rejects.toThrow(CHECKOUT_MESSAGES.notAvailable);
    } finally {
      await handle.db.update(courses).set({ stripePriceId: testProduct.stripePriceId }).where(eq(courses.id, testProduct.id));
    }
  });

  it("with only a price id, books the soonest future edition of that price that has a place", async () => {
    const full = await editionFor(handle, { days: 20, capacity: 1 });
    const later = await editionFor(handle, { days: 40, capacity: 3 });
    const latest = await editionFor(handle, { days: 80, capacity: 3 });
    const priceId = `price_soonest_${randomUUID().slice(0, 8)}`;
    await handle.db
      .update(courses)
      .set({ stripePriceId: priceId })
      .where(inArray(courses.id, [full.id, later.id, latest.id]));
    await addPurchase(handle.db, full.id, "paid");

    const started = await checkout(services(), { priceId, buyer: null });
    expect((await holdOf(handle, started.holdId)).courseId).toBe(later.id);
  });

  it("refuses a signed-in dentist a second place on dates they have booked (paid, booked as a guest with their address, or a bank payment settling), holding nothing", async () => {
    const dentist = await person();
    const buyer = { id: dentist.id, email: dentist.email };
    const paid = await editionFor(handle, { capacity: 5 });
    await addPurchase(handle.db, paid.id, "paid", { userId: dentist.id, customerEmail: dentist.email });
    const asGuest = await editionFor(handle, { capacity: 5 });
    await addPurchase(handle.db, asGuest.id, "paid", { userId: null, customerEmail: dentist.email.toUpperCase() });
    const settling = await editionFor(handle, { capacity: 5 });
    const bank = await checkout(services(), { courseId: settling.id, buyer });
    await handle.db.update(seatHolds).set({ status: "awaiting_payment" }).where(eq(seatHolds.id, bank.holdId));

    const holdsBefore = await holdCount();
    for (const edition of [paid, asGuest, settling]) {
      const refused = checkout(services(), { courseId: edition.id, buyer });
      await expect(refused).rejects.toBeInstanceOf(UnavailableError);
      await expect(refused).rejects.toThrow(CHECKOUT_REFUSALS.alreadyBooked);
    }
    expect(await holdCount()).toBe(holdsBefore);

    // The pages show those dates as theirs instead of a Book Now (a guest booking once their login has claimed it); to anyone else, as on sale.
    const bookedFor = async (viewerId: string | null) =>
      (await upcomingEditions(handle.db, { viewerId }))
        .filter((edition) => [paid.id, asGuest.id, settling.id].includes(edition.id))
        .map((edition) => [edition.id, edition.bookedByViewer]);
    expect(await bookedFor(dentist.id)).toEqual(
      expect.arrayContaining([
        [paid.id, true],
        [asGuest.id, false],
        [settling.id, true],
      ]),
    );
    expect((await bookedFor(null)).every(([, booked]) => !booked)).toBe(true);
    expect((await bookingCards(services(), dentist.id)).find((card) => card.id === paid.id)?.bookedByViewer).toBe(true);

    // A refunded booking is no booking; someone else may still book the dates.
    const refunded = await editionFor(handle, { capacity: 5 });
    await addPurchase(handle.db, refunded.id, "refunded", { userId: dentist.id, customerEmail: dentist.email });
    await expect(checkout(services(), { courseId: refunded.id, buyer })).resolves.toMatchObject({ sessionId: expect.any(String) });
    const colleague = await person();
    await expect(checkout(services(), { courseId: paid.id, buyer: { id: colleague.id, email: colleague.email } })).resolves.toMatchObject({
      sessionId: expect.any(String),
    });
  });

  it("with only a price id, passes over the dates the dentist has booked for the next ones", async () => {
    const dentist = await person();
    const booked = await editionFor(handle, { days: 20, capacity: 3 });
    const next = await editionFor(handle, { days: 40, capacity: 3 });
    const priceId = `price_next_${randomUUID().slice(0, 8)}`;
    await handle.db
      .update(courses)
      .set({ stripePriceId: priceId })
      .where(inArray(courses.id, [booked.id, next.id]));
    await addPurchase(handle.db, booked.id, "paid", { userId: dentist.id, customerEmail: dentist.email });

    const started = await checkout(services(), { priceId, buyer: { id: dentist.id, email: dentist.email } });
    expect((await holdOf(handle, started.holdId)).courseId).toBe(next.id);
    await addPurchase(handle.db, next.id, "paid", { userId: dentist.id, customerEmail: dentist.email });
    await expect(checkout(services(), { priceId, buyer: { id: dentist.id, email: dentist.email } })).rejects.toThrow(CHECKOUT_REFUSALS.alreadyBooked);
  });

  it("counts paid bookings and live holds as taken, and says when the last places are only held at a checkout that may still come free", async () => {
    const edition = await editionFor(handle, { capacity: 2 });
    await addPurchase(handle.db, edition.id, "paid");
    await addPurchase(handle.db, edition.id, "refunded");
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    expect(await placesLeft(edition.id)).toBe(0);
    const shown = async () => (await upcomingEditions(handle.db)).find((listed) => listed.id === edition.id);
    expect(await shown()).toMatchObject({ placesLeft: 0, placesAtCheckout: 1 });
    const refused = checkout(services(), { courseId: edition.id, buyer: null });
    await expect(refused).rejects.toBeInstanceOf(UnavailableError);
    await expect(refused).rejects.toThrow(CHECKOUT_REFUSALS.heldAtCheckout);

    // Paid by bank transfer and settling, the place will not come free within the half hour: the date is fully booked.
    await builtInCheckout(services()).pay(started.sessionId, { method: "bank_transfer", email: "settling@example.com" });
    expect(await shown()).toMatchObject({ placesLeft: 0, placesAtCheckout: 0 });
    await expect(checkout(services(), { courseId: edition.id, buyer: null })).rejects.toThrow(CHECKOUT_REFUSALS.fullyBooked);
  });

  it("counts places as the site shows them: paid bookings and live holds, in every state a hold or a purchase can be in", async () => {
    const edition = await editionFor(handle, { capacity: 100 });
    const start = new Date();
    for (const status of PURCHASE_STATUSES) await addPurchase(handle.db, edition.id, status);
    for (const status of HOLD_STATUSES) {
      for (const expiresAt of [new Date(start.getTime() - 60_000), new Date(start.getTime() + 60_000)]) {
        await handle.db
          .insert(seatHolds)
          .values({ courseId: edition.id, provider: "local", status, expiresAt, amountSubtotal: 1, amountTotal: 1, currency: "gbp" });
      }
    }
    const taken = await placesTaken(handle.db, edition.id, start);
    // Paid and complete bookings, and open, opening and awaiting-payment holds (the last whatever its time).
    expect(taken).toBe(2 + 3 + 1);
    await handle.db
      .update(courses)
      .set({ capacity: taken + 1 })
      .where(eq(courses.id, edition.id));
    await checkout(services(), { courseId: edition.id, buyer: null }, start);
    await expect(checkout(services(), { courseId: edition.id, buyer: null }, start)).rejects.toThrow(CHECKOUT_REFUSALS.heldAtCheckout);
  });

  it.each([
    ["its price is changed", { priceAmount: 160_000 }],
    ["it is taken off sale", { isActive: false }],
    ["it is sold under another price id", { stripePriceId: "price_sinus_grafting_2027" }],
  ])("holds nothing for an edition whose sale changes while the checkout is being priced: %s", async (_case, change) => {
    const edition = await editionFor(handle, { capacity: 5 });
    const base = services();
    // Staff save the edition just after the provider confirmed the old price, before the place is taken.
    const changing = {
      ...base,
      payments: {
        ...base.payments,
        async confirmPrice(...args: Parameters<typeof base.payments.confirmPrice>) {
          const confirmed = await base.payments.confirmPrice(...args);
          await handle.db.update(courses).set(change).where(eq(courses.id, edition.id));
          return confirmed;
        },
      },
    };
    await expect(checkout(changing, { courseId: edition.id, buyer: null })).rejects.toThrow(CHECKOUT_MESSAGES.notAvailable);
    expect(await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id))).toEqual([]);
  });

  it("gives exactly two holds to fifty concurrent checkouts for two places, and a clear refusal to the other 48: every place is held at checkout", async () => {
    const edition = await editionFor(handle, { capacity: 2 });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => checkout(services(), { courseId: edition.id, buyer: null })));
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as Error] : []));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    expect(refusals).toHaveLength(48);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(UnavailableError);
      expect(refusal.message).toBe(CHECKOUT_REFUSALS.heldAtCheckout);
    }
    const [{ n }] = await handle.db
      .select({ n: count() })
      .from(seatHolds)
      .where(and(eq(seatHolds.courseId, edition.id), eq(seatHolds.status, "open")));
    expect(Number(n)).toBe(2);
  });

  it("frees a held place when the hold's time is up, without waiting for anyone", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const start = new Date();
    await checkout(services(), { courseId: edition.id, buyer: null }, start);
    await expect(checkout(services(), { courseId: edition.id, buyer: null }, new Date(start.getTime() + 10 * 60_000))).rejects.toBeInstanceOf(UnavailableError);
    const later = new Date(start.getTime() + HOLD_MS + 1_000);
    expect(await placesLeft(edition.id, later)).toBe(1);
    await expect(checkout(services(), { courseId: edition.id, buyer: null }, later)).resolves.toMatchObject({ sessionId: expect.stringMatching(/^cs_local_/) });
  });

  it("shows a signed-in buyer the place their own unpaid checkout holds as theirs to book again, as take_place counts it; to everyone else the date is full", async () => {
    const edition = await editionFor(handle, { days: 70, capacity: 1 });
    const buyer = await person();
    const someoneElse = await person();
    const first = await checkout(services(), { courseId: edition.id, buyer });
    // Back from the payment page: every page that shows the date's places, for each visitor.
    const shown = async (viewerId: string | null) => {
      const find = (editions: readonly { id: string; placesLeft: number }[]) => editions.find((listed) => listed.id === edition.id)?.placesLeft;
      const programme = await programmePageData(handle.db, "grafting", { viewerId });
      return [
        find(await upcomingEditions(handle.db, { viewerId })),
        find(await scheduledEditions(handle.db, { viewerId })),
        find((await findCourseOffering(handle.db, "sinus-grafting", undefined, viewerId))!.editions),
        find((await programme.editions)["sinus-grafting"]),
        find(await bookingCards(services(), viewerId)),
      ];
    };
    expect(await shown(buyer.id)).toEqual([1, 1, 1, 1, 1]);
    expect(await shown(someoneElse.id)).toEqual([0, 0, 0, 0, 0]);
    expect(await shown(null)).toEqual([0, 0, 0, 0, 0]);

    // Their Book Now takes it again, replacing the unpaid checkout; anyone else's is refused.
    await expect(checkout(services(), { courseId: edition.id, buyer: someoneElse })).rejects.toThrow(CHECKOUT_REFUSALS.heldAtCheckout);
    const second = await checkout(services(), { courseId: edition.id, buyer });
    expect(await holdOf(handle, first.holdId)).toMatchObject({ status: "released" });
    expect(await shown(buyer.id)).toEqual([1, 1, 1, 1, 1]);

    // Paid by bank transfer and settling, the place is taken for them too, and their next checkout is told it is theirs.
    await builtInCheckout(services()).pay(second.sessionId, { method: "bank_transfer", email: null });
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "awaiting_payment" });
    expect(await shown(buyer.id)).toEqual([0, 0, 0, 0, 0]);
    await expect(checkout(services(), { courseId: edition.id, buyer })).rejects.toThrow(CHECKOUT_REFUSALS.alreadyBooked);
  });

  it("replaces a guest's unpaid checkout for the same date when their browser names it, so Back and Book Now again holds one place, the last one included", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const first = await checkout(services(), { courseId: edition.id, buyer: null });
    // Another guest, or one whose browser names no checkout, finds the one place held.
    await expect(checkout(services(), { courseId: edition.id, buyer: null })).rejects.toThrow(CHECKOUT_REFUSALS.heldAtCheckout);

    const second = await checkout(services(), { courseId: edition.id, buyer: null, guestCheckouts: [first.holdId] });
    expect(await holdOf(handle, first.holdId)).toMatchObject({ status: "released" });
    expect((await builtInCheckout(services()).session(first.sessionId))?.status).toBe("expired");
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "open", userId: null });
    expect(await placesLeft(edition.id)).toBe(0);

    // Pressed again and again: still one place held.
    const third = await checkout(services(), { courseId: edition.id, buyer: null, guestCheckouts: [second.holdId, first.holdId] });
    const live = await handle.db
      .select()
      .from(seatHolds)
      .where(and(eq(seatHolds.courseId, edition.id), inArray(seatHolds.status, ["opening", "open"])));
    expect(live.map((hold) => hold.id)).toEqual([third.holdId]);
  });

  it("replaces only a guest hold on the date booked: not a signed-in buyer's, not one on other dates, not a paid one", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const otherDates = await editionFor(handle, { capacity: 5, days: 75 });
    const dentist = await person();
    const theirs = await checkout(services(), { courseId: edition.id, buyer: dentist });
    const elsewhere = await checkout(services(), { courseId: otherDates.id, buyer: null });
    const paid = await checkout(services(), { courseId: edition.id, buyer: null });
    await builtInCheckout(services()).pay(paid.sessionId, { method: "card", email: "guest@example.com" });

    const started = await checkout(services(), { courseId: edition.id, buyer: null, guestCheckouts: [theirs.holdId, elsewhere.holdId, paid.holdId] });
    expect(await holdOf(handle, theirs.holdId)).toMatchObject({ status: "open" });
    expect(await holdOf(handle, elsewhere.holdId)).toMatchObject({ status: "open" });
    expect(await holdOf(handle, paid.holdId)).toMatchObject({ status: "converted" });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "open" });
    expect([await placesLeft(edition.id), await placesLeft(otherDates.id)]).toEqual([2, 4]);
  });

  it("lets a guest who signs in replace the checkout they started as a guest on the same date", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const asGuest = await checkout(services(), { courseId: edition.id, buyer: null });
    const dentist = await person();
    const signedIn = await checkout(services(), { courseId: edition.id, buyer: dentist, guestCheckouts: [asGuest.holdId] });
    expect(await holdOf(handle, asGuest.holdId)).toMatchObject({ status: "released" });
    expect(await holdOf(handle, signedIn.holdId)).toMatchObject({ status: "open", userId: dentist.id });
  });

  it("refuses a guest's new checkout for dates their replaced one was paid for at that very moment, recording that payment once", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const first = await checkout(services(), { courseId: edition.id, buyer: null });
    // Paid in another tab; its event has not come yet when the guest presses Book Now again.
    const { checkout: provider } = capturingCheckout(services());
    await provider.pay(first.sessionId, { method: "card", email: "guest@example.com" });

    await expect(checkout(services(), { courseId: edition.id, buyer: null, guestCheckouts: [first.holdId] })).rejects.toThrow(
      new UnavailableError(CHECKOUT_REFUSALS.paidMeanwhile),
    );
    const purchases = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchases.map((row) => [row.stripeSessionId, row.status])).toEqual([[first.sessionId, "paid"]]);
    expect(await placesLeft(edition.id)).toBe(4);
  });

  it("refuses a dentist's new checkout for dates their replaced one paid for at that very moment, recording that payment once", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const buyer = await person();
    const first = await checkout(services(), { courseId: edition.id, buyer });
    // Paid in another tab; its event has not come yet when the dentist presses Book Now again.
    const { checkout: provider } = capturingCheckout(services());
    await provider.pay(first.sessionId, { method: "card", email: null });

    await expect(checkout(services(), { courseId: edition.id, buyer })).rejects.toThrow(new UnavailableError(CHECKOUT_REFUSALS.alreadyBooked));
    const purchases = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, edition.id));
    expect(purchases.map((row) => [row.stripeSessionId, row.status])).toEqual([[first.sessionId, "paid"]]);
    const holds = await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(holds.filter((hold) => hold.status !== "released").map((hold) => hold.id)).toEqual([first.holdId]);
    expect(await placesLeft(edition.id)).toBe(4);
  });

  it("refuses a dentist's new checkout for dates whose payment in another tab is recorded while it starts, before its place is taken", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const buyer = await person();
    const first = await checkout(services(), { courseId: edition.id, buyer });
    const { checkout: provider, events } = capturingCheckout(services());
    await provider.pay(first.sessionId, { method: "card", email: null });
    const completed = events.find((event) => event.type === "checkout.session.completed")!;
    // Its webhook lands after the new checkout's first look at the buyer's bookings, before its place is taken.
    const base = services();
    const meanwhile = {
      ...base,
      payments: {
        ...base.payments,
        confirmPrice: async (...args: Parameters<typeof base.payments.confirmPrice>) => {
          await receivePaymentEvent(base, completed.payload, completed.signature);
          return base.payments.confirmPrice(...args);
        },
      },
    };

    await expect(checkout(meanwhile, { courseId: edition.id, buyer })).rejects.toThrow(new UnavailableError(CHECKOUT_REFUSALS.alreadyBooked));
    const holds = await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(holds.map((hold) => [hold.id === first.holdId, hold.status]).sort()).toEqual([
      [false, "released"],
      [true, "converted"],
    ]);
    expect(await placesLeft(edition.id)).toBe(4);
  });

  it("refuses a dentist a checkout for dates their bank payment as a guest, with their address, is still settling for", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const buyer = await person();
    const asGuest = await checkout(services(), { courseId: edition.id, buyer: null });
    await builtInCheckout(services()).pay(asGuest.sessionId, { method: "bank_transfer", email: buyer.email.toUpperCase() });
    expect(await holdOf(handle, asGuest.holdId)).toMatchObject({ status: "awaiting_payment" });
    await expect(checkout(services(), { courseId: edition.id, buyer })).rejects.toThrow(new UnavailableError(CHECKOUT_REFUSALS.alreadyBooked));
  });

  it("ends the checkout at once when the buyer cancels, releasing the place", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    expect(await placesLeft(edition.id)).toBe(0);
    await cancelCheckout(services(), started.holdId);
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "released" });
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, started.sessionId));
    expect(session.status).toBe("expired");
    expect(await placesLeft(edition.id)).toBe(1);
    // A second visit to the cancel page changes nothing.
    await cancelCheckout(services(), started.holdId);
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("leaves a paid checkout booked when its cancel link is followed afterwards, and answers that it was paid", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    await builtInCheckout(services()).pay(started.sessionId, { method: "card", email: "paid.then.back@example.com" });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });

    await expect(cancelCheckout(services(), started.holdId)).resolves.toEqual({ kind: "paid", sessionId: started.sessionId });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
    expect(await placesLeft(edition.id)).toBe(0);
  });

  it("records a payment whose event is still on its way when the cancel link is followed, rather than giving its place away", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    // Paid at the checkout, whose event the test keeps: the hold is still open.
    await capturingCheckout(services()).checkout.pay(started.sessionId, { method: "card", email: "paid.event.late@example.com" });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "open" });

    await expect(cancelCheckout(services(), started.holdId)).resolves.toEqual({ kind: "paid", sessionId: started.sessionId });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
    const purchases = await handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, started.sessionId));
    expect(purchases).toMatchObject([{ status: "paid", customerEmail: "paid.event.late@example.com" }]);
    expect(await placesLeft(edition.id)).toBe(0);
  });

  it("hands out no link when the hold is gone by the time its session opens: the session is expired and the buyer gets the checkout error", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const base = services();
    let sessionId: string | undefined;
    // As if the database had lost the hold (a crash before it reached the disk) while the session opened.
    const losingHolds = whileSessionsOpen(base, async (request, open) => {
      await handle.db.delete(seatHolds).where(eq(seatHolds.id, request.holdId));
      const session = await open();
      sessionId = session.id;
      return session;
    });
    await expect(checkout(losingHolds, { courseId: edition.id, buyer: null })).rejects.toThrow(CHECKOUT_MESSAGES.failed);
    expect((await builtInCheckout(base).session(sessionId!))?.status).toBe("expired");
    expect(await placesLeft(edition.id)).toBe(3);
  });

  it("answers a checkout that the buyer's own newer one replaced while it opened (a second press, another tab) with a 409 that says so, not a server error", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const buyer = await person();
    const base = services();
    let newer: Awaited<ReturnType<typeof startCheckout>> | undefined;
    let firstSessionId: string | undefined;
    // While the first checkout's session opens, the same buyer starts another for the same date.
    const racing = whileSessionsOpen(base, async (_request, open) => {
      const session = await open();
      if (!newer) {
        firstSessionId = session.id;
        newer = await startCheckout(base, { courseId: edition.id, buyer }, { clientIp: "192.0.2.60" });
      }
      return session;
    });
    const first = startCheckout(racing, { courseId: edition.id, buyer }, { clientIp: "192.0.2.60" });
    await expect(first).rejects.toBeInstanceOf(UnavailableError);
    await expect(first).rejects.toThrow(CHECKOUT_REFUSALS.replaced);
    // The newer checkout carries on with the one place; the first one's session is closed.
    expect((await holdOf(handle, newer!.holdId)).status).toBe("open");
    expect((await builtInCheckout(base).session(firstSessionId!))?.status).toBe("expired");
    expect(await placesLeft(edition.id)).toBe(2);
  });

  it("limits checkouts per address to CHECKOUT_RATE_LIMIT in ten minutes", async () => {
    const limited = testServices(handle, testEnv({ CHECKOUT_RATE_LIMIT: "2" }));
    const edition = await editionFor(handle, { capacity: 10 });
    const from = { clientIp: "192.0.2.77" };
    await startCheckout(limited, { courseId: edition.id, buyer: null }, from);
    await startCheckout(limited, { courseId: edition.id, buyer: null }, from);
    await expect(startCheckout(limited, { courseId: edition.id, buyer: null }, from)).rejects.toBeInstanceOf(RateLimitedError);
    // Another address is not held back.
    await expect(startCheckout(limited, { courseId: edition.id, buyer: null }, { clientIp: "192.0.2.78" })).resolves.toBeDefined();
  });

  it("lets one address hold at most CHECKOUT_HOLDS_PER_ADDRESS places at once, so no one can keep a course off sale", async () => {
    const limited = testServices(handle, testEnv({ CHECKOUT_HOLDS_PER_ADDRESS: "2" }));
    const [first, second] = [await editionFor(handle, { capacity: 6 }), await editionFor(handle, { capacity: 6, days: 61 })];
    const from = { clientIp: "192.0.2.90" };
    const start = new Date();
    const held = await startCheckout(limited, { courseId: first.id, buyer: null }, { ...from, now: start });
    await startCheckout(limited, { courseId: second.id, buyer: null }, { ...from, now: start });
    // A third place, on either edition, from the same address: refused with its reason, and nothing is held for it.
    for (const edition of [first, second]) {
      const refused = startCheckout(limited, { courseId: edition.id, buyer: null }, { ...from, now: start });
      await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
      await expect(refused).rejects.toThrow(CHECKOUT_REFUSALS.tooManyHolds);
    }
    expect([await placesLeft(first.id, start), await placesLeft(second.id, start)]).toEqual([5, 5]);
    // Other addresses still book.
    await expect(startCheckout(limited, { courseId: first.id, buyer: null }, { clientIp: "192.0.2.91", now: start })).resolves.toBeDefined();
    // A cancelled checkout gives its share back at once; an expired one when its time is up.
    await cancelCheckout(limited, held.holdId);
    await expect(startCheckout(limited, { courseId: first.id, buyer: null }, { ...from, now: start })).resolves.toBeDefined();
    await expect(startCheckout(limited, { courseId: first.id, buyer: null }, { ...from, now: start })).rejects.toBeInstanceOf(RateLimitedError);
    const later = new Date(start.getTime() + HOLD_MS + 1_000);
    await expect(startCheckout(limited, { courseId: first.id, buyer: null }, { ...from, now: later })).resolves.toBeDefined();
  });

  it("does not count a guest checkout being replaced against the address's share", async () => {
    const limited = testServices(handle, testEnv({ CHECKOUT_HOLDS_PER_ADDRESS: "1" }));
    const edition = await editionFor(handle, { capacity: 6 });
    const from = { clientIp: "192.0.2.95" };
    let latest = await startCheckout(limited, { courseId: edition.id, buyer: null }, from);
    for (let press = 0; press < 3; press++) {
      latest = await startCheckout(limited, { courseId: edition.id, buyer: null, guestCheckouts: [latest.holdId] }, from);
    }
    expect(await placesLeft(edition.id)).toBe(5);
    await expect(startCheckout(limited, { courseId: edition.id, buyer: null }, from)).rejects.toThrow(CHECKOUT_REFUSALS.tooManyHolds);
  });
});

// Only PostgreSQL runs checkouts side by side: PGlite answers one query at a time.
if (testDriver === "postgres") {
  describe(`one address's share on ${testDriver}`, () => {
    it("makes a second checkout from the address wait for the first to commit, then counts it (take_place's lock per address)", async () => {
      const [first, second] = [await editionFor(handle, { capacity: 5, days: 140 }), await editionFor(handle, { capacity: 5, days: 141 })];
      const take = (tx: Transaction, courseId: string) =>
        tx.execute(sql`
          select hold_id, refusal from take_place(
            p_course_id => ${courseId}::uuid, p_price_id => 'price_sinus_grafting', p_price_amount => 150000, p_price_currency => 'gbp',
            p_sold_after => null, p_user_id => null, p_customer_email => null, p_provider => 'local',
            p_expires_at => ${new Date(Date.now() + HOLD_MS).toISOString()}::timestamptz, p_amount_discount => 0, p_discount_kind => null,
            p_client_address => '192.0.2.140', p_holds_per_address => 1, p_paid_statuses => array['paid']::text[], p_now => now())`);
      const rowOf = (result: unknown) => (result as { rows: { hold_id: string | null; refusal: string | null }[] }).rows[0];
      let commitFirst!: () => void;
      const firstCommitted = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstTaken!: () => void;
      const firstHasTaken = new Promise<void>((resolve) => (firstTaken = resolve));
      const firstCheckout = handle.db.transaction(async (tx) => {
        expect(rowOf(await take(tx, first.id)).hold_id).toBeTruthy();
        firstTaken();
        await firstCommitted;
      });
      await firstHasTaken;
      const secondCheckout = handle.db.transaction(async (tx) => rowOf(await take(tx, second.id)));
      // Without the lock, the second would count before the first commits and take a place past the share.
      await new Promise((resolve) => setTimeout(resolve, 300));
      commitFirst();
      await firstCheckout;
      expect(await secondCheckout).toEqual({ hold_id: null, refusal: "address-share" });
    });
  });
}

describe(`POST /api/v2/create-checkout-session on ${testDriver}`, () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    settle(() =>
      createCheckoutSession(
        routeArgs(jsonRequest("/api/v2/create-checkout-session", body, headers), handle, {}, undefined, `203.0.113.${Math.floor(Math.random() * 200) + 1}`),
      ),
    );

  it("answers { sessionId, url } and takes the buyer from the session, never from the body's userId, which must name that buyer when given", async () => {
    const edition = await editionFor(handle);
    const buyer = await person();
    const someoneElse = await person();
    const answer = await post({ priceId: "price_sinus_grafting", courseId: edition.id, userId: buyer.id }, { Cookie: buyer.cookie });
    expect(answer.status).toBe(200);
    const { sessionId, url } = answer.body as { sessionId: string; url: string };
    expect(url).toContain(sessionId);
    const [hold] = await handle.db.select().from(seatHolds).where(eq(seatHolds.checkoutSessionId, sessionId));
    expect(hold).toMatchObject({ userId: buyer.id, customerEmail: buyer.email });
    const heldBefore = await holdCount();

    // A page drawn for another account (someone else signed in since, in another tab), or for an account since signed
    // out, is refused: its prices and discount were that account's. Nothing is held.
    expect(await post({ courseId: edition.id, userId: someoneElse.id }, { Cookie: buyer.cookie })).toEqual({
      status: 409,
      body: { error: CHECKOUT_REFUSALS.otherAccount },
    });
    expect(await post({ courseId: edition.id, userId: buyer.id })).toEqual({ status: 409, body: { error: CHECKOUT_REFUSALS.signedOut } });
    expect(await holdCount()).toBe(heldBefore);

    // A guest's page names no account (spec 7: absent, or null).
    for (const userId of [undefined, null, ""]) {
      const guest = await post({ courseId: edition.id, userId });
      expect(guest.status).toBe(200);
      const [guestHold] = await handle.db
        .select()
        .from(seatHolds)
        .where(eq(seatHolds.checkoutSessionId, (guest.body as { sessionId: string }).sessionId));
      expect(guestHold).toMatchObject({ userId: null, customerEmail: null });
    }
  });

  it("has a guest's browser remember its checkout (an http-only cookie), so that Book Now again replaces it; a signed-in buyer's answer sets no cookie", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const ip = "203.0.113.240";
    const start = (headers: Record<string, string> = {}) =>
      createCheckoutSession(routeArgs(jsonRequest("/api/v2/create-checkout-session", { courseId: edition.id }, headers), handle, {}, undefined, ip));
    const first = await start();
    expect(first.status).toBe(200);
    const setCookie = first.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^gii\.guest_checkouts=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie.split(";")[0];

    // The one place is this browser's to take again; any other guest is refused.
    expect(await settle(() => start())).toEqual({ status: 409, body: { error: CHECKOUT_REFUSALS.heldAtCheckout } });
    const again = await start({ Cookie: cookie });
    expect(again.status).toBe(200);
    const { sessionId } = (await again.json()) as { sessionId: string };
    const live = await handle.db
      .select()
      .from(seatHolds)
      .where(and(eq(seatHolds.courseId, edition.id), inArray(seatHolds.status, ["opening", "open"])));
    expect(live.map((hold) => hold.checkoutSessionId)).toEqual([sessionId]);
    // A cookie that is not the product's own is ignored, never a failure.
    expect((await settle(() => start({ Cookie: "gii.guest_checkouts=%%%not-base64" }))).status).toBe(409);

    const dentist = await person();
    const other = await editionFor(handle, { capacity: 3, days: 80 });
    const theirs = await createCheckoutSession(
      routeArgs(jsonRequest("/api/v2/create-checkout-session", { courseId: other.id }, { Cookie: dentist.cookie }), handle, {}, undefined, ip),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a bearer token that names no session with 401 and holds nothing, where it sold to a guest at a guest's price; the buyer's own token buys as them", async () => {
    const edition = await editionFor(handle);
    const buyer = await person();
    for (const token of ["garbage.sig", buyer.bearer.slice(0, -4) + "AAAA"]) {
      expect(await post({ courseId: edition.id }, { Authorization: `Bearer ${token}` })).toEqual({ status: 401, body: { error: INVALID_TOKEN_MESSAGE } });
    }
    expect(await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id))).toEqual([]);
    const answer = await post({ courseId: edition.id }, { Authorization: `Bearer ${buyer.bearer}` });
    expect(answer.status).toBe(200);
    const [hold] = await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(hold).toMatchObject({ userId: buyer.id, customerEmail: buyer.email });
  });

  it("answers refusals as 4xx JSON with the spec's messages", async () => {
    const full = await editionFor(handle, { capacity: 1 });
    await addPurchase(handle.db, full.id, "paid");
    expect(await post({})).toEqual({ status: 400, body: { error: CHECKOUT_REFUSALS.priceIdMissing } });
    expect(await post({ priceId: "nope" })).toEqual({ status: 400, body: { error: CHECKOUT_MESSAGES.notAvailable } });
    expect(await post({ priceId: 42 })).toEqual({ status: 400, body: { error: CHECKOUT_MESSAGES.notAvailable } });
    expect(await post({ courseId: full.id })).toEqual({ status: 409, body: { error: CHECKOUT_REFUSALS.fullyBooked } });
    expect(await post("not json")).toEqual({ status: 400, body: { error: CHECKOUT_REFUSALS.priceIdMissing } });
    expect((await post({ courseId: full.id }, { Origin: "https://evil.example" })).status).toBe(403);
  });
});
