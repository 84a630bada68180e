import { and, asc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";

import { isBookablePriceId } from "~/lib/booking";
import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { CHECKOUT_REFUSALS } from "~/lib/checkout-refusals";
import { discountAmount, type DiscountRule } from "~/lib/discounts";
import { formatDateRange } from "~/lib/format";
import { SUCCESSFUL_PURCHASE_STATUSES } from "~/lib/purchases";
import { isUuid } from "~/lib/uuid";
import { todayIsoDate } from "~/server/catalogue/editions.server";
import { TEST_PRODUCT_KEY } from "~/server/catalogue/offerings.server";
import { editionsBookedBy, placeUsesBy } from "~/server/catalogue/places.server";
import type { Database, Transaction } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { courses, seatHolds } from "~/server/db/schema.server";
import type { PaymentMethodKind } from "~/server/payments/provider.server";
import type { AppServices } from "~/server/platform/context.server";
import { DomainError, InvalidInputError, NotFoundError, RateLimitedError, UnavailableError, UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";
import { consumeRateLimit, FORM_WINDOW_MS, TOO_MANY_REQUESTS_MESSAGE } from "~/server/platform/rate-limit.server";

import { bestDiscount } from "./discounts.server";
import { fulfilCheckout } from "./fulfilment.server";

/** A Checkout Session lives 30 minutes (Stripe's shortest), with a margin for the call that opens it. */
export const CHECKOUT_SESSION_MS = 30 * 60_000 + 30_000;
/** The hold outlives its session by a little, so a payment made in time always finds its place held. */
export const HOLD_MS = 31 * 60_000;

type Edition = typeof courses.$inferSelect;

export interface CheckoutStart {
  priceId?: string;
  courseId?: string;
  /** The signed-in buyer, from the session or bearer token; null for a guest. */
  buyer: { id: string; email: string } | null;
  /** The account the page that asked was drawn for (spec 7's `userId`), if any: a checkout for someone else is refused. */
  pageAccountId?: string;
  /** The administrators' £1 test product (the route lets only administrators ask). */
  testProduct?: boolean;
  /** The guest checkouts this browser started (guest-checkouts.server.ts): one for the date booked is replaced. */
  guestCheckouts?: readonly string[];
}

export interface StartedCheckout {
  sessionId: string;
  url: string;
  holdId: string;
}

const notAvailable = () => new InvalidInputError(CHECKOUT_MESSAGES.notAvailable);

/** The statements every checkout runs outside its transaction, built once per database. */
const editionById = preparedStatement("checkout_edition_by_id", (db, name) =>
  db
    .select()
    .from(courses)
    .where(eq(courses.id, sql.placeholder("id")))
    .prepare(name),
);
const openHold = preparedStatement("checkout_open_hold", (db, name) =>
  db
    .update(seatHolds)
    // updated_at is given: a prepared statement would keep its first run's $onUpdate time.
    .set({
      checkoutSessionId: sql`${sql.placeholder("sessionId")}`,
      checkoutUrl: sql`${sql.placeholder("url")}`,
      status: "open",
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(and(eq(seatHolds.id, sql.placeholder("holdId")), eq(seatHolds.status, "opening")))
    .returning({ id: seatHolds.id })
    .prepare(name),
);

/**
 * The editions a request may book, soonest first: the one it names, or every
 * future edition sold under its price id. Refusals are the spec's messages.
 */
async function editionsAsked(services: AppServices, request: CheckoutStart, today: string): Promise<Edition[]> {
  const { db } = services.database;
  if (request.testProduct) {
    const rows = await db.select().from(courses).where(eq(courses.offeringKey, TEST_PRODUCT_KEY)).limit(1);
    if (rows.length === 0) throw notAvailable();
    return rows;
  }
  if (request.courseId) {
    if (!isUuid(request.courseId)) throw notAvailable();
    const [edition] = await editionById(db).execute({ id: request.courseId });
    if (!edition || !edition.isActive || !edition.startDate || edition.startDate <= today) throw notAvailable();
    if (!edition.stripePriceId) throw new InvalidInputError(CHECKOUT_REFUSALS.priceIdMissing);
    if (!isBookablePriceId(edition.stripePriceId) || (request.priceId && request.priceId !== edition.stripePriceId)) throw notAvailable();
    return [edition];
  }
  if (!request.priceId) throw new InvalidInputError(CHECKOUT_REFUSALS.priceIdMissing);
  if (!isBookablePriceId(request.priceId)) throw notAvailable();
  const editions = await db
    .select()
    .from(courses)
    .where(and(eq(courses.stripePriceId, request.priceId), eq(courses.isActive, true), gt(courses.startDate, today)))
    .orderBy(asc(courses.startDate));
  if (editions.length === 0) throw notAvailable();
  return editions;
}

/** A hold as the checkout asks for it, before the database gives it an id. */
interface NewHold {
  courseId: string;
  userId: string | null;
  customerEmail: string | null;
  provider: "stripe" | "local";
  expiresAt: Date;
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  currency: string;
  discountKind: DiscountRule["kind"] | null;
  clientAddress: string;
  /** Earlier guest holds of this browser: one on this date is replaced by this hold. */
  replaces: readonly string[];
}

type Refusal = "not-for-sale" | "full" | "address-share";

/**
 * The database's `take_place` (drizzle/0010_take_place.sql): locks the edition,
 * checks that it is still sold at the price the hold was worked out from, that
 * a place is free and that the address holds fewer than its share, replaces
 * the buyer's unpaid checkouts for this date (a signed-in buyer's, and the
 * guest checkouts the browser started), and inserts the hold, in one
 * round trip: the edition's lock is never held while the app works. The
 * checkout needs no transaction of its own (pretix's quota rule, in one call).
 *
 * `synchronous_commit = off` rides on the same statement (local to its
 * transaction, read at commit): a hold is no sale, and its commit need not
 * wait for the disk while others queue for the lock. The session's own update
 * commits normally before the buyer gets the link, and makes this durable with it.
 */
async function takePlace(
  db: Database | Transaction,
  hold: NewHold,
  { priceId, soldAfter, holdsPerAddress, now }: { priceId: string; soldAfter: string | null; holdsPerAddress: number; now: Date },
): Promise<{ holdId: string; replacedSessions: string[] } | { refusal: Refusal }> {
  const paidStatuses = sql.join(
    SUCCESSFUL_PURCHASE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select taken.hold_id, taken.refusal, taken.replaced_sessions, set_config('synchronous_commit', 'off', true)
    from take_place(
      p_course_id => ${hold.courseId}::uuid,
      p_price_id => ${priceId}::text,
      p_price_amount => ${hold.amountSubtotal}::integer,
      p_price_currency => ${hold.currency}::text,
      p_sold_after => ${soldAfter}::date,
      p_user_id => ${hold.userId}::text,
      p_customer_email => ${hold.customerEmail}::text,
      p_provider => ${hold.provider}::text,
      p_expires_at => ${hold.expiresAt.toISOString()}::timestamptz,
      p_amount_discount => ${hold.amountDiscount}::integer,
      p_discount_kind => ${hold.discountKind}::text,
      p_client_address => ${hold.clientAddress}::text,
      p_holds_per_address => ${holdsPerAddress}::integer,
      p_paid_statuses => array[${paidStatuses}]::text[],
      p_now => ${now.toISOString()}::timestamptz,
      p_replaces => ${`{${hold.replaces.join(",")}}`}::uuid[]
    ) as taken`);
  // Both drivers (node-postgres and PGlite) answer with the rows under `rows`.
  const [row] = (result as { rows: { hold_id: string | null; refusal: Refusal | null; replaced_sessions: string[] }[] }).rows;
  if (!row?.hold_id) return { refusal: row?.refusal ?? "not-for-sale" };
  return { holdId: row.hold_id, replacedSessions: row.replaced_sessions };
}

/**
 * The £100 off a first course goes with the buyer's newest checkout: their
 * unpaid checkouts for other dates that carry it are released, and their
 * sessions closed with those this one replaces, so going back from the payment
 * page to book another date never costs a dentist the discount (nor gives it
 * twice). A bank payment still settling keeps it (bestDiscount).
 */
async function releaseOtherFirstCourseHolds(tx: Database | Transaction, buyerId: string, courseId: string, now: Date): Promise<string[]> {
  const released = await tx
    .update(seatHolds)
    .set({ status: "released", releasedAt: now, updatedAt: now })
    .where(
      and(
        eq(seatHolds.userId, buyerId),
        eq(seatHolds.discountKind, "signup"),
        ne(seatHolds.courseId, courseId),
        inArray(seatHolds.status, ["opening", "open"]),
      ),
    )
    .returning({ sessionId: seatHolds.checkoutSessionId });
  return released.flatMap(({ sessionId }) => (sessionId ? [sessionId] : []));
}

/**
 * Takes a place on the first of the editions with one free. A signed-in
 * buyer's discount is worked out first, in the same transaction, under their
 * own row's lock (so their concurrent checkouts for other dates wait for this
 * one's hold, and then take its £100 over); a guest's checkout is the one call.
 */
async function takeHold(
  db: Database,
  editions: readonly Edition[],
  request: CheckoutStart,
  { provider, now, today, clientIp, holdsPerAddress }: { provider: "stripe" | "local"; now: Date; today: string; clientIp: string; holdsPerAddress: number },
) {
  const full: string[] = [];
  for (const edition of editions) {
    const priceAmount = edition.priceAmount!;
    const limits = { priceId: edition.stripePriceId!, soldAfter: request.testProduct ? null : today, holdsPerAddress, now };
    const attempt = async (tx: Database | Transaction) => {
      const discount =
        request.buyer && !request.testProduct
          ? await bestDiscount(tx, request.buyer.id, { id: edition.id, offeringKey: edition.offeringKey, priceAmount }, { today })
          : null;
      const amountDiscount = discount ? discountAmount(discount, priceAmount) : 0;
      const hold: NewHold = {
        courseId: edition.id,
        userId: request.buyer?.id ?? null,
        customerEmail: request.buyer?.email ?? null,
        provider,
        expiresAt: new Date(now.getTime() + HOLD_MS),
        amountSubtotal: priceAmount,
        amountDiscount,
        amountTotal: priceAmount - amountDiscount,
        currency: edition.priceCurrency,
        discountKind: discount?.kind ?? null,
        clientAddress: clientIp,
        replaces: request.guestCheckouts ?? [],
      };
      const taken = await takePlace(tx, hold, limits);
      if ("holdId" in taken && discount?.kind === "signup" && request.buyer) {
        taken.replacedSessions.push(...(await releaseOtherFirstCourseHolds(tx, request.buyer.id, edition.id, now)));
      }
      return { hold, discount, taken };
    };
    const { hold, discount, taken } = request.buyer ? await db.transaction(attempt) : await attempt(db);
    if ("holdId" in taken) return { hold: { id: taken.holdId, ...hold }, edition, discount, superseded: taken.replacedSessions };
    if (taken.refusal === "address-share") throw new RateLimitedError(CHECKOUT_REFUSALS.tooManyHolds);
    if (taken.refusal === "full") full.push(edition.id);
  }
  if (full.length === 0) throw notAvailable();
  // Only the wording depends on this read: the refusal was decided under the editions' locks.
  const uses = await placeUsesBy(db, now, full, request.buyer?.id ?? null);
  const atCheckout = [...uses.values()].some((use) => use.atCheckout > 0);
  throw new UnavailableError(atCheckout ? CHECKOUT_REFUSALS.heldAtCheckout : CHECKOUT_REFUSALS.fullyBooked);
}

function productDescription(edition: Edition): string | null {
  const parts = [edition.startDate ? formatDateRange(edition.startDate, edition.endDate) : null, edition.location].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Card (with Apple Pay and Google Pay) always; Klarna for amounts in pounds within its limit. */
function paymentMethodsFor(amountTotal: number, currency: string, klarnaMaxAmount: number): PaymentMethodKind[] {
  return currency.toLowerCase() === "gbp" && amountTotal <= klarnaMaxAmount ? ["card", "klarna"] : ["card"];
}

/**
 * Why a hold was gone when its session opened, as the buyer is told: the same
 * buyer's newer checkout took its place (a second press, another tab; a
 * guest's by the browser's guest-checkouts cookie), or the edition was taken
 * off sale meanwhile; otherwise it was lost (a database crash before it
 * reached the disk), which is our failure.
 */
async function lostHoldError(db: Database, holdId: string): Promise<DomainError> {
  const [hold] = await db
    .select({ status: seatHolds.status, onSale: courses.isActive, offeringKey: courses.offeringKey })
    .from(seatHolds)
    .innerJoin(courses, eq(courses.id, seatHolds.courseId))
    .where(eq(seatHolds.id, holdId));
  if (hold?.status !== "released") return new UpstreamError(CHECKOUT_MESSAGES.failed);
  if (!hold.onSale && hold.offeringKey !== TEST_PRODUCT_KEY) return notAvailable();
  return new UnavailableError(CHECKOUT_REFUSALS.replaced);
}

function giveBackPlace(db: Database, holdId: string) {
  return db.update(seatHolds).set({ status: "released", releasedAt: new Date() }).where(eq(seatHolds.id, holdId));
}

/**
 * Ends one checkout's session. One the buyer paid for at this very moment
 * cannot be ended: it is recorded now, as its webhook would record it, and the
 * answer is true.
 */
async function endSession(services: AppServices, sessionId: string): Promise<boolean> {
  await services.payments.expireCheckoutSession(sessionId);
  if ((await services.payments.retrieveCheckoutSession(sessionId))?.status !== "complete") return false;
  await fulfilCheckout(services, sessionId);
  return true;
}

/**
 * Ends the sessions of checkouts that are over: replaced by a new one (their
 * holds already released), or on an edition taken off sale. True when one was
 * paid meanwhile (endSession), so that a new checkout is priced knowing it.
 */
async function endSessions(services: AppServices, sessionIds: readonly string[]): Promise<boolean> {
  let paidMeanwhile = false;
  for (const sessionId of sessionIds) {
    try {
      if (await endSession(services, sessionId)) paidMeanwhile = true;
    } catch (error) {
      // Its webhook records it like any late payment.
      log.error(`Closing replaced checkout session ${sessionId} failed`, error);
    }
  }
  return paidMeanwhile;
}

/**
 * Starts a checkout (design.md 5): the edition is checked, then a place is held
 * by take_place under the edition's row lock (a signed-in buyer's discount is
 * worked out first, under their own row's lock, in the same transaction);
 * then the provider opens a Checkout Session for exactly that amount. The
 * buyer is the signed-in person or a guest, never someone a request names.
 */
export async function startCheckout(
  services: AppServices,
  request: CheckoutStart,
  { clientIp, now = new Date() }: { clientIp: string; now?: Date },
): Promise<StartedCheckout> {
  const { env, payments, database } = services;
  const { db } = database;
  if (!(await consumeRateLimit(db, `checkout:${clientIp}`, { limit: env.checkoutRateLimit, windowMs: FORM_WINDOW_MS, now }))) {
    throw new RateLimitedError(TOO_MANY_REQUESTS_MESSAGE);
  }
  // Signed out, or in as someone else, in another tab: the page's prices and discount were not this buyer's.
  if (request.pageAccountId !== undefined && request.pageAccountId !== request.buyer?.id) {
    throw new UnavailableError(request.buyer ? CHECKOUT_REFUSALS.otherAccount : CHECKOUT_REFUSALS.signedOut);
  }
  const today = todayIsoDate(now);
  const asked = await editionsAsked(services, request, today);
  // A second Book Now on a date they have would charge a dentist twice for one seat.
  const booked =
    request.buyer && !request.testProduct
      ? await editionsBookedBy(
          db,
          request.buyer,
          asked.map((edition) => edition.id),
        )
      : new Set();
  const notYetBooked = asked.filter((edition) => !booked.has(edition.id));
  if (notYetBooked.length === 0) throw new UnavailableError(CHECKOUT_REFUSALS.alreadyBooked);

  // The amount shown is the amount charged: an edition with no price, or whose provider price differs, is not sold.
  const priced: Edition[] = [];
  for (const edition of notYetBooked) {
    if (edition.priceAmount === null || !isBookablePriceId(edition.stripePriceId)) continue;
    if (await payments.confirmPrice(edition.stripePriceId, edition.priceAmount, edition.priceCurrency)) {
      priced.push(edition);
    } else {
      log.error(
        `Checkout refused: the provider's price ${edition.stripePriceId} does not match edition ${edition.id} (${edition.priceAmount} ${edition.priceCurrency})`,
      );
    }
  }
  if (priced.length === 0) throw notAvailable();

  const holdOptions = { provider: payments.kind, now, today, clientIp, holdsPerAddress: env.checkoutHoldsPerAddress };
  let taken = await takeHold(db, priced, request, holdOptions);
  const paidMeanwhile = await endSessions(services, taken.superseded);
  // A payment of theirs for these dates recorded since the check above (the checkout this one replaced, or another
  // tab's, paid at that very moment) booked them: this one would charge twice. Asked once the hold is taken, after which
  // their other checkouts for these dates are ended, so no payment for them can be recorded unseen.
  if (request.buyer && !request.testProduct && (await editionsBookedBy(db, request.buyer, [taken.edition.id])).has(taken.edition.id)) {
    await giveBackPlace(db, taken.hold.id);
    throw new UnavailableError(CHECKOUT_REFUSALS.alreadyBooked);
  }
  // A guest's earlier checkout for these dates, replaced by this one, was paid at that very moment: it is their booking.
  if (paidMeanwhile && !request.buyer) {
    await giveBackPlace(db, taken.hold.id);
    throw new UnavailableError(CHECKOUT_REFUSALS.paidMeanwhile);
  }
  // One paid for other dates keeps its booking and its £100; this one starts again, without it.
  if (paidMeanwhile && taken.discount?.kind === "signup") {
    await giveBackPlace(db, taken.hold.id);
    taken = await takeHold(db, priced, request, holdOptions);
    await endSessions(services, taken.superseded);
  }
  const { hold, edition, discount } = taken;
  try {
    const session = await payments.createCheckoutSession({
      holdId: hold.id,
      courseId: edition.id,
      priceId: edition.stripePriceId!,
      productName: edition.title,
      productDescription: productDescription(edition),
      amountSubtotal: hold.amountSubtotal,
      amountDiscount: hold.amountDiscount,
      amountTotal: hold.amountTotal,
      currency: hold.currency,
      discount,
      customerEmail: hold.customerEmail,
      clientReferenceId: hold.userId,
      paymentMethodTypes: paymentMethodsFor(hold.amountTotal, hold.currency, env.klarnaMaxAmount),
      successUrl: `${env.siteUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.siteUrl}/booking-canceled?${new URLSearchParams({ hold: hold.id })}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MS),
    });
    const opened = await openHold(db).execute({ sessionId: session.id, url: session.url, now: new Date().toISOString(), holdId: hold.id });
    // The hold is gone (released meanwhile, or lost to a database crash before it reached the disk): no link to pay for nothing.
    if (opened.length === 0) {
      await payments.expireCheckoutSession(session.id);
      throw await lostHoldError(db, hold.id);
    }
    return { sessionId: session.id, url: session.url, holdId: hold.id };
  } catch (error) {
    // No session, no hold: the place goes back at once.
    await giveBackPlace(db, hold.id);
    if (error instanceof DomainError) throw error;
    log.error("Opening a checkout session failed", error);
    throw new UpstreamError(CHECKOUT_MESSAGES.failed);
  }
}

/** What coming back through a checkout's cancel link did: its place was given back, or the checkout had been paid. */
export type CancelledCheckout = { kind: "released" } | { kind: "paid"; sessionId: string };

/**
 * The buyer left the checkout page (the cancel link names the hold): its
 * session ends at once, so its place is free again without waiting 30 minutes.
 * A link followed after paying (from the history, another tab) changes
 * nothing: a payment whose event has not arrived yet is recorded now, as its
 * webhook would record it, and the buyer is told they paid, never that they were not charged.
 */
export async function cancelCheckout(services: AppServices, holdId: string): Promise<CancelledCheckout> {
  if (!isUuid(holdId)) throw new NotFoundError("There is no such checkout.");
  const [hold] = await services.database.db.select().from(seatHolds).where(eq(seatHolds.id, holdId));
  if (!hold) throw new NotFoundError("There is no such checkout.");
  const sessionId = hold.checkoutSessionId;
  if (sessionId && (hold.status === "converted" || hold.status === "awaiting_payment")) return { kind: "paid", sessionId };
  if (sessionId && (hold.status === "open" || hold.status === "opening") && (await endSession(services, sessionId))) return { kind: "paid", sessionId };
  // The provider's expired event releases it too; releasing here makes it immediate whatever the event's timing.
  await services.database.db
    .update(seatHolds)
    .set({ status: "released", releasedAt: new Date() })
    .where(and(eq(seatHolds.id, holdId), eq(seatHolds.status, "open")));
  return { kind: "released" };
}

/**
 * Settles, before an edition is deleted, every checkout on it that may still
 * be paid for or whose payment may not have been recorded: holds that lapsed
 * with no outcome yet, and holds released while their session might still
 * have been open (a checkout replaced, or closed when the edition was taken
 * off sale, when ending its session failed). Each session is expired with the
 * provider and read back; one paid meanwhile is recorded (the edition then
 * has a booking and is kept), and the lapsed holds are released. Deleted with
 * the edition, such a hold would leave a payment whose event comes later
 * nothing to be recorded against. A provider that cannot be asked stops the deletion.
 */
export async function settleCheckoutsBeforeDeleting(services: AppServices, courseId: string, now: Date): Promise<void> {
  const { db } = services.database;
  // A session opened before this has expired at the provider, paid or not, whatever became of its hold.
  const sessionsOpenSince = new Date(now.getTime() - CHECKOUT_SESSION_MS - 5 * 60_000);
  const unsettled = await db
    .select({ id: seatHolds.id, sessionId: seatHolds.checkoutSessionId })
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.courseId, courseId),
        or(
          and(inArray(seatHolds.status, ["opening", "open"]), lte(seatHolds.expiresAt, now)),
          and(eq(seatHolds.status, "released"), isNotNull(seatHolds.checkoutSessionId), gt(seatHolds.createdAt, sessionsOpenSince)),
        ),
      ),
    );
  if (unsettled.length === 0) return;
  for (const { sessionId } of unsettled) {
    if (!sessionId) continue;
    try {
      await endSession(services, sessionId);
    } catch (error) {
      log.error(`Settling checkout session ${sessionId} before deleting its edition failed`, error);
      throw new UpstreamError("The payment provider could not be reached to close this course's last checkouts. Please try again in a minute.");
    }
  }
  await db
    .update(seatHolds)
    .set({ status: "released", releasedAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          seatHolds.id,
          unsettled.map(({ id }) => id),
        ),
        inArray(seatHolds.status, ["opening", "open"]),
      ),
    );
}

/**
 * An edition taken off sale sells nothing more: the checkouts open on it end
 * at once, their sessions expired (one paid at that very moment is recorded,
 * as its webhook would record it) and their places given back.
 */
export async function closeOpenCheckouts(services: AppServices, courseId: string): Promise<void> {
  const { db } = services.database;
  const open = await db
    .select({ id: seatHolds.id, sessionId: seatHolds.checkoutSessionId })
    .from(seatHolds)
    .where(and(eq(seatHolds.courseId, courseId), inArray(seatHolds.status, ["opening", "open"])));
  if (open.length === 0) return;
  const sessionIds = open.flatMap(({ sessionId }) => (sessionId ? [sessionId] : []));
  const holdIds = open.map(({ id }) => id);
  await endSessions(services, sessionIds);
  // The provider's expired events release them too; releasing here makes it immediate, and ends those still opening.
  const now = new Date();
  await db
    .update(seatHolds)
    .set({ status: "released", releasedAt: now, updatedAt: now })
    .where(and(inArray(seatHolds.id, holdIds), inArray(seatHolds.status, ["opening", "open"])));
}
