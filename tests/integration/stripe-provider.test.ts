import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { cancelCheckout, CHECKOUT_SESSION_MS } from "~/server/booking/checkout.server";
import { fulfilCheckout } from "~/server/booking/fulfilment.server";
import { upcomingEditions } from "~/server/catalogue/editions.server";
import { emailOutbox, seatHolds, userCoursePurchases } from "~/server/db/schema.server";
import { RefundKeyConflictError } from "~/server/payments/provider.server";
import { INVALID_SIGNATURE_MESSAGE, receivePaymentEvent } from "~/server/payments/webhook.server";
import { InvalidInputError, UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

import { checkout, editionFor, holdOf, signedEvent } from "../support/booking";
import { testDriver, useTestDatabase } from "../support/database";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { createPerson } from "../support/people";
import { testEnv, testServices } from "../support/route-args";

const WEBHOOK_SECRET = "whsec_test_provider_secret";
const handle = useTestDatabase();
let stripe: FakeStripe;
const services = () =>
  testServices(handle, testEnv({ STRIPE_SECRET_KEY: "sk_test_provider", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url }));

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.requests.length = 0;
  stripe.failSessionCreates = 0;
  stripe.delayFor = () => 0;
  stripe.prices.set("price_sinus_grafting", { id: "price_sinus_grafting", unit_amount: 150_000, currency: "gbp", active: true });
  stripe.prices.set("price_level2_live_surgery", { id: "price_level2_live_surgery", unit_amount: 1_200_000, currency: "gbp", active: true });
});
afterEach(() => vi.restoreAllMocks());

/** An event as Stripe signs it with the endpoint's secret. */
const stripeEvent = (type: string, object: object, secret = WEBHOOK_SECRET) => signedEvent(type, object, { secret });

/** The session the fake opened, as Stripe sends it once the buyer has paid. */
function paidSession(
  sessionId: string,
  { amount = 150_000, email = "buyer@example.com", name = "Dr Amira\0 Haddad\n", paymentIntent = `pi_${sessionId}` } = {},
) {
  const session = stripe.sessions.get(sessionId)!;
  Object.assign(session, {
    status: "complete",
    payment_status: "paid",
    amount_subtotal: amount,
    amount_total: amount,
    total_details: { amount_discount: 0 },
    currency: "gbp",
    // Stripe keeps the name it collected apart from the card's: the holder here is the practice.
    customer_details: { email, individual_name: name, name: "Smile Dental Practice Ltd" },
    payment_intent: paymentIntent,
  });
  return session;
}

const purchasesOf = (sessionId: string) => handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, sessionId));

