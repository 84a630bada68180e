import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { CHECKOUT_REFUSALS } from "~/lib/checkout-refusals";
import { DISCOUNT_RULES } from "~/lib/discounts";
import * as accountRoute from "~/routes/account";
import * as receiptRoute from "~/routes/account.receipts.$purchaseId";
import * as adminRoute from "~/routes/admin._index";
import * as webhookRoute from "~/routes/api.stripe.webhook";
import * as bookingRoute from "~/routes/booking";
import * as bookingSuccessRoute from "~/routes/booking-success";
import * as courseRoute from "~/routes/courses.$courseId";
import { claimGuestPurchases } from "~/server/accounts/purchases.server";
import { cancelBooking } from "~/server/admin/bookings.server";
import { editionBookings } from "~/server/admin/editions.server";
import { HOLD_MS } from "~/server/booking/checkout.server";
import { discountsFor } from "~/server/booking/discounts.server";
import { finishInterruptedRefunds, INTERRUPTED_REFUND_AFTER_MS, startRefundSweep } from "~/server/booking/fulfilment.server";
import { upcomingEditions } from "~/server/catalogue/editions.server";
import { programmePageData } from "~/server/catalogue/programme-pages.server";
import { courses, emailOutbox, localCheckoutSessions, seatHolds, userCoursePurchases, users } from "~/server/db/schema.server";
import { INVALID_SIGNATURE_MESSAGE, receivePaymentEvent } from "~/server/payments/webhook.server";
import { InvalidInputError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

import { builtInCheckout, capturingCheckout, checkout, checkoutSessionObject, editionFor, holdOf, inDays, signedEvent } from "../support/booking";
import { addEdition, addPurchase } from "../support/catalogue";
import { testDriver, useTestDatabase } from "../support/database";
import { createPerson } from "../support/people";
import { guarded, routeArgs, settle, TEST_SITE_URL, testServices } from "../support/route-args";
import { tableCounts } from "../support/table-counts";

const handle = useTestDatabase();
const services = () => testServices(handle);
const person = (options: Parameters<typeof createPerson>[1] = {}) => createPerson({ db: handle.db, auth: services().auth }, options);

const purchasesOf = (courseId: string) => handle.db.select().from(userCoursePurchases).where(eq(userCoursePurchases.courseId, courseId));
const mailTo = (email: string, template?: string) =>
  handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), template ? eq(emailOutbox.template, template) : undefined));
const placesLeft = async (courseId: string) => (await upcomingEditions(handle.db)).find((edition) => edition.id === courseId)?.placesLeft;
const deliver = (event: { payload: string; signature: string }) => receivePaymentEvent(services(), event.payload, event.signature);

const successLoader = guarded(bookingSuccessRoute, "loader");
/** What /booking-success says of the session. */
const visit = (sessionId: string) => successLoader(routeArgs(new Request(`${TEST_SITE_URL}/booking-success?session_id=${sessionId}`), handle));

/** The hold's time ran out a minute ago, as if its payment came late. */
const lapse = (holdId: string) =>
  handle.db
    .update(seatHolds)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(seatHolds.id, holdId));

/** A guest's checkout for the edition, paid at the built-in checkout whose events the test holds. */
async function paidByGuest(courseId: string, email: string, method: "card" | "klarna" | "bank_transfer" = "card") {
  const started = await checkout(services(), { courseId, buyer: null });
  const capture = capturingCheckout(services());
  await capture.checkout.pay(started.sessionId, { method, email });
  return { ...started, ...capture };
}

/**
 * A payment that came after its hold lapsed and the last place went, whose
 * instance died while it asked the provider for the refund: the decision has
 * committed with the refund marked due, and the refund call never returned.
 */
async function interruptedLateRefund(email: string) {
  const edition = await editionFor(handle, { capacity: 1 });
  const late = await paidByGuest(edition.id, email);
  await lapse(late.holdId);
  await checkout(services(), { courseId: edition.id, buyer: null });
  const base = services();
  const crashing = { ...base, payments: { ...base.payments, refund: () => new Promise<never>(() => {}) } };
  void receivePaymentEvent(crashing, late.events[0].payload, late.events[0].signature);
  await vi.waitFor(async () => expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "refunded", lateRefundDueAt: expect.any(Date) }));
  return { edition, late, base };
}

