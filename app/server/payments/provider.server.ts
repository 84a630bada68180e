import type Stripe from "stripe";

import type { DiscountRule } from "~/lib/discounts";
import { isUuid } from "~/lib/uuid";
import { UnavailableError } from "~/server/platform/errors.server";

export type PaymentMethodKind = "card" | "klarna";

/** One Checkout Session to open: everything the server decided, nothing the browser sent. */
export interface CheckoutRequest {
  holdId: string;
  courseId: string;
  priceId: string;
  /** The line item as the checkout page shows it. */
  productName: string;
  productDescription: string | null;
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  currency: string;
  discount: DiscountRule | null;
  customerEmail: string | null;
  /** The buyer's user id, when signed in. */
  clientReferenceId: string | null;
  paymentMethodTypes: PaymentMethodKind[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** What the booking domain reads of a Checkout Session, whichever provider hosted it. */
export interface CheckoutSessionView {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountSubtotal: number | null;
  amountTotal: number | null;
  amountDiscount: number;
  currency: string | null;
  customerEmail: string | null;
  /** The name a guest gave at the checkout (Stripe's name collection); null for a signed-in buyer. */
  customerName: string | null;
  /** Our hold, named in the session's metadata when it was opened. */
  holdId: string | null;
  paymentIntentId: string | null;
}

/** What the booking domain reads of a refunded charge. */
export interface ChargeView {
  paymentIntentId: string | null;
  amount: number;
  amountRefunded: number;
}

/**
 * The shape both payment providers meet (design.md 3): Stripe, and the
 * built-in checkout of the embedded demo. Both speak in Stripe's objects and
 * events, so everything after them is one code path.
 */
export interface PaymentProvider {
  readonly kind: "stripe" | "local";
  /** True when the provider charges exactly this amount and currency for the price id. */
  confirmPrice(priceId: string, amount: number, currency: string): Promise<boolean>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null>;
  /** Ends an open session so its place is released at once; a session that is no longer open is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  /** What a payment's charge says as its session is recorded: the provider's receipt, and what has been refunded of it already. */
  paymentState(paymentIntentId: string): Promise<PaymentState>;
  refund(input: { paymentIntentId: string; amount?: number; idempotencyKey: string }): Promise<void>;
  /** Checks an event's signature on its raw body; throws when it does not match. */
  verifyEvent(rawBody: string, signature: string | null): Stripe.Event;
}

/**
 * A payment as its charge stands: the provider's own receipt when it keeps one, and the amount refunded of it so far
 * (events come in any order: a refund made in the dashboard can reach us before the payment's own completed event).
 */
export interface PaymentState {
  receiptUrl: string | null;
  amountRefunded: number;
}

/** A refund asked with a key used before for another amount: another refund under that key (another cancel of the booking) went first. */
export class RefundKeyConflictError extends UnavailableError {}

/** The metadata every session carries, naming our hold and the edition. */
export function sessionMetadata(request: Pick<CheckoutRequest, "holdId" | "courseId">): Record<string, string> {
  return { hold_id: request.holdId, course_id: request.courseId };
}

/** A value Stripe may widen in later API versions, read as one of the values we know. */
function oneOf<T extends string>(known: readonly T[], value: string | null, fallback: T): T {
  return (known as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

export function checkoutSessionView(session: Stripe.Checkout.Session): CheckoutSessionView {
  return {
    id: session.id,
    status: oneOf(["open", "complete", "expired"] as const, session.status, "open"),
    paymentStatus: oneOf(["paid", "unpaid", "no_payment_required"] as const, session.payment_status, "unpaid"),
    amountSubtotal: session.amount_subtotal,
    amountTotal: session.amount_total,
    amountDiscount: session.total_details?.amount_discount ?? 0,
    currency: session.currency,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    // The name asked of a guest (name collection) is the individual's; `name` is the card's holder, whoever that is.
    customerName: session.customer_details?.individual_name ?? session.collected_information?.individual_name ?? session.customer_details?.name ?? null,
    // Only an id of ours: anything else in a signed event's metadata names no hold (and would fail the query).
    holdId: typeof session.metadata?.hold_id === "string" && isUuid(session.metadata.hold_id) ? session.metadata.hold_id : null,
    paymentIntentId: idOf(session.payment_intent),
  };
}

export function chargeView(charge: Stripe.Charge): ChargeView {
  return { paymentIntentId: idOf(charge.payment_intent), amount: charge.amount, amountRefunded: charge.amount_refunded };
}
