import { randomUUID } from "node:crypto";

import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";

import { DISCOUNT_RULES } from "~/lib/discounts";
import { MAX_NAME_LENGTH } from "~/lib/field-limits";
import { formatDateRange, formatMinorUnits } from "~/lib/format";
import { isBlank, namePlainTextProblem, singleLineText } from "~/lib/schemas/fields";
import { bookingCalendarAttachment } from "~/server/catalogue/calendar.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { hasPaidPlace, placesTaken } from "~/server/catalogue/places.server";
import type { Transaction } from "~/server/db/client.server";
import { courses, seatHolds, userCoursePurchases, users } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import {
  renderAlreadyBookedRefund,
  renderBookingConfirmation,
  renderPaymentFailed,
  renderPlaceUnavailableRefund,
  renderStaffRefundNotice,
} from "~/server/email/templates.server";
import type { ChargeView, CheckoutSessionView, PaymentState } from "~/server/payments/provider.server";
import { repeatEvery } from "~/server/platform/background.server";
import type { AppServices } from "~/server/platform/context.server";
import { describeError, log } from "~/server/platform/log.server";

type Hold = typeof seatHolds.$inferSelect;
type Edition = typeof courses.$inferSelect;
type Purchase = typeof userCoursePurchases.$inferSelect;
type ArrivalRefundReason = NonNullable<Purchase["arrivalRefundReason"]>;

/** What a checkout came to. */
export type CheckoutOutcome =
  | { kind: "unknown-session" }
  | { kind: "not-paid" }
  | { kind: "awaiting-payment"; purchaseId: string }
  | { kind: "booked"; purchaseId: string; firstTime: boolean }
  /** Paid after its hold lapsed and the last place had gone: refunded in full at once. */
  | { kind: "refunded"; purchaseId: string }
  /** Paid for dates the buyer had a paid place on already (a second tab, a replaced checkout paid at the same moment): refunded in full at once. */
  | { kind: "already-booked"; purchaseId: string }
  /** Booked, and later cancelled with a refund (by staff, or in the provider's dashboard). */
  | { kind: "cancelled"; purchaseId: string }
  /** A bank payment that failed: nothing was booked or charged. */
  | { kind: "payment-failed"; purchaseId: string };

/** A decision taken in a transaction, and the call to the provider to make once it is committed. */
export interface Recorded {
  outcome: CheckoutOutcome;
  afterCommit: ((services: AppServices) => Promise<void>) | null;
}

/** The printable receipt under /account: the built-in checkout's receipt, and the fallback for any other. */
const receiptPageUrl = (siteUrl: string, purchaseId: string) => `${siteUrl}/account/receipts/${purchaseId}`;

export function bookedCourse(edition: Edition) {
  return {
    courseTitle: edition.title,
    dates: edition.startDate ? formatDateRange(edition.startDate, edition.endDate) : null,
    location: edition.location,
  };
}

/**
 * The hold a session was opened for: by the session id stored on it, or by the
 * id its metadata names when no session is stored on that hold (an instance
 * stopped between opening the session and storing its id). A hold stored with
 * another session is that session's, whatever a metadata says.
 */
const sessionsHold = (view: CheckoutSessionView) => {
  const bySession = eq(seatHolds.checkoutSessionId, view.id);
  return view.holdId ? or(bySession, and(eq(seatHolds.id, view.holdId), isNull(seatHolds.checkoutSessionId))) : bySession;
};

async function holdOf(tx: Transaction, view: CheckoutSessionView): Promise<Hold | null> {
  const [hold] = await tx.select().from(seatHolds).where(sessionsHold(view));
  return hold ?? null;
}

/**
 * The buyer's account row, the edition and the hold, locked in the order a
 * checkout locks them (its discount takes the buyer's row, then `take_place`
 * the edition and the holds), so the two never wait for each other in a
 * circle: one decision at a time per edition.
 */