describe(`fulfilment through the signed webhook on ${testDriver}`, () => {
  it("turns a paid built-in checkout into one purchase with its receipt, one confirmation with a calendar invite, and uses the sign-up discount", async () => {
    const edition = await editionFor(handle, { capacity: 4 });
    const buyer = await person({ marketing: true, firstName: "Layla" });
    const started = await checkout(services(), { courseId: edition.id, buyer: { id: buyer.id, email: buyer.email } });
    const { redirectTo } = await builtInCheckout(services()).pay(started.sessionId, { method: "card", email: null });
    expect(redirectTo).toBe(`${TEST_SITE_URL}/booking-success?session_id=${started.sessionId}`);

    const [purchase] = await purchasesOf(edition.id);
    expect(purchase).toMatchObject({
      userId: buyer.id,
      customerEmail: buyer.email,
      status: "paid",
      amountSubtotal: 150_000,
      amountDiscount: 10_000,
      amountTotal: 140_000,
      discountKind: "signup",
      holdId: started.holdId,
      stripeSessionId: started.sessionId,
      receiptUrl: `${TEST_SITE_URL}/account/receipts/${purchase.id}`,
    });
    expect(purchase.stripePaymentIntentId).toMatch(/^pi_local_/);
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
    expect(await placesLeft(edition.id)).toBe(3);
    const [{ claimed }] = await handle.db.select({ claimed: users.giiSignupDiscountClaimed }).from(users).where(eq(users.id, buyer.id));
    expect(claimed).toBe(true);

    const mail = await mailTo(buyer.email, "booking-confirmation");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Dear Layla,");
    for (const value of ["Sinus Grafting", "London", "£1,500", "£100 off your first course", "£1,400", purchase.receiptUrl!])
      expect(mail[0].text).toContain(value);
    expect(mail[0].text).toContain("View my courses");
    expect(mail[0].text).not.toContain("You booked without signing in.");
    const [invite] = mail[0].attachments;
    expect(invite).toMatchObject({ filename: "course.ics", contentType: expect.stringContaining("text/calendar") });
    const day = edition.startDate!.replaceAll("-", "");
    expect(invite.content).toContain("BEGIN:VCALENDAR");
    expect(invite.content).toContain(`DTSTART;VALUE=DATE:${day}`);
    expect(invite.content).toMatch(/DTEND;VALUE=DATE:\d{8}/);
    expect(invite.content).toContain(`UID:booking-${purchase.id}@`);
    expect(invite.content).toContain("SUMMARY:Sinus Grafting");
    expect(invite.content).toContain("METHOD:PUBLISH");
    // Unfolded (RFC 5545 3.1): long lines continue after a CRLF and a space or tab.
    expect(invite.content.replace(/\r\n[ \t]/g, "")).toContain(`ORGANIZER;CN="Global Implant Institute":MAILTO:${services().env.mail.staffEmail}`);
  });

  it("records one purchase and one email from the same event delivered ten times, out of order with the session's other events", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const email = "ten.times@example.com";
    const { sessionId, events } = await paidByGuest(edition.id, email);
    const [completed] = events;
    expect(completed.type).toBe("checkout.session.completed");
    const expired = signedEvent("checkout.session.expired", {
      id: sessionId,
      object: "checkout.session",
      status: "expired",
      payment_status: "unpaid",
      metadata: {},
    });

    const answers = await Promise.all([deliver(expired), ...Array.from({ length: 10 }, () => deliver(completed)), deliver(expired)]);
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(2);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
    const [mail] = await mailTo(email, "booking-confirmation");
    // A reply about the booking goes to the institute's staff.
    expect(mail.replyTo).toBe(services().env.mail.staffEmail);
    // A guest has no account to open yet: the email says how the booking joins one, and opens the sign-up tab.
    expect(mail.text).toContain("You booked without signing in. Create an account with this email address and the booking appears in your account");
    expect(mail.html).toContain(`href="${TEST_SITE_URL}/auth?view=sign_up"`);
    expect(mail.text).toContain("Create your account");
    expect(mail.text).not.toContain("View my courses");
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(1);
    // An expiry arriving around a paid session never undoes the booking.
    expect((await purchasesOf(edition.id))[0].status).toBe("paid");
    expect(await placesLeft(edition.id)).toBe(2);
  });

  it("greets a guest by the name they gave at the checkout, kept on one line, and staff's list and the refund email use it", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const email = "greeted.guest@example.com";
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    await builtInCheckout(services()).pay(started.sessionId, { method: "card", email, name: "  Dr Amira\r\nHaddad " });
    const [purchase] = await purchasesOf(edition.id);
    expect(purchase.customerName).toBe("Dr Amira Haddad");
    const [mail] = await mailTo(email, "booking-confirmation");
    expect(mail.text).toContain("Dear Dr Amira Haddad,");
    expect((await editionBookings(handle.db, edition.id))[0].name).toBe("Dr Amira Haddad");

    const admin = await person({ admin: true });
    await cancelBooking(services(), { id: admin.id, email: admin.email }, { purchaseId: purchase.id, amount: purchase.amountTotal });
    const [cancelled] = await mailTo(email, "booking-cancelled");
    expect(cancelled.text).toContain("Dear Dr Amira Haddad,");
  });

  it("keeps no name from the checkout that is not a plain name: it would greet an address nobody has confirmed", async () => {
    for (const [index, name] of ["Claim your refund at evil.example.com", "<b>Support</b>", "Ad\u200bmin"].entries()) {
      const edition = await editionFor(handle, { capacity: 3, days: 70 + index });
      const email = `unnamed.guest.${index}@example.com`;
      const started = await checkout(services(), { courseId: edition.id, buyer: null });
      await builtInCheckout(services()).pay(started.sessionId, { method: "card", email, name });
      expect((await purchasesOf(edition.id))[0].customerName, name).toBeNull();
      const [mail] = await mailTo(email, "booking-confirmation");
      expect(mail.text, name).toContain("Hello,");
      expect(mail.text, name).not.toContain(name);
    }
  });

  it("sends a guest whose address has an account already to sign in, not to sign up again", async () => {
    const edition = await editionFor(handle, { capacity: 3 });
    const member = await person();
    const { events } = await paidByGuest(edition.id, member.email.toUpperCase());
    await deliver(events[0]);
    const [mail] = await mailTo(member.email, "booking-confirmation");
    expect(mail.text).toContain("You booked without signing in. Sign in with this email address and the booking appears in your account");
    expect(mail.html).toContain(`href="${TEST_SITE_URL}/auth"`);
    expect(mail.html).not.toContain("view=sign_up");
  });

  it("answers a bad signature with 400 and changes nothing, over the webhook route", async () => {
    const edition = await editionFor(handle);
    const { events } = await paidByGuest(edition.id, "forger@example.com");
    const before = await tableCounts(handle.db);
    const action = guarded(webhookRoute, "action");
    const post = (body: string, signature: string) =>
      settle(() =>
        action(routeArgs(new Request(`${TEST_SITE_URL}/api/stripe/webhook`, { method: "POST", headers: { "Stripe-Signature": signature }, body }), handle)),
      );
    const tampered = events[0].payload.replace('"payment_status":"paid"', '"payment_status":"paid","amount_total":1');
    expect(await post(tampered, events[0].signature)).toEqual({ status: 400, body: { error: INVALID_SIGNATURE_MESSAGE } });
    expect(await post(events[0].payload, "t=1,v1=deadbeef")).toEqual({ status: 400, body: { error: INVALID_SIGNATURE_MESSAGE } });
    expect(await post(events[0].payload, "")).toEqual({ status: 400, body: { error: INVALID_SIGNATURE_MESSAGE } });
    expect(await tableCounts(handle.db)).toEqual(before);
    await expect(receivePaymentEvent(services(), events[0].payload, null)).rejects.toThrow(new InvalidInputError(INVALID_SIGNATURE_MESSAGE));

    // The genuine delivery, through the route, is accepted.
    expect(await post(events[0].payload, events[0].signature)).toEqual({ status: 200, body: { received: true } });
    expect(await purchasesOf(edition.id)).toHaveLength(1);
  });

  it("acknowledges and logs an event for a session that is not ours, writing nothing but its id", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const before = await tableCounts(handle.db);
      const stranger = signedEvent("checkout.session.completed", {
        id: "cs_local_not_ours",
        object: "checkout.session",
        status: "complete",
        payment_status: "paid",
        metadata: {},
      });
      expect(await deliver(stranger)).toEqual({ received: true });
      expect(warn.mock.calls.flat().join(" ")).toContain("cs_local_not_ours");
      const after = await tableCounts(handle.db);
      expect({ ...after, payment_events: before.payment_events }).toEqual(before);
    } finally {
      warn.mockRestore();
    }
  });

  it("acknowledges signed events it cannot use, writing nothing but their ids: never a 5xx for the sender to retry for days", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const edition = await editionFor(handle, { capacity: 3 });
      const { holdId, events } = await paidByGuest(edition.id, "first.session@example.com");
      await deliver(events[0]);
      expect(await purchasesOf(edition.id)).toHaveLength(1);
      const before = await tableCounts(handle.db);
      const paid = (id: string, holdIdInMetadata: string) =>
        checkoutSessionObject({ id, holdId: holdIdInMetadata, courseId: edition.id, email: "second.session@example.com" });
      const odd = [
        signedEvent("checkout.session.completed", paid("cs_local_not_a_uuid", "not-a-uuid")),
        signedEvent("checkout.session.completed", { ...paid("cs_local_number", holdId), metadata: { hold_id: 42 } }),
        // Another session naming a hold that a session of its own has paid for already.
        signedEvent("checkout.session.completed", paid("cs_local_second_session", holdId)),
        signedEvent("checkout.session.async_payment_succeeded", paid("cs_local_second_session_async", holdId)),
        signedEvent("checkout.session.expired", { ...paid("cs_local_second_session_expired", holdId), status: "expired" }),
        signedEvent("checkout.session.completed", null as unknown as object),
        signedEvent("checkout.session.completed", { object: "checkout.session", status: "complete" }),
        signedEvent("charge.refunded", { object: "charge", amount: 150_000, amount_refunded: 150_000 }),
      ];
      for (const event of odd) expect(await deliver(event), event.payload.slice(0, 120)).toEqual({ received: true });
      const after = await tableCounts(handle.db);
      expect({ ...after, payment_events: before.payment_events }).toEqual(before);
      expect(await purchasesOf(edition.id)).toMatchObject([{ status: "paid", customerEmail: "first.session@example.com" }]);
      expect(await holdOf(handle, holdId)).toMatchObject({ status: "converted" });
    } finally {
      warn.mockRestore();
    }
  });

  it("keeps an open checkout's place when another session that names its hold expires", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const stranger = checkoutSessionObject({ id: "cs_local_names_an_open_hold", holdId: started.holdId, courseId: edition.id, email: "x@example.com" });
    expect(await deliver(signedEvent("checkout.session.expired", { ...stranger, status: "expired", payment_status: "unpaid" }))).toEqual({ received: true });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "open" });
    expect(await placesLeft(edition.id)).toBe(0);
    // Its own session's expiry does free it.
    const own = checkoutSessionObject({ id: started.sessionId, holdId: started.holdId, courseId: edition.id, email: "x@example.com" });
    await deliver(signedEvent("checkout.session.expired", { ...own, status: "expired", payment_status: "unpaid" }));
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "released" });
  });

  it("frees the place at once when the session expires unpaid", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    expect(await placesLeft(edition.id)).toBe(0);
    // The built-in checkout's clock, a moment after the session's time ran out.
    await builtInCheckout(services()).tick(new Date(Date.now() + HOLD_MS));
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "released" });
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("keeps the place of a delayed bank payment as a pending purchase, and confirms once when it settles", async () => {
    const edition = await editionFor(handle, { capacity: 2 });
    const email = "bank.payer@example.com";
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const local = builtInCheckout(services());
    await local.pay(started.sessionId, { method: "bank_transfer", email });
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "pending", customerEmail: email });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "awaiting_payment" });
    // Held however long the bank takes: long after the checkout's own time.
    expect(await placesLeft(edition.id)).toBe(1);
    expect(await mailTo(email)).toHaveLength(0);

    await local.tick(new Date(Date.now() + 60_000));
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "paid" });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ status: "converted" });
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(1);
    await local.tick(new Date(Date.now() + 120_000));
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(1);
  });

  it("cancels the pending purchase and releases the place when a delayed payment fails", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const { sessionId, holdId, events } = await paidByGuest(edition.id, "failed.bank@example.com", "bank_transfer");
    await deliver(events[0]);
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "pending" });
    expect(await placesLeft(edition.id)).toBe(0);
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    await deliver(
      signedEvent("checkout.session.async_payment_failed", {
        id: sessionId,
        object: "checkout.session",
        status: "complete",
        payment_status: "unpaid",
        metadata: session.metadata,
      }),
    );
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "canceled" });
    expect(await holdOf(handle, holdId)).toMatchObject({ status: "released" });
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("tells the buyer of a failed bank payment, once, and its success page says nothing was booked", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const email = "told.of.failure@example.com";
    const { sessionId, events } = await paidByGuest(edition.id, email, "bank_transfer");
    await deliver(events[0]);
    expect(await visit(sessionId)).toMatchObject({ notPaid: false, booking: { status: "awaiting-payment" } });
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    const failure = { id: sessionId, object: "checkout.session", status: "complete", payment_status: "unpaid", metadata: session.metadata };
    // Told twice, as two events: the buyer hears once.
    await deliver(signedEvent("checkout.session.async_payment_failed", failure));
    await deliver(signedEvent("checkout.session.async_payment_failed", failure));

    const sent = await mailTo(email, "payment-failed");
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Your payment for Sinus Grafting did not go through");
    expect(sent[0].replyTo).toBe(services().env.mail.staffEmail);
    expect(sent[0].text).toContain("no place has been booked and you have not been charged");
    expect(sent[0].text).toContain(`${TEST_SITE_URL}/booking`);
    expect(await visit(sessionId)).toMatchObject({ notPaid: false, booking: { title: "Sinus Grafting", status: "payment-failed" } });
  });

  it("keeps a delayed payment failed when its failure arrives before the session's completed event, holding no place", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const { sessionId, holdId, events } = await paidByGuest(edition.id, "failed.first@example.com", "bank_transfer");
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    await deliver(
      signedEvent("checkout.session.async_payment_failed", {
        id: sessionId,
        object: "checkout.session",
        status: "complete",
        payment_status: "unpaid",
        customer_details: { email: "failed.first@example.com" },
        metadata: session.metadata,
      }),
    );
    expect(await holdOf(handle, holdId)).toMatchObject({ status: "released" });
    // The completed event, unpaid, comes late: it neither revives the hold nor reopens the purchase.
    expect(events[0].type).toBe("checkout.session.completed");
    await deliver(events[0]);
    expect(await purchasesOf(edition.id)).toEqual([expect.objectContaining({ status: "canceled", customerEmail: "failed.first@example.com" })]);
    expect(await holdOf(handle, holdId)).toMatchObject({ status: "released" });
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("does not give back a place to a delayed payment whose completed event comes after its hold lapsed and the place went", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const late = await paidByGuest(edition.id, "late.bank@example.com", "bank_transfer");
    await lapse(late.holdId);
    const other = await checkout(services(), { courseId: edition.id, buyer: null });
    await deliver(late.events[0]);
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "pending" });
    expect(await holdOf(handle, late.holdId)).not.toMatchObject({ status: "awaiting_payment" });
    expect(await holdOf(handle, other.holdId)).toMatchObject({ status: "open" });
    expect(await placesLeft(edition.id)).toBe(0);
  });

  it("marks a fully refunded purchase refunded and frees its place; a partial refund is only recorded", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const local = builtInCheckout(services());
    await local.pay(started.sessionId, { method: "card", email: "refund.me@example.com" });
    const [paid] = await purchasesOf(edition.id);
    expect(await placesLeft(edition.id)).toBe(0);

    await local.refund({ paymentIntentId: paid.stripePaymentIntentId!, amount: 50_000, idempotencyKey: "partial-1" });
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "paid", amountRefunded: 50_000, refundedAt: null });
    // The same refund asked again is not paid twice.
    await local.refund({ paymentIntentId: paid.stripePaymentIntentId!, amount: 50_000, idempotencyKey: "partial-1" });
    expect((await purchasesOf(edition.id))[0].amountRefunded).toBe(50_000);
    // An older refund event delivered late does not lower what was refunded.
    await deliver(
      signedEvent("charge.refunded", { id: "ch_late", object: "charge", payment_intent: paid.stripePaymentIntentId, amount: 150_000, amount_refunded: 10_000 }),
    );
    expect((await purchasesOf(edition.id))[0].amountRefunded).toBe(50_000);

    await local.refund({ paymentIntentId: paid.stripePaymentIntentId!, idempotencyKey: "rest" });
    const [refunded] = await purchasesOf(edition.id);
    expect(refunded).toMatchObject({ status: "refunded", amountRefunded: 150_000 });
    expect(refunded.refundedAt).toBeInstanceOf(Date);
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("frees the place a bank payment held when it is refunded in full before it settles, and its settling later books nothing", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const { sessionId, holdId, events } = await paidByGuest(edition.id, "refunded.unsettled@example.com", "bank_transfer");
    await deliver(events[0]);
    const [pending] = await purchasesOf(edition.id);
    expect(await placesLeft(edition.id)).toBe(0);

    const payment = { object: "charge", payment_intent: pending.stripePaymentIntentId, amount: 150_000 };
    await deliver(signedEvent("charge.refunded", { id: "ch_unsettled", ...payment, amount_refunded: 150_000 }));
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "refunded", amountRefunded: 150_000 });
    expect(await holdOf(handle, holdId)).toMatchObject({ status: "released" });
    expect(await placesLeft(edition.id)).toBe(1);

    await deliver(
      signedEvent("checkout.session.async_payment_succeeded", {
        ...checkoutSessionObject({ id: sessionId, holdId, courseId: edition.id, email: pending.customerEmail, paymentIntent: pending.stripePaymentIntentId! }),
      }),
    );
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "refunded" });
    expect(await mailTo("refunded.unsettled@example.com", "booking-confirmation")).toHaveLength(0);
    expect(await placesLeft(edition.id)).toBe(1);
  });

  it("books nothing for a payment refunded in full before its completed event came, whose refund event found no purchase", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const edition = await editionFor(handle, { capacity: 2 });
    const email = "refunded.first@example.com";
    const paid = await paidByGuest(edition.id, email);
    const paymentIntentId = (await builtInCheckout(services()).session(paid.sessionId))!.paymentIntentId!;
    await paid.checkout.refund({ paymentIntentId, idempotencyKey: "dashboard-refund" });
    const [completed, refunded] = paid.events;
    expect([completed.type, refunded.type]).toEqual(["checkout.session.completed", "charge.refunded"]);

    await deliver(refunded);
    await deliver(completed);
    expect(await purchasesOf(edition.id)).toMatchObject([{ status: "refunded", amountRefunded: 150_000 }]);
    expect(await placesLeft(edition.id)).toBe(2);
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(0);
    expect((await visit(paid.sessionId)).booking).toMatchObject({ status: "cancelled" });
  });

  it("records a payment of another amount or currency than its checkout's as the money it is, and flags it", async () => {
    const edition = await editionFor(handle, { capacity: 2 });
    const started = await checkout(services(), { courseId: edition.id, buyer: null });
    const session = checkoutSessionObject({ id: started.sessionId, holdId: started.holdId, courseId: edition.id, email: "odd.amount@example.com" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await deliver(signedEvent("checkout.session.completed", { ...session, amount_total: 100, currency: "usd" }));
    expect(logged.mock.calls.map(String).join("\n")).toContain(
      `Payment for ${started.sessionId} does not match its checkout: 100 usd paid, 150000 gbp expected`,
    );
    logged.mockRestore();
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "paid", amountTotal: 100, currency: "usd" });
  });

  it("keeps a payment that arrives after its hold lapsed when a place is still free", async () => {
    const edition = await editionFor(handle, { capacity: 2 });
    const { holdId, events } = await paidByGuest(edition.id, "late.but.lucky@example.com");
    await lapse(holdId);
    await deliver(events[0]);
    expect((await purchasesOf(edition.id))[0]).toMatchObject({ status: "paid" });
    expect(await mailTo("late.but.lucky@example.com", "booking-confirmation")).toHaveLength(1);
  });

  it("refunds in full a payment that arrives after its hold lapsed and the last place went, telling the buyer and staff", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const email = "late.and.unlucky@example.com";
    const late = await paidByGuest(edition.id, email);
    await lapse(late.holdId);
    // Meanwhile someone else took the place.
    const other = await checkout(services(), { courseId: edition.id, buyer: null });

    await deliver(late.events[0]);
    const [purchase] = (await purchasesOf(edition.id)).filter((row) => row.customerEmail === email);
    expect(purchase.status).toBe("refunded");
    expect(await holdOf(handle, late.holdId)).toMatchObject({ status: "released" });
    expect(await holdOf(handle, other.holdId)).toMatchObject({ status: "open" });
    const refundNotices = await mailTo(email, "booking-refunded");
    expect(refundNotices.map((notice) => notice.replyTo)).toEqual([services().env.mail.staffEmail]);
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(0);
    expect(await mailTo(services().env.mail.staffEmail, "staff-refund-notice")).not.toHaveLength(0);
    expect((await visit(late.sessionId)).booking).toMatchObject({ status: "refunded" });
    // The money went back through the provider, whose refund event then confirmed it.
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, late.sessionId));
    expect(session.amountRefunded).toBe(150_000);
    expect((await purchasesOf(edition.id)).find((row) => row.id === purchase.id)?.refundedAt).toBeInstanceOf(Date);
    expect(await placesLeft(edition.id)).toBe(0);
  });

  it("refunds in full a second payment for dates the buyer has paid for already (two checkouts with one address), keeping the first booking", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const email = "paid.twice@example.com";
    const first = await paidByGuest(edition.id, email);
    const second = await paidByGuest(edition.id, email.toUpperCase());
    await deliver(first.events[0]);
    await deliver(second.events[0]);

    const purchases = await purchasesOf(edition.id);
    expect(purchases.find((row) => row.stripeSessionId === first.sessionId)).toMatchObject({ status: "paid", arrivalRefundReason: null });
    expect(purchases.find((row) => row.stripeSessionId === second.sessionId)).toMatchObject({ status: "refunded", arrivalRefundReason: "already-booked" });
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "released" });
    expect(await placesLeft(edition.id)).toBe(4);
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, second.sessionId));
    expect(session.amountRefunded).toBe(150_000);
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(1);
    const [notice] = await mailTo(email, "booking-refunded");
    expect(notice.subject).toBe("Your second payment for Sinus Grafting has been refunded");
    const staffNotices = await mailTo(services().env.mail.staffEmail, "staff-refund-notice");
    const staffNotice = staffNotices.find((sent) => sent.text.includes(email));
    expect(staffNotice?.text).toContain("had a paid place on these dates already");
    expect((await visit(second.sessionId)).booking).toMatchObject({ status: "already-booked" });
    expect((await visit(first.sessionId)).booking).toMatchObject({ status: "booked" });
    // Redelivered, the second payment is neither booked nor refunded again.
    await deliver(second.events[0]);
    expect(await mailTo(email, "booking-refunded")).toHaveLength(1);
  });

  it("refunds a dentist's payment for dates they have booked, whether it reaches them signed in or as a guest with their address", async () => {
    const edition = await editionFor(handle, { capacity: 5 });
    const dentist = await person();
    const signedIn = await checkout(services(), { courseId: edition.id, buyer: dentist });
    await builtInCheckout(services()).pay(signedIn.sessionId, { method: "card", email: null });
    const asGuest = await paidByGuest(edition.id, dentist.email);
    await deliver(asGuest.events[0]);
    expect((await purchasesOf(edition.id)).map((row) => [row.userId, row.status])).toEqual(
      expect.arrayContaining([
        [dentist.id, "paid"],
        [null, "refunded"],
      ]),
    );
    expect(await placesLeft(edition.id)).toBe(4);
  });

  it("finishes a late refund that a crash interrupted, once: the money goes back and the buyer and staff are told", async () => {
    const email = "late.refund.crash@example.com";
    const { edition, late, base } = await interruptedLateRefund(email);
    // The provider's retry of the same event is a repeat, and changes nothing.
    expect(await deliver(late.events[0])).toMatchObject({ duplicate: true });
    expect(await mailTo(email)).toHaveLength(0);

    // A refund still being made is left alone; one left due past the margin is finished by the sweep, from any instance.
    expect(await finishInterruptedRefunds(base)).toBe(0);
    const later = new Date(Date.now() + INTERRUPTED_REFUND_AFTER_MS + 1_000);
    expect(await finishInterruptedRefunds(base, later)).toBe(1);
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, late.sessionId));
    expect(session.amountRefunded).toBe(150_000);
    expect((await purchasesOf(edition.id))[0].lateRefundDueAt).toBeNull();
    expect(await mailTo(email, "booking-refunded")).toHaveLength(1);
    const staffNotices = async () => (await mailTo(base.env.mail.staffEmail, "staff-refund-notice")).filter((mail) => mail.text.includes(email));
    expect(await staffNotices()).toHaveLength(1);

    // Nothing is left to finish, and a second sweep sends nothing twice.
    expect(await finishInterruptedRefunds(base, later)).toBe(0);
    expect(await mailTo(email, "booking-refunded")).toHaveLength(1);
    expect(await staffNotices()).toHaveLength(1);
  });

  it("takes up an interrupted late refund by itself: the sweep each instance starts runs on its timer until it is stopped", async () => {
    const email = "late.refund.swept@example.com";
    const { edition, late, base } = await interruptedLateRefund(email);
    // The crash was longer ago than the margin, so the refund is no longer being made.
    await handle.db
      .update(userCoursePurchases)
      .set({ lateRefundDueAt: new Date(Date.now() - INTERRUPTED_REFUND_AFTER_MS - 1_000) })
      .where(eq(userCoursePurchases.courseId, edition.id));

    const sweep = startRefundSweep(base, 20);
    try {
      await vi.waitFor(async () => expect((await purchasesOf(edition.id))[0].lateRefundDueAt).toBeNull(), { timeout: 5_000 });
    } finally {
      await sweep.stop();
    }
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, late.sessionId));
    expect(session.amountRefunded).toBe(150_000);
    expect(await mailTo(email, "booking-refunded")).toHaveLength(1);
  });

  it("tells staff to refund by hand, and the buyer nothing yet, when the automatic refund of a late payment fails", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const email = "late.refund.failed@example.com";
    const late = await paidByGuest(edition.id, email);
    await lapse(late.holdId);
    await checkout(services(), { courseId: edition.id, buyer: null });

    const base = services();
    const refundDown = { ...base, payments: { ...base.payments, refund: () => Promise.reject(new Error("The provider is down.")) } };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await receivePaymentEvent(refundDown, late.events[0].payload, late.events[0].signature);
    expect(logged.mock.calls.map(String).join("\n")).toContain("failed: refund it by hand");
    logged.mockRestore();
    expect(await mailTo(email)).toHaveLength(0);
    const notices = await mailTo(base.env.mail.staffEmail, "staff-refund-notice");
    expect(notices.map((mail) => mail.subject)).toContain(`Refund needed: ${edition.title}`);
    expect(notices.find((mail) => mail.subject.startsWith("Refund needed"))?.text).toContain(email);
  });
});