describe(`the Stripe provider through the official SDK on ${testDriver}`, () => {
  it("opens a Checkout Session as Stripe's guides say: the edition's price, metadata, card and Klarna, 30 minutes, our URLs, an idempotency key", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const before = Date.now();
    const started = await checkout(services(), { courseId: edition.id, buyer: null });

    expect(started).toMatchObject({ sessionId: "cs_test_1", url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    const [create] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(create.authorization).toBe("Bearer sk_test_provider");
    expect(create.idempotencyKey).toBe(`checkout-${started.holdId}`);
    const form = Object.fromEntries(create.form);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][price]": "price_sinus_grafting",
      "line_items[0][quantity]": "1",
      "metadata[hold_id]": started.holdId,
      "metadata[course_id]": edition.id,
      "payment_intent_data[metadata][hold_id]": started.holdId,
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "klarna",
      success_url: "http://localhost:3000/booking-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: `http://localhost:3000/booking-canceled?hold=${started.holdId}`,
    });
    // A guest: no email and no user id for Stripe to carry; Stripe's page asks their name.
    expect(form).not.toHaveProperty("customer_email");
    expect(form).toMatchObject({ "name_collection[individual][enabled]": "true", "name_collection[individual][optional]": "false" });
    expect(form).not.toHaveProperty("client_reference_id");
    expect(form).not.toHaveProperty("discounts[0][coupon]");
    const expiresAt = Number(form.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor((before + CHECKOUT_SESSION_MS) / 1000) * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + CHECKOUT_SESSION_MS);

    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "open", provider: "stripe", checkoutSessionId: "cs_test_1" });
  });

  it("retrieves a price once and caches it; card only above Klarna's limit; the signed-in buyer's email and id", async () => {
    const buyer = await createPerson({ db: handle.db, auth: services().auth });
    const first = await editionFor(handle, { offeringKey: "level-2", capacity: 4 });
    const second = await editionFor(handle, { offeringKey: "level-2", days: 90, capacity: 4 });
    await checkout(services(), { courseId: first.id, buyer: { id: buyer.id, email: buyer.email } });
    await checkout(services(), { courseId: second.id, buyer: null });

    expect(stripe.requestsTo("GET", "/v1/prices/price_level2_live_surgery")).toHaveLength(1);
    const [signedIn, guest] = stripe.requestsTo("POST", "/v1/checkout/sessions").map((request) => Object.fromEntries(request.form));
    expect(signedIn).toMatchObject({ customer_email: buyer.email, client_reference_id: buyer.id, "allowed_payment_method_types[0]": "card" });
    expect(signedIn).not.toHaveProperty("allowed_payment_method_types[1]");
    expect(guest).not.toHaveProperty("customer_email");
    // A signed-in buyer's name is their account's: Stripe's page does not ask it.
    expect(signedIn).not.toHaveProperty("name_collection[individual][enabled]");
  });

  it("passes the sign-up discount as a coupon it creates once by its id and reuses", async () => {
    const first = await createPerson({ db: handle.db, auth: services().auth }, { marketing: true });
    const second = await createPerson({ db: handle.db, auth: services().auth }, { marketing: true });
    const edition = await editionFor(handle, { capacity: 4 });
    await checkout(services(), { courseId: edition.id, buyer: { id: first.id, email: first.email } });
    await checkout(services(), { courseId: edition.id, buyer: { id: second.id, email: second.email } });

    expect(stripe.requestsTo("GET", "/v1/coupons/gii-signup-10000gbp")).toHaveLength(1);
    const created = stripe.requestsTo("POST", "/v1/coupons");
    expect(created).toHaveLength(1);
    expect(created[0].idempotencyKey).toBe("coupon-gii-signup-10000gbp");
    expect(Object.fromEntries(created[0].form)).toMatchObject({
      id: "gii-signup-10000gbp",
      name: "£100 off your first course",
      duration: "once",
      amount_off: "10000",
      currency: "gbp",
    });
    for (const request of stripe.requestsTo("POST", "/v1/checkout/sessions")) {
      expect(request.form.get("discounts[0][coupon]")).toBe("gii-signup-10000gbp");
    }
  });

  it("refuses an edition whose Stripe price differs from what the site shows, logs why and holds nothing", async () => {
    stripe.prices.set("price_level3_zygomatic_winter", { id: "price_level3_zygomatic_winter", unit_amount: 1_200_000, currency: "gbp", active: true });
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const edition = await editionFor(handle, { offeringKey: "level-3", capacity: 4 });

    const refused = await checkout(services(), { courseId: edition.id, buyer: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as Error).message).toBe(CHECKOUT_MESSAGES.notAvailable);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("price_level3_zygomatic_winter does not match"));
    expect(stripe.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(0);
    expect(await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id))).toHaveLength(0);
  });

  it("answers Stripe's failure with the spec's message after retrying under one idempotency key, and gives the place back", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const edition = await editionFor(handle, { capacity: 1 });
    stripe.failSessionCreates = 3;

    const refused = await checkout(services(), { courseId: edition.id, buyer: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect((refused as Error).message).toBe(CHECKOUT_MESSAGES.failed);
    const attempts = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
    const [hold] = await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
    expect(hold.status).toBe("released");

    // The one place is free again for the next buyer.
    await expect(checkout(services(), { courseId: edition.id, buyer: null })).resolves.toMatchObject({ sessionId: expect.stringMatching(/^cs_test_/) });
  });

  describe("with Stripe slow or failing, within STRIPE_TIMEOUT_MS", () => {
    const BOUND_MS = 1_000;
    const boundedServices = () =>
      testServices(
        handle,
        testEnv({
          STRIPE_SECRET_KEY: "sk_test_provider",
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripe.url,
          STRIPE_TIMEOUT_MS: String(BOUND_MS),
        }),
      );

    /** A checkout that must fail: how long it took, what it threw, and the edition's holds after it. */
    async function failedCheckout(edition: { id: string }) {
      const started = performance.now();
      const refused = await checkout(boundedServices(), { courseId: edition.id, buyer: null }).catch((error: unknown) => error);
      const elapsedMs = performance.now() - started;
      const holds = await handle.db.select().from(seatHolds).where(eq(seatHolds.courseId, edition.id));
      return { elapsedMs, refused, holds };
    }

    it("a session that takes longer than the bound: the spec's checkout error in bounded time, and the place is given back", async () => {
      vi.spyOn(log, "error").mockImplementation(() => undefined);
      const edition = await editionFor(handle, { capacity: 1 });
      stripe.delayFor = (method, path) => (method === "POST" && path === "/v1/checkout/sessions" ? 10_000 : 0);

      const { elapsedMs, refused, holds } = await failedCheckout(edition);
      expect(refused).toBeInstanceOf(UpstreamError);
      expect((refused as Error).message).toBe(CHECKOUT_MESSAGES.failed);
      // The bound, plus the database's part of the checkout; never the 10 s Stripe took.
      expect(elapsedMs).toBeGreaterThanOrEqual(BOUND_MS - 50);
      expect(elapsedMs).toBeLessThan(BOUND_MS + 2_000);
      expect(holds.map((hold) => hold.status)).toEqual(["released"]);

      // Stripe is quick again: the one place is there for the next buyer.
      stripe.delayFor = () => 0;
      await expect(checkout(boundedServices(), { courseId: edition.id, buyer: null })).resolves.toMatchObject({
        sessionId: expect.stringMatching(/^cs_test_/),
      });
    });

    it("a Stripe that answers 500 to every try: the same error within the bound, no live hold left", async () => {
      vi.spyOn(log, "error").mockImplementation(() => undefined);
      const edition = await editionFor(handle, { capacity: 2 });
      stripe.failSessionCreates = 1_000;

      const { elapsedMs, refused, holds } = await failedCheckout(edition);
      expect((refused as Error).message).toBe(CHECKOUT_MESSAGES.failed);
      expect(elapsedMs).toBeLessThan(BOUND_MS + 2_000);
      expect(stripe.requestsTo("POST", "/v1/checkout/sessions").length).toBeGreaterThanOrEqual(1);
      expect(holds.map((hold) => hold.status)).toEqual(["released"]);
    });

    it("a price lookup slower than the bound: refused before any place is held", async () => {
      vi.spyOn(log, "error").mockImplementation(() => undefined);
      stripe.prices.set("price_level3_zygomatic_winter", { id: "price_level3_zygomatic_winter", unit_amount: 1_500_000, currency: "gbp", active: true });
      const edition = await editionFor(handle, { offeringKey: "level-3", capacity: 2 });
      stripe.delayFor = (method, path) => (method === "GET" && path.startsWith("/v1/prices/") ? 10_000 : 0);

      const { elapsedMs, refused, holds } = await failedCheckout(edition);
      expect((refused as Error).message).toBe(CHECKOUT_MESSAGES.failed);
      expect(elapsedMs).toBeLessThan(BOUND_MS + 2_000);
      expect(holds).toEqual([]);
    });
  });

  it("records a purchase once from Stripe's signed event, with the receipt of its charge; a repeat is acknowledged and ignored", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const event = stripeEvent("checkout.session.completed", paidSession(started.sessionId));

    await expect(receivePaymentEvent(services(), event.payload, event.signature)).resolves.toEqual({ received: true });
    await expect(receivePaymentEvent(services(), event.payload, event.signature)).resolves.toEqual({ received: true, duplicate: true });

    const purchases = await purchasesOf(started.sessionId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      status: "paid",
      courseId: edition.id,
      customerEmail: "buyer@example.com",
      // The name the guest gave on Stripe's page (not the card holder's), on one line and without the NUL PostgreSQL refuses.
      customerName: "Dr Amira Haddad",
      amountTotal: 150_000,
      stripePaymentIntentId: `pi_${started.sessionId}`,
      receiptUrl: `https://pay.stripe.com/receipts/payment/pi_${started.sessionId}`,
    });
    const [intent] = stripe.requestsTo("GET", `/v1/payment_intents/pi_${started.sessionId}`);
    expect([...intent.query.values()]).toContain("latest_charge");
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
  });

  it("records as refunded, taking no place and sending no confirmation, a payment refunded in full before its completed event came", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    // Refunded in the dashboard while our endpoint was down; the refund's event came first and found no purchase.
    stripe.amountRefunded.set(`pi_${started.sessionId}`, 150_000);
    const refunded = stripeEvent("charge.refunded", {
      id: `ch_pi_${started.sessionId}`,
      object: "charge",
      payment_intent: `pi_${started.sessionId}`,
      amount: 150_000,
      amount_refunded: 150_000,
    });
    const mailToBuyer = () => handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "buyer@example.com"));
    const mailBefore = (await mailToBuyer()).length;
    await receivePaymentEvent(services(), refunded.payload, refunded.signature);
    const completed = stripeEvent("checkout.session.completed", paidSession(started.sessionId));
    await receivePaymentEvent(services(), completed.payload, completed.signature);

    expect(await purchasesOf(started.sessionId)).toMatchObject([{ status: "refunded", amountRefunded: 150_000 }]);
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
    expect((await upcomingEditions(handle.db)).find((listed) => listed.id === edition.id)?.placesLeft).toBe(4);
    expect(await mailToBuyer()).toHaveLength(mailBefore);
  });

  it("records a part refunded before its completed event came beside the booking it leaves", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    stripe.amountRefunded.set(`pi_${started.sessionId}`, 50_000);
    const completed = stripeEvent("checkout.session.completed", paidSession(started.sessionId));
    await receivePaymentEvent(services(), completed.payload, completed.signature);
    expect(await purchasesOf(started.sessionId)).toMatchObject([{ status: "paid", amountRefunded: 50_000 }]);
  });

  it("refuses an event not signed with the endpoint's secret, changing nothing", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const forged = stripeEvent("checkout.session.completed", paidSession(started.sessionId), "whsec_someone_else");

    const refused = await receivePaymentEvent(services(), forged.payload, forged.signature).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as Error).message).toBe(INVALID_SIGNATURE_MESSAGE);
    await expect(receivePaymentEvent(services(), forged.payload, null)).rejects.toThrow(INVALID_SIGNATURE_MESSAGE);
    expect(await purchasesOf(started.sessionId)).toHaveLength(0);
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "open" });
  });

  it("fulfils from the success page by retrieving the session from Stripe, the same purchase the event makes", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    paidSession(started.sessionId);

    await expect(fulfilCheckout(services(), started.sessionId)).resolves.toMatchObject({ kind: "booked", firstTime: true });
    expect(stripe.requestsTo("GET", `/v1/checkout/sessions/${started.sessionId}`)).toHaveLength(1);
    await expect(fulfilCheckout(services(), "cs_test_unknown")).resolves.toBeNull();

    const event = stripeEvent("checkout.session.completed", stripe.sessions.get(started.sessionId)!);
    await receivePaymentEvent(services(), event.payload, event.signature);
    expect(await purchasesOf(started.sessionId)).toHaveLength(1);
  });

  it("asks Stripe about no session a checkout of ours did not open: a made-up id in the success page's address costs no API call", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    // A session of the same account that no hold names (another app's, or one made in the dashboard), paid.
    stripe.sessions.set("cs_test_elsewhere", { ...paidSession(started.sessionId), id: "cs_test_elsewhere", metadata: {} });
    stripe.requests.length = 0;

    await expect(fulfilCheckout(services(), "cs_test_elsewhere")).resolves.toBeNull();
    await expect(fulfilCheckout(services(), "cs_test_made_up")).resolves.toBeNull();
    expect(stripe.requests).toHaveLength(0);
    expect(await purchasesOf("cs_test_elsewhere")).toHaveLength(0);
  });

  it("ends the Stripe session when the buyer cancels, freeing the place at once", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });

    await cancelCheckout(services(), started.holdId);
    const [expire] = stripe.requestsTo("POST", `/v1/checkout/sessions/${started.sessionId}/expire`);
    expect(expire.idempotencyKey).toBe(`expire-${started.sessionId}`);
    expect(stripe.sessions.get(started.sessionId)!.status).toBe("expired");
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "released" });

    // Stripe's own expired event afterwards changes nothing more.
    const event = stripeEvent("checkout.session.expired", stripe.sessions.get(started.sessionId)!);
    await expect(receivePaymentEvent(services(), event.payload, event.signature)).resolves.toEqual({ received: true });
    await expect(checkout(services(), { courseId: edition.id, buyer: null })).resolves.toBeTruthy();
  });

  it("reads Stripe's refusal of a refund key used before with another amount as another cancel having gone first", async () => {
    const { payments } = services();
    await payments.refund({ paymentIntentId: "pi_twice", amount: 10_000, idempotencyKey: "admin-refund-twice" });
    await payments.refund({ paymentIntentId: "pi_twice", amount: 10_000, idempotencyKey: "admin-refund-twice" });
    await expect(payments.refund({ paymentIntentId: "pi_twice", amount: 90_000, idempotencyKey: "admin-refund-twice" })).rejects.toBeInstanceOf(
      RefundKeyConflictError,
    );
    expect(stripe.requestsTo("POST", "/v1/refunds").map((request) => request.form.get("amount"))).toEqual(["10000", "10000", "90000"]);
  });

  it("refunds through Stripe a payment that arrives after its place went to someone else", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const edition = await editionFor(handle, { capacity: 1 });
    const late = await checkout(services(), { courseId: edition.id, buyer: null });
    await cancelCheckout(services(), late.holdId);
    const onTime = await checkout(services(), { courseId: edition.id, buyer: null });
    const paid = stripeEvent("checkout.session.completed", paidSession(onTime.sessionId));
    await receivePaymentEvent(services(), paid.payload, paid.signature);

    const lateEvent = stripeEvent("checkout.session.completed", paidSession(late.sessionId, { paymentIntent: "pi_late" }));
    await receivePaymentEvent(services(), lateEvent.payload, lateEvent.signature);

    const [refund] = stripe.requestsTo("POST", "/v1/refunds");
    expect(refund.form.get("payment_intent")).toBe("pi_late");
    expect(refund.idempotencyKey).toBe(`refund-${late.sessionId}`);
    expect(await purchasesOf(late.sessionId)).toMatchObject([{ status: "refunded" }]);
    expect(await purchasesOf(onTime.sessionId)).toMatchObject([{ status: "paid" }]);
  });
});