async function lockHold(tx: Transaction, hold: Hold): Promise<{ edition: Edition; hold: Hold }> {
  if (hold.userId) await tx.select({ id: users.id }).from(users).where(eq(users.id, hold.userId)).for("update");
  const [edition] = await tx.select().from(courses).where(eq(courses.id, hold.courseId)).for("update");
  const [locked] = await tx.select().from(seatHolds).where(eq(seatHolds.id, hold.id)).for("update");
  return { edition, hold: locked };
}

const keepsPlace = (hold: Hold, now: Date) =>
  hold.status === "awaiting_payment" || ((hold.status === "open" || hold.status === "opening") && hold.expiresAt > now);

/** The hold still keeps its place, or (lapsed) a place is still free for it, under the edition's lock. */
const hasPlace = async (tx: Transaction, hold: Hold, edition: Edition, now: Date) =>
  keepsPlace(hold, now) || (await placesTaken(tx, edition.id, now)) < edition.capacity;

/**
 * A guest's name as typed at the provider's page, held to the forms' rule for a name: on one line,
 * no longer than a profile's, and plain text (no markup, hidden character or web address, since it
 * greets an address nobody has confirmed); none when blank or when it is not a plain name.
 */
function guestName(name: string | null): string | null {
  const cleaned = singleLineText((name ?? "").replaceAll("\0", ""));
  if (typeof cleaned !== "string" || isBlank(cleaned)) return null;
  const kept = cleaned.slice(0, MAX_NAME_LENGTH).trim();
  return namePlainTextProblem(kept) ? null : kept;
}

/** A purchase row for what a session reports, the hold filling in what it leaves out. */
function purchaseOf(hold: Hold, view: CheckoutSessionView, purchaseDate: Date) {
  return {
    userId: hold.userId,
    courseId: hold.courseId,
    customerEmail: (view.customerEmail ?? hold.customerEmail ?? "").toLowerCase(),
    customerName: hold.userId ? null : guestName(view.customerName),
    purchaseDate,
    amountSubtotal: view.amountSubtotal ?? hold.amountSubtotal,
    amountDiscount: view.amountDiscount,
    amountTotal: view.amountTotal ?? hold.amountTotal,
    currency: view.currency ?? hold.currency,
    stripeSessionId: view.id,
    stripePaymentIntentId: view.paymentIntentId,
    holdId: hold.id,
    discountKind: hold.discountKind,
  };
}