describe(`the success page and guest purchases on ${testDriver}`, () => {
  it("fulfils from the success page when it comes before the webhook, and the later event adds nothing", async () => {
    const edition = await editionFor(handle);
    const email = "page.first@example.com";
    const { sessionId, events } = await paidByGuest(edition.id, email);
    const page = await visit(sessionId);
    expect(page).toEqual({
      sessionId,
      notPaid: false,
      booking: { title: "Sinus Grafting", dates: expect.any(String), location: "London, United Kingdom", status: "booked" },
    });
    expect(await purchasesOf(edition.id)).toHaveLength(1);
    await deliver(events[0]);
    expect(await visit(sessionId)).toEqual(page);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
    expect(await mailTo(email, "booking-confirmation")).toHaveLength(1);
  });

  it("says a booking cancelled after it was made is cancelled, not that a late payment found no place", async () => {
    const admin = await person({ admin: true });
    const edition = await editionFor(handle, { capacity: 2 });
    const local = builtInCheckout(services());
    const byStaff = await checkout(services(), { courseId: edition.id, buyer: null });
    await local.pay(byStaff.sessionId, { method: "card", email: "cancelled.by.staff@example.com" });
    const byDashboard = await checkout(services(), { courseId: edition.id, buyer: null });
    await local.pay(byDashboard.sessionId, { method: "card", email: "refunded.in.dashboard@example.com" });
    const purchases = await purchasesOf(edition.id);
    const purchaseOf = (sessionId: string) => purchases.find((purchase) => purchase.stripeSessionId === sessionId)!;

    // Staff cancel one with part of its price back; the other is refunded in full from the provider's dashboard.
    await cancelBooking(services(), { id: admin.id, email: admin.email }, { purchaseId: purchaseOf(byStaff.sessionId).id, amount: 50_000 });
    await local.refund({ paymentIntentId: purchaseOf(byDashboard.sessionId).stripePaymentIntentId!, idempotencyKey: "dashboard" });

    expect((await purchasesOf(edition.id)).map((purchase) => purchase.status).sort()).toEqual(["canceled", "refunded"]);
    expect((await visit(byStaff.sessionId)).booking).toMatchObject({ status: "cancelled" });
    expect((await visit(byDashboard.sessionId)).booking).toMatchObject({ status: "cancelled" });
  });

  it("shows only the session id for a session that is unknown or malformed", async () => {
    expect(await visit("cs_local_unknown_session")).toEqual({ sessionId: "cs_local_unknown_session", notPaid: false, booking: null });
    expect(await visit("not-a-session")).toEqual({ sessionId: "not-a-session", notPaid: false, booking: null });
  });

  it("says a known checkout that was never paid is not paid: nothing is booked", async () => {
    const edition = await editionFor(handle);
    const { sessionId } = await checkout(services(), { courseId: edition.id, buyer: null });
    expect(await visit(sessionId)).toEqual({ sessionId, notPaid: true, booking: null });
    expect(await purchasesOf(edition.id)).toHaveLength(0);
  });

  it("gives a guest purchase to the account that verifies its email, once", async () => {
    const edition = await editionFor(handle);
    const email = `guest.${Date.now()}@example.com`;
    await paidByGuest(edition.id, email).then(({ events }) => deliver(events[0]));
    const owner = await person({ email });
    expect(await claimGuestPurchases(handle.db, { id: owner.id, email, emailVerified: true })).toBe(1);
    expect(await claimGuestPurchases(handle.db, { id: owner.id, email, emailVerified: true })).toBe(0);
    expect((await purchasesOf(edition.id))[0].userId).toBe(owner.id);
  });
});

describe(`receipts on ${testDriver}`, () => {
  const receiptLoader = guarded(receiptRoute, "loader");
  const open = (purchaseId: string, cookie?: string) =>
    settle(() =>
      receiptLoader(
        routeArgs(new Request(`${TEST_SITE_URL}/account/receipts/${purchaseId}`, { headers: cookie ? { Cookie: cookie } : {} }), handle, {
          purchaseId,
        }) as never,
      ),
    );

  it("shows the owner a printable receipt, and nobody else", async () => {
    const edition = await editionFor(handle);
    const owner = await person({ marketing: true });
    const started = await checkout(services(), { courseId: edition.id, buyer: { id: owner.id, email: owner.email } });
    await builtInCheckout(services()).pay(started.sessionId, { method: "klarna", email: null });
    const [purchase] = await purchasesOf(edition.id);

    const receipt = await open(purchase.id, owner.cookie);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      billedTo: owner.email,
      status: "paid",
      course: { title: "Sinus Grafting", location: "London, United Kingdom" },
      price: "£1,500",
      discount: { name: "£100 off your first course", amount: "£100" },
      total: "£1,400",
    });
    const stranger = await person();
    expect((await open(purchase.id, stranger.cookie)).status).toBe(404);
    expect((await open("00000000-0000-4000-8000-000000000000", owner.cookie)).status).toBe(404);
    expect((await open("'; select 1; --", owner.cookie)).status).toBe(404);
    const anonymous = await open(purchase.id);
    expect(anonymous.status).toBe(302);
  });

  it("after a part refund, says what was refunded and what the institute kept; after a full one, only what was refunded", async () => {
    const edition = await editionFor(handle);
    const owner = await person();
    const part = await addPurchase(handle.db, edition.id, "canceled", {
      userId: owner.id,
      customerEmail: owner.email,
      amountTotal: 150_000,
      amountRefunded: 50_000,
    });
    expect((await open(part.id, owner.cookie)).body).toMatchObject({ total: "£1,500", refunded: "£500", kept: "£1,000" });
    const whole = await addPurchase(handle.db, edition.id, "refunded", {
      userId: owner.id,
      customerEmail: owner.email,
      amountTotal: 150_000,
      amountRefunded: 150_000,
    });
    expect((await open(whole.id, owner.cookie)).body).toMatchObject({ total: "£1,500", refunded: "£1,500", kept: null });
  });
});