/** The booking confirmation (design.md 6): course, dates, place, amounts and discount, with a calendar invite. */
async function queueConfirmation(tx: Transaction, env: AppServices["env"], purchase: Purchase, edition: Edition) {
  const [buyer] = purchase.userId ? await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, purchase.userId)) : [];
  // A guest is sent to sign in if their address has an account already, else to the sign-up tab: either way the booking joins it.
  const [guestAccount] = purchase.userId
    ? []
    : await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${purchase.customerEmail.toLowerCase()}`)
        .limit(1);
  const discount = purchase.discountKind ? { name: DISCOUNT_RULES[purchase.discountKind].name, amount: formatMinorUnits(purchase.amountDiscount) } : null;
  const invite = bookingCalendarAttachment(purchase, edition, env, "invite");
  const rendered = await renderBookingConfirmation({
    name: buyer?.firstName ?? purchase.customerName ?? undefined,
    course: bookedCourse(edition),
    amounts: { price: formatMinorUnits(purchase.amountSubtotal), discount, paid: formatMinorUnits(purchase.amountTotal) },
    receiptUrl: purchase.receiptUrl,
    accountUrl: `${env.siteUrl}/account`,
    joinAccount: purchase.userId
      ? undefined
      : { url: guestAccount ? `${env.siteUrl}/auth` : `${env.siteUrl}/auth?view=sign_up`, hasAccount: Boolean(guestAccount) },
    hasInvite: Boolean(invite),
  });
  await enqueueEmail(tx, {
    template: "booking-confirmation",
    to: purchase.customerEmail,
    // A buyer's reply about their booking reaches the institute's staff, not the unread sender address.
    replyTo: env.mail.staffEmail,
    ...rendered,
    attachments: invite ? [invite] : [],
  });
}

/**
 * Records what a completed Checkout Session means, once (design.md 5,
 * "Fulfilment"): a payment still settling keeps its place as a pending
 * purchase; a paid one becomes a purchase with its receipt, uses the sign-up
 * discount, converts the hold and queues one confirmation. A payment that
 * arrived after its hold lapsed keeps a place still free (checked under the
 * lock), and is otherwise refunded in full with the buyer and staff told:
 * never a paid order that vanishes, never an oversold edition. So is a payment
 * for dates its buyer has a paid place on already: never two seats, and two
 * charges, for one dentist.
 */
export async function recordCheckout(
  tx: Transaction,
  { env }: Pick<AppServices, "env">,
  view: CheckoutSessionView,
  { payment, now = new Date() }: { payment: PaymentState | null; now?: Date },
): Promise<Recorded> {
  const found = await holdOf(tx, view);
  if (!found) {
    log.warn(`Payment: checkout session ${view.id} is not one of ours; acknowledged and ignored`);
    return { outcome: { kind: "unknown-session" }, afterCommit: null };
  }
  if (view.status !== "complete") return { outcome: { kind: "not-paid" }, afterCommit: null };
  const { edition, hold } = await lockHold(tx, found);
  const [existing] = await tx.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, view.id));
  const paid = view.paymentStatus !== "unpaid";

  if (existing && existing.status !== "pending") return { outcome: settledOutcome(existing, hold), afterCommit: null };

  const id = existing?.id ?? randomUUID();
  const values = { id, ...purchaseOf(hold, view, existing?.purchaseDate ?? now) };
  const save = async (status: Purchase["status"], extra: Partial<Purchase> = {}) => {
    const row = { ...values, status, ...extra };
    const [saved] = existing
      ? await tx.update(userCoursePurchases).set(row).where(eq(userCoursePurchases.id, id)).returning()
      : await tx.insert(userCoursePurchases).values(row).returning();
    return saved;
  };

  if (!paid) {
    // A bank payment or the like: the place stays held until it settles or fails, if it still has one
    // (a hold that lapsed while its place went to someone else is not revived: a full edition stays full).
    if (!existing) await save("pending");
    if (await hasPlace(tx, hold, edition, now)) {
      await tx.update(seatHolds).set({ status: "awaiting_payment" }).where(eq(seatHolds.id, hold.id));
    }
    return { outcome: { kind: "awaiting-payment", purchaseId: id }, afterCommit: null };
  }

  // The session was opened for exactly the hold's amount: a payment of another amount or currency is recorded
  // as the money it is, and flagged for staff, who see it in the logs and the booking's own figures.
  if (view.amountTotal !== hold.amountTotal || (view.currency ?? hold.currency).toLowerCase() !== hold.currency.toLowerCase()) {
    log.error(
      `Payment for ${view.id} does not match its checkout: ${view.amountTotal} ${view.currency} paid, ${hold.amountTotal} ${hold.currency} expected (hold ${hold.id})`,
    );
  }
  const receiptUrl = payment?.receiptUrl ?? receiptPageUrl(env.siteUrl, id);
  // Refunded already (in the provider's dashboard) when this event comes: events come in any order, and the refund's
  // own event, finding no purchase then, was acknowledged and dropped. In full, it is a booking cancelled: no place, no email.
  const refundedAlready = Math.min(payment?.amountRefunded ?? 0, values.amountTotal);
  if (refundedAlready > 0 && refundedAlready >= values.amountTotal) {
    await save("refunded", { receiptUrl, amountRefunded: refundedAlready, refundedAt: now });
    await tx.update(seatHolds).set({ status: "converted" }).where(eq(seatHolds.id, hold.id));
    log.warn(`Payment for ${view.id} was refunded in full before it was recorded: recorded as refunded, taking no place`);
    return { outcome: { kind: "cancelled", purchaseId: id }, afterCommit: null };
  }

  const refundOnArrival = async (reason: ArrivalRefundReason): Promise<Recorded> => {
    // The refund is recorded as due with the decision: a crash before it is made leaves it to the sweep below.
    await save("refunded", { lateRefundDueAt: now, arrivalRefundReason: reason });
    await tx
      .update(seatHolds)
      .set({ status: "released", releasedAt: hold.releasedAt ?? now })
      .where(eq(seatHolds.id, hold.id));
    const kind = reason === "already-booked" ? "already-booked" : "refunded";
    return { outcome: { kind, purchaseId: id }, afterCommit: (services) => refundInFull(services, id) };
  };
  // Checked under the edition's lock, so of two payments at once for one buyer's dates, the second finds the first.
  // Staff's £1 test product is bought again at will: each purchase tests the payments, none is a seat.
  if (edition.offeringKey !== TEST_PRODUCT_KEY && (await hasPaidPlace(tx, edition.id, { userId: hold.userId, email: values.customerEmail }, id))) {
    log.warn(`Payment for ${view.id}: its buyer has a paid place on ${edition.title} already; refunding it`);
    return refundOnArrival("already-booked");
  }
  if (await hasPlace(tx, hold, edition, now)) {
    const purchase = await save("paid", { receiptUrl, amountRefunded: refundedAlready });
    await tx.update(seatHolds).set({ status: "converted" }).where(eq(seatHolds.id, hold.id));
    if (hold.discountKind === "signup" && hold.userId) await tx.update(users).set({ giiSignupDiscountClaimed: true }).where(eq(users.id, hold.userId));
    await queueConfirmation(tx, env, purchase, edition);
    return { outcome: { kind: "booked", purchaseId: id, firstTime: true }, afterCommit: null };
  }

  log.warn(`Payment for ${view.id} arrived after its hold lapsed and ${edition.title} is full: refunding it`);
  return refundOnArrival("place-taken");
}

/**
 * What became of a purchase already settled. Only a booking that took its place (its hold converted)
 * can be cancelled afterwards; one that never took it was either refunded on arrival or never paid.
 */
function settledOutcome(purchase: Purchase, hold: Hold): CheckoutOutcome {
  if (purchase.status === "paid" || purchase.status === "complete") return { kind: "booked", purchaseId: purchase.id, firstTime: false };
  if (hold.status === "converted") return { kind: "cancelled", purchaseId: purchase.id };
  if (purchase.status !== "refunded") return { kind: "payment-failed", purchaseId: purchase.id };
  return { kind: purchase.arrivalRefundReason === "already-booked" ? "already-booked" : "refunded", purchaseId: purchase.id };
}

/** A late refund still due this long after it was decided was interrupted (a crash), not still being made. */
export const INTERRUPTED_REFUND_AFTER_MS = 2 * 60_000;

/**
 * The refund decided in `recordCheckout`, made once its transaction has
 * committed (a provider call never holds the edition's lock), or by the sweep
 * after a crash. The buyer is told only of a refund the provider accepted;
 * staff are told either way, and one that failed (or had no payment to
 * refund) is theirs to make by hand. Whoever clears the purchase's mark
 * queues the emails, so they go once however many times the refund is finished.
 */
async function refundInFull({ payments, database, env }: AppServices, purchaseId: string) {
  const isDue = and(eq(userCoursePurchases.id, purchaseId), isNotNull(userCoursePurchases.lateRefundDueAt));
  const [due] = await database.db
    .select({ purchase: userCoursePurchases, edition: courses })
    .from(userCoursePurchases)
    .innerJoin(courses, eq(courses.id, userCoursePurchases.courseId))
    .where(isDue);
  if (!due) return;
  const { purchase, edition } = due;
  const sessionId = purchase.stripeSessionId;
  let refunded = false;
  if (purchase.stripePaymentIntentId) {
    try {
      // The same key every time: the provider makes one refund however often it is asked.
      await payments.refund({ paymentIntentId: purchase.stripePaymentIntentId, idempotencyKey: `refund-${sessionId}` });
      refunded = true;
    } catch (error) {
      log.error(`Automatic refund of ${purchase.stripePaymentIntentId} (${sessionId}) failed: refund it by hand`, error);
    }
  } else {
    log.error(`Payment for ${sessionId} names no payment to refund: refund it by hand`);
  }
  const course = bookedCourse(edition);
  const amount = formatMinorUnits(purchase.amountTotal);
  const buyerEmail = purchase.customerEmail;
  const reason = purchase.arrivalRefundReason ?? "place-taken";
  const staffNotice = await renderStaffRefundNotice({ course, amount, buyerEmail, sessionId, refunded, reason });
  const buyerNotice = !refunded
    ? null
    : reason === "already-booked"
      ? await renderAlreadyBookedRefund({ course, amount, accountUrl: `${env.siteUrl}/account` })
      : await renderPlaceUnavailableRefund({ course, amount, coursesUrl: `${env.siteUrl}/courses` });
  await database.db.transaction(async (tx) => {
    const [finished] = await tx.update(userCoursePurchases).set({ lateRefundDueAt: null }).where(isDue).returning({ id: userCoursePurchases.id });
    if (!finished) return;
    if (buyerNotice) await enqueueEmail(tx, { template: "booking-refunded", to: buyerEmail, replyTo: env.mail.staffEmail, ...buyerNotice });
    await enqueueEmail(tx, { template: "staff-refund-notice", to: env.mail.staffEmail, ...staffNotice });
  });
}

/** Finishes the late refunds that a crash (of this instance or another) left due; answers how many it took up. */
export async function finishInterruptedRefunds(services: AppServices, now = new Date()): Promise<number> {
  const interrupted = await services.database.db
    .select({ id: userCoursePurchases.id })
    .from(userCoursePurchases)
    .where(lte(userCoursePurchases.lateRefundDueAt, new Date(now.getTime() - INTERRUPTED_REFUND_AFTER_MS)));
  for (const { id } of interrupted) {
    await refundInFull(services, id).catch((error: unknown) => log.error(`Finishing the late refund of purchase ${id} failed`, error));
  }
  return interrupted.length;
}

/** Looks for interrupted late refunds every minute, from every instance. */
export function startRefundSweep(services: AppServices, everyMs = 60_000): { stop(): Promise<void> } {
  return repeatEvery("The late-refund sweep", everyMs, () => finishInterruptedRefunds(services));
}

/** Runs what a committed decision left to do with the provider. */
export async function runAfterCommit(services: AppServices, recorded: Recorded): Promise<void> {
  await recorded.afterCommit?.(services);
}

/** The session expired unpaid (or the buyer cancelled): its place is free at once. */
export async function releaseHold(tx: Transaction, view: CheckoutSessionView, now = new Date()): Promise<boolean> {
  const released = await tx
    .update(seatHolds)
    .set({ status: "released", releasedAt: now })
    .where(and(sessionsHold(view), inArray(seatHolds.status, ["opening", "open"])))
    .returning({ id: seatHolds.id });
  return released.length > 0;
}

/**
 * A payment that was to settle later failed: the pending purchase is cancelled,
 * its place released and the buyer, who was told their place is held until the
 * payment arrives, is emailed once. Events come in any order: when the failure comes
 * before the session's completed event, the purchase is recorded as cancelled
 * now, so that event finds it settled and holds no place for a payment that failed.
 */
export async function recordFailedPayment(tx: Transaction, { env }: Pick<AppServices, "env">, view: CheckoutSessionView, now = new Date()): Promise<void> {
  const found = await holdOf(tx, view);
  if (!found) return;
  const { edition, hold } = await lockHold(tx, found);
  const [existing] = await tx.select({ id: userCoursePurchases.id }).from(userCoursePurchases).where(eq(userCoursePurchases.stripeSessionId, view.id));
  const [failed] = existing
    ? await tx
        .update(userCoursePurchases)
        .set({ status: "canceled" })
        .where(and(eq(userCoursePurchases.id, existing.id), eq(userCoursePurchases.status, "pending")))
        .returning()
    : await tx
        .insert(userCoursePurchases)
        .values({ ...purchaseOf(hold, view, now), status: "canceled" })
        .returning();
  await tx
    .update(seatHolds)
    .set({ status: "released", releasedAt: hold.releasedAt ?? now })
    .where(and(eq(seatHolds.id, hold.id), inArray(seatHolds.status, ["opening", "open", "awaiting_payment"])));
  if (!failed?.customerEmail) return;
  const [buyer] = failed.userId ? await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, failed.userId)) : [];
  await enqueueEmail(tx, {
    template: "payment-failed",
    to: failed.customerEmail,
    replyTo: env.mail.staffEmail,
    ...(await renderPaymentFailed({
      name: buyer?.firstName ?? failed.customerName ?? undefined,
      course: bookedCourse(edition),
      bookingUrl: `${env.siteUrl}/booking`,
    })),
  });
}

/** A refund reached the payment: a full one ends the booking (or a bank payment still settling) and frees its place; a partial one is recorded. */
export async function recordRefund(tx: Transaction, charge: ChargeView, now = new Date()): Promise<void> {
  if (!charge.paymentIntentId) return;
  const [purchase] = await tx.select().from(userCoursePurchases).where(eq(userCoursePurchases.stripePaymentIntentId, charge.paymentIntentId)).for("update");
  if (!purchase) {
    log.warn(`Payment: a refund for ${charge.paymentIntentId}, which is not one of our purchases`);
    return;
  }
  // Each event carries the charge's running total; one delivered late never lowers it.
  const amountRefunded = Math.max(purchase.amountRefunded, charge.amountRefunded);
  const full = amountRefunded >= purchase.amountTotal;
  await tx
    .update(userCoursePurchases)
    .set({ amountRefunded, ...(full ? { status: "refunded" as const, refundedAt: purchase.refundedAt ?? now } : {}) })
    .where(eq(userCoursePurchases.id, purchase.id));
  // A bank payment refunded before it settled held its place until then: it holds it no longer (nothing else would release it).
  if (full && purchase.holdId) {
    await tx
      .update(seatHolds)
      .set({ status: "released", releasedAt: now })
      .where(and(eq(seatHolds.id, purchase.holdId), eq(seatHolds.status, "awaiting_payment")));
  }
}

/**
 * The success page's half of fulfilment: the session is read from the
 * provider and recorded exactly as its webhook event would be, whichever
 * comes first. Null when no checkout of ours opened the session, or the
 * provider does not know it.
 */
export async function fulfilCheckout(services: AppServices, sessionId: string, now = new Date()): Promise<CheckoutOutcome | null> {
  // Asked about before the provider: anyone can put an id in the success page's address, and each would cost a call on the account's API quota.
  const [opened] = await services.database.db.select({ id: seatHolds.id }).from(seatHolds).where(eq(seatHolds.checkoutSessionId, sessionId)).limit(1);
  if (!opened) return null;
  const view = await services.payments.retrieveCheckoutSession(sessionId);
  if (!view) return null;
  const payment = await paymentStateOf(services, view);
  const recorded = await services.database.db.transaction((tx) => recordCheckout(tx, services, view, { payment, now }));
  await runAfterCommit(services, recorded);
  return recorded.outcome;
}

/** What the provider says of a paid session's payment (its receipt, any refund already made), read before the transaction that stores it. */
export async function paymentStateOf(services: AppServices, view: CheckoutSessionView): Promise<PaymentState | null> {
  if (view.status !== "complete" || view.paymentStatus === "unpaid" || !view.paymentIntentId) return null;
  try {
    return await services.payments.paymentState(view.paymentIntentId);
  } catch (error) {
    // The purchase stands without it: our printable receipt is linked instead.
    log.warn(`Payment: no receipt for ${view.paymentIntentId} yet (${describeError(error)})`);
    return null;
  }
}