describe(`the administrators' test product on ${testDriver}`, () => {
  const adminAction = guarded(adminRoute, "action");
  const post = (cookie: string) =>
    adminAction(
      routeArgs(
        new Request(`${TEST_SITE_URL}/`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: TEST_SITE_URL, "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=test-purchase",
        }),
        handle,
      ),
    ).catch((thrown: unknown) => thrown);

  it("buys the £1 test product through the whole path for an administrator, and for nobody else", async () => {
    const admin = await person({ admin: true, marketing: true });
    const answer = (await post(admin.cookie)) as Response;
    expect(answer.status).toBe(303);
    const sessionId = answer.headers.get("Location")!.split("/").pop()!;
    const [session] = await handle.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    // £1, with no discount even for an eligible account.
    expect(session).toMatchObject({ amountTotal: 100, amountDiscount: 0, productName: "Test Product", customerEmail: admin.email });
    await builtInCheckout(services()).pay(sessionId, { method: "card", email: null });
    const [product] = await handle.db.select({ id: courses.id }).from(courses).where(eq(courses.offeringKey, "test-product"));
    const [purchase] = (await purchasesOf(product.id)).filter((row) => row.userId === admin.id);
    expect(purchase).toMatchObject({ status: "paid", amountTotal: 100 });
    const [mail] = await mailTo(admin.email, "booking-confirmation");
    expect(mail.attachments).toEqual([]);
    // Bought again at will: a second test purchase is a second payment tested, not a second seat refunded.
    const again = (await post(admin.cookie)) as Response;
    await builtInCheckout(services()).pay(again.headers.get("Location")!.split("/").pop()!, { method: "card", email: null });
    expect((await purchasesOf(product.id)).filter((row) => row.userId === admin.id).map((row) => row.status)).toEqual(["paid", "paid"]);

    const someone = await person();
    const refused = (await post(someone.cookie)) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/account");
  });
});

describe(`discounts on ${testDriver}`, () => {
  const holdFor = async (courseId: string, buyer: { id: string; email: string } | null) =>
    holdOf(handle, (await checkout(services(), { courseId, buyer })).holdId);

  it("gives £100 off only to a verified account that ticked the box and has not used it", async () => {
    const edition = await editionFor(handle, { capacity: 20 });
    const ticked = await person({ marketing: true });
    const unticked = await person({ marketing: false });
    const unverified = await person({ marketing: true, verified: false });
    expect(await holdFor(edition.id, ticked)).toMatchObject({ discountKind: "signup", amountDiscount: 10_000, amountTotal: 140_000 });
    expect(await holdFor(edition.id, unticked)).toMatchObject({ discountKind: null });
    expect(await holdFor(edition.id, unverified)).toMatchObject({ discountKind: null });
    expect(await holdFor(edition.id, null)).toMatchObject({ discountKind: null });
    await handle.db.update(users).set({ giiSignupDiscountClaimed: true }).where(eq(users.id, unticked.id));
  });

  it("replaces a buyer's unpaid checkout for the same date: its place and its £100 go to the new one, and its session is closed", async () => {
    const edition = await editionFor(handle, { capacity: 1 });
    const buyer = await person({ marketing: true });
    const first = await checkout(services(), { courseId: edition.id, buyer });
    // On the booking page, the same date still shows the £100.
    const preview = await discountsFor(handle.db, buyer.id, [{ ...edition, priceAmount: edition.priceAmount! }]);
    expect(preview[edition.id]?.rule.kind).toBe("signup");

    // Back from the payment page without cancelling, and Book Now again: the only place is theirs again, with the discount.
    const second = await checkout(services(), { courseId: edition.id, buyer });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "open", discountKind: "signup", amountTotal: 140_000 });
    expect(await holdOf(handle, first.holdId)).toMatchObject({ status: "released" });
    expect(await services().payments.retrieveCheckoutSession(first.sessionId)).toMatchObject({ status: "expired" });

    // A guest's checkouts, and another buyer's, are left alone.
    const someoneElse = await person({ marketing: true });
    await expect(checkout(services(), { courseId: edition.id, buyer: someoneElse })).rejects.toThrow(CHECKOUT_REFUSALS.heldAtCheckout);
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "open" });
  });

  it("shows a dentist with the £100 their own price beside each date on the course pages, as their checkout will charge it; a visitor sees the fee", async () => {
    const edition = await editionFor(handle, { capacity: 20 });
    const buyer = await person({ marketing: true });
    const priceOn = async (viewerId: string | null) => {
      const programme = await programmePageData(handle.db, "grafting", { viewerId });
      return (await programme.editions)["sinus-grafting"]?.find((listed) => listed.id === edition.id)?.viewerPrice;
    };
    expect(await priceOn(buyer.id)).toEqual({ amount: 140_000, discountName: DISCOUNT_RULES.signup.name });
    expect(await priceOn(null)).toBeNull();
    const started = await checkout(services(), { courseId: edition.id, buyer });
    expect(await holdOf(handle, started.holdId)).toMatchObject({ amountTotal: 140_000 });
    const detail = await guarded(
      courseRoute,
      "loader",
    )(
      routeArgs(new Request(`${TEST_SITE_URL}/courses/sinus-grafting`, { headers: { Cookie: buyer.cookie } }), handle, { courseId: "sinus-grafting" }) as never,
    );
    expect((detail as { editions: { id: string; viewerPrice: unknown }[] }).editions.find((listed) => listed.id === edition.id)?.viewerPrice).toEqual({
      amount: 140_000,
      discountName: DISCOUNT_RULES.signup.name,
    });
  });

  it("moves the £100 to the buyer's newest checkout on another date, closing the unpaid one that held it; a bank payment settling keeps it", async () => {
    const edition = await editionFor(handle, { capacity: 20 });
    const otherDate = await editionFor(handle, { days: 90, capacity: 20 });
    const buyer = await person({ marketing: true });
    const first = await checkout(services(), { courseId: edition.id, buyer });
    expect(await holdOf(handle, first.holdId)).toMatchObject({ discountKind: "signup" });
    // Back from the payment page, the booking page offers the £100 on every date, as the next checkout will have it.
    const preview = await discountsFor(
      handle.db,
      buyer.id,
      [edition, otherDate].map((course) => ({ ...course, priceAmount: course.priceAmount! })),
    );
    expect(preview[otherDate.id]?.rule.kind).toBe("signup");

    const second = await checkout(services(), { courseId: otherDate.id, buyer });
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "open", discountKind: "signup", amountDiscount: 10_000, amountTotal: 140_000 });
    expect(await holdOf(handle, first.holdId)).toMatchObject({ status: "released" });
    expect(await services().payments.retrieveCheckoutSession(first.sessionId)).toMatchObject({ status: "expired" });

    // Paid by bank transfer and settling, it stays with that checkout: the next date is full price and the settling one is kept.
    await builtInCheckout(services()).pay(second.sessionId, { method: "bank_transfer", email: null });
    const third = await checkout(services(), { courseId: edition.id, buyer });
    expect(await holdOf(handle, third.holdId)).toMatchObject({ discountKind: null, amountTotal: 150_000 });
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "awaiting_payment", discountKind: "signup" });
    // The settling payment's own date is theirs already: no second place on it, with or without the £100.
    await expect(checkout(services(), { courseId: otherDate.id, buyer })).rejects.toThrow(CHECKOUT_REFUSALS.alreadyBooked);
    const again = await discountsFor(handle.db, buyer.id, [{ ...otherDate, priceAmount: otherDate.priceAmount! }]);
    expect(again[otherDate.id]).toBeUndefined();
  });

  it("keeps the £100 on a checkout paid the moment before the buyer starts one for another date, whose webhook has not come: the new one is full price", async () => {
    const edition = await editionFor(handle, { capacity: 20 });
    const next = await editionFor(handle, { days: 90, capacity: 20 });
    const buyer = await person({ marketing: true });
    const first = await checkout(services(), { courseId: edition.id, buyer });
    const capture = capturingCheckout(services());
    await capture.checkout.pay(first.sessionId, { method: "card", email: null });

    const second = await checkout(services(), { courseId: next.id, buyer });
    expect(await holdOf(handle, second.holdId)).toMatchObject({ status: "open", discountKind: null, amountDiscount: 0, amountTotal: 150_000 });
    expect(await purchasesOf(edition.id)).toMatchObject([{ stripeSessionId: first.sessionId, status: "paid", amountDiscount: 10_000, userId: buyer.id }]);
    const [after] = await handle.db.select({ claimed: users.giiSignupDiscountClaimed }).from(users).where(eq(users.id, buyer.id));
    expect(after.claimed).toBe(true);

    // The webhook that comes afterwards adds nothing.
    for (const event of capture.events) await deliver(event);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
    expect(await mailTo(buyer.email, "booking-confirmation")).toHaveLength(1);
  });

  it("books a checkout paid the moment before the buyer starts one for the same date once, with its £100, and refuses the new one", async () => {
    const edition = await editionFor(handle, { capacity: 20 });
    const buyer = await person({ marketing: true });
    const first = await checkout(services(), { courseId: edition.id, buyer });
    const capture = capturingCheckout(services());
    await capture.checkout.pay(first.sessionId, { method: "card", email: null });

    await expect(checkout(services(), { courseId: edition.id, buyer })).rejects.toThrow(CHECKOUT_REFUSALS.alreadyBooked);
    expect(await purchasesOf(edition.id)).toMatchObject([{ stripeSessionId: first.sessionId, status: "paid", amountDiscount: 10_000, userId: buyer.id }]);
    for (const event of capture.events) await deliver(event);
    expect(await purchasesOf(edition.id)).toHaveLength(1);
    expect(await mailTo(buyer.email, "booking-confirmation")).toHaveLength(1);
    expect(await placesLeft(edition.id)).toBe(19);
  });

  it("records a buyer's payment and starts their new checkout for the same date at the same moment, neither waiting on the other for ever", async () => {
    // Both lock the buyer's row, the edition and the holds, in the same order: crossed, the database would abort one (a deadlock).
    for (let round = 0; round < 8; round++) {
      const edition = await editionFor(handle, { days: 60 + round, capacity: 5 });
      const buyer = await person({ marketing: true });
      const first = await checkout(services(), { courseId: edition.id, buyer });
      const capture = capturingCheckout(services());
      await capture.checkout.pay(first.sessionId, { method: "card", email: null });
      const completed = capture.events.find((event) => event.type === "checkout.session.completed")!;
      const [paid, again] = await Promise.allSettled([deliver(completed), checkout(services(), { courseId: edition.id, buyer })]);
      expect(paid).toMatchObject({ status: "fulfilled" });
      // Started before the payment was recorded, it opens; after, the buyer is told the date is booked. Never a deadlock.
      if (again.status === "rejected") expect(again.reason).toMatchObject({ message: CHECKOUT_REFUSALS.alreadyBooked });
      expect(await purchasesOf(edition.id)).toMatchObject([{ status: "paid", userId: buyer.id }]);
    }
  });

  it("leaves the £100 on one of a buyer's concurrent checkouts, even on different dates under different locks", async () => {
    const editions = await Promise.all(Array.from({ length: 8 }, (_, index) => editionFor(handle, { days: 60 + index, capacity: 20 })));
    const buyer = await person({ marketing: true });
    // Each takes it from the one before (whose session, opening at that moment, may then fail to open).
    await Promise.allSettled(editions.map((edition) => checkout(services(), { courseId: edition.id, buyer })));
    const open = await handle.db
      .select({ discountKind: seatHolds.discountKind })
      .from(seatHolds)
      .where(and(eq(seatHolds.userId, buyer.id), inArray(seatHolds.status, ["opening", "open"])));
    expect(open.filter((hold) => hold.discountKind === "signup")).toHaveLength(1);
  });

  it.each(["card", "bank_transfer"] as const)(
    "counts a course the buyer bought as a guest with their email (%s), before their account claims it: no £100 on the pages or at the checkout",
    async (method) => {
      const edition = await editionFor(handle, { capacity: 20 });
      const otherDate = await editionFor(handle, { days: 90, capacity: 20 });
      const email = `guest.first.${method}.${Date.now()}@example.com`;
      // Typed at the checkout as the guest typed it; the account has it as signed up with.
      await paidByGuest(edition.id, email.replace("guest", "Guest"), method).then(({ events }) => deliver(events[0]));
      expect(await purchasesOf(edition.id)).toMatchObject([{ userId: null, status: method === "card" ? "paid" : "pending" }]);
      const buyer = await person({ email, marketing: true });
      const withCookie = (path: string) => new Request(new URL(path, TEST_SITE_URL), { headers: { Cookie: buyer.cookie } });

      const account = await guarded(accountRoute, "loader")(routeArgs(withCookie("/account"), handle));
      expect(account.notices.firstCourseDiscount).toBe(false);
      const booking = await guarded(bookingRoute, "loader")(routeArgs(withCookie("/booking"), handle));
      const cards = await booking.courses;
      expect(cards.ok && cards.cards.find((card) => card.id === otherDate.id)).toMatchObject({ viewerPrice: null });
      expect(await holdFor(otherDate.id, buyer)).toMatchObject({ discountKind: null, amountDiscount: 0, amountTotal: 150_000 });

      // Claimed by the browser's call, they count the same.
      expect(await claimGuestPurchases(handle.db, { id: buyer.id, email, emailVerified: true })).toBe(1);
      expect((await guarded(accountRoute, "loader")(routeArgs(withCookie("/account"), handle))).notices.firstCourseDiscount).toBe(false);
      expect(await holdFor(otherDate.id, buyer)).toMatchObject({ discountKind: null, amountTotal: 150_000 });
    },
  );

  it("counts a Level 1 the buyer attended as a guest with their email, before their account claims it, for £500 off Level 2", async () => {
    const level1 = await addEdition(handle.db, { offeringKey: "level-1", title: "Level 1", slug: "level-1", startDate: inDays(-60), endDate: inDays(-59) });
    const level2 = await editionFor(handle, { offeringKey: "level-2" });
    const email = `guest.level1.${Date.now()}@example.com`;
    await addPurchase(handle.db, level1.id, "complete", { customerEmail: email });
    const buyer = await person({ email });
    expect(await discountsFor(handle.db, buyer.id, [{ ...level2, priceAmount: level2.priceAmount! }])).toEqual({
      [level2.id]: { rule: DISCOUNT_RULES["level-1-alumni"], amount: 50_000 },
    });
    expect(await holdFor(level2.id, buyer)).toMatchObject({ discountKind: "level-1-alumni", amountDiscount: 50_000 });
  });

  it("gives the largest that applies: £500 off Level 2 after Level 1, half off Complications for full-arch alumni", async () => {
    const level1 = await addEdition(handle.db, {
      offeringKey: "level-1",
      title: "Level 1 - Full Arch Implant Course",
      slug: "level-1-full-arch-implant-course",
      startDate: inDays(-60),
      endDate: inDays(-59),
    });
    const level3 = await addEdition(handle.db, { offeringKey: "level-3", title: "Level 3", slug: "level-3", startDate: inDays(-30), endDate: inDays(-27) });
    const level2 = await editionFor(handle, { offeringKey: "level-2" });
    const complications = await editionFor(handle, { offeringKey: "complications" });
    const graduate = await person({ marketing: true });
    const zygomatic = await person({ marketing: false });
    await addPurchase(handle.db, level1.id, "complete", { userId: graduate.id });
    await addPurchase(handle.db, level3.id, "paid", { userId: zygomatic.id });

    expect(await holdFor(level2.id, graduate)).toMatchObject({ discountKind: "level-1-alumni", amountDiscount: 50_000, amountTotal: 1_150_000 });
    expect(await holdFor(complications.id, zygomatic)).toMatchObject({ discountKind: "full-arch-alumni", amountDiscount: 45_000, amountTotal: 45_000 });
    // Level 3 alumni have not attended Level 1: no £500 on Level 2.
    expect(await holdFor(level2.id, zygomatic)).toMatchObject({ discountKind: null });
    // A course not yet over does not count as attended.
    const upcomingLevel1 = await addEdition(handle.db, { offeringKey: "level-1", title: "Level 1", slug: "level-1", startDate: inDays(5), endDate: inDays(6) });
    const booked = await person();
    await addPurchase(handle.db, upcomingLevel1.id, "paid", { userId: booked.id });
    expect(await holdFor(level2.id, booked)).toMatchObject({ discountKind: null });

    // The booking page's cards show what those checkouts gave, each buyer's facts read once.
    const cards = [level2, complications].map((course) => ({ ...course, priceAmount: course.priceAmount! }));
    expect(await discountsFor(handle.db, graduate.id, cards)).toEqual({
      [level2.id]: { rule: DISCOUNT_RULES["level-1-alumni"], amount: 50_000 },
      [complications.id]: { rule: DISCOUNT_RULES["full-arch-alumni"], amount: 45_000 },
    });
    expect(await discountsFor(handle.db, zygomatic.id, cards)).toEqual({ [complications.id]: { rule: DISCOUNT_RULES["full-arch-alumni"], amount: 45_000 } });
    expect(await discountsFor(handle.db, booked.id, cards)).toEqual({});
  });

  it("offers no discounted price on a date the dentist has booked already; their other dates keep it", async () => {
    const level1 = await addEdition(handle.db, { offeringKey: "level-1", title: "Level 1", slug: "level-1", startDate: inDays(-60), endDate: inDays(-59) });
    const bookedLevel2 = await editionFor(handle, { offeringKey: "level-2", days: 37 });
    const nextLevel2 = await editionFor(handle, { offeringKey: "level-2", days: 127 });
    const graduate = await person({ marketing: false });
    await addPurchase(handle.db, level1.id, "complete", { userId: graduate.id });
    await addPurchase(handle.db, bookedLevel2.id, "paid", { userId: graduate.id });

    const booking = await guarded(bookingRoute, "loader")(routeArgs(new Request(`${TEST_SITE_URL}/booking`, { headers: { Cookie: graduate.cookie } }), handle));
    const cards = await booking.courses;
    const card = (id: string) => (cards.ok ? cards.cards.find((listed) => listed.id === id) : undefined);
    expect(card(bookedLevel2.id)).toMatchObject({ bookedByViewer: true, viewerPrice: null });
    expect(card(nextLevel2.id)).toMatchObject({
      bookedByViewer: false,
      viewerPrice: { amount: nextLevel2.priceAmount! - 50_000, discountName: DISCOUNT_RULES["level-1-alumni"].name },
    });

    const programme = await programmePageData(handle.db, "full-arch", { viewerId: graduate.id });
    const listed = (await programme.editions)["level-2"] ?? [];
    expect(listed.find((edition) => edition.id === bookedLevel2.id)).toMatchObject({ bookedByViewer: true, viewerPrice: null });
    expect(listed.find((edition) => edition.id === nextLevel2.id)?.viewerPrice).toEqual({
      amount: nextLevel2.priceAmount! - 50_000,
      discountName: DISCOUNT_RULES["level-1-alumni"].name,
    });
  });

  // PGlite serves one connection at a time: a second cannot be kept waiting on a lock.
  if (testDriver === "postgres") {
    it("shows the booking page's discounts without waiting on the buyer's row, which their checkout may hold locked", async () => {
      const edition = await editionFor(handle, {});
      const buyer = await person({ marketing: true });
      const cards = [{ ...edition, priceAmount: edition.priceAmount! }];
      await handle.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for("update");
        const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2_000));
        expect(await Promise.race([discountsFor(handle.db, buyer.id, cards), waited])).toEqual({
          [edition.id]: { rule: DISCOUNT_RULES.signup, amount: 10_000 },
        });
      });
    });
  }
});
