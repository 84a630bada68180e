import Stripe from "stripe";

import type { DiscountRule } from "~/lib/discounts";
import type { Env } from "~/server/platform/env.server";
import { UpstreamError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

import { type CheckoutRequest, checkoutSessionView, type PaymentProvider, RefundKeyConflictError, sessionMetadata } from "./provider.server";

type StripeConfig = Extract<Env["payments"], { kind: "stripe" }>;

/** How long a retrieved price is trusted before it is asked again. */
const PRICE_TTL_MS = 10 * 60_000;

/** A Stripe error that says the object is not there (an unknown session or coupon id). */
const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";

/** One coupon per kind of discount and amount, made once and found again by its id. */
function couponId(rule: DiscountRule, currency: string): string {
  return `gii-${rule.kind}-${rule.amountOff ? `${rule.amountOff}${currency}` : `${rule.percentOff}pct`}`;
}

/**
 * Settles within `ms` whatever the network does: past it the call is left to
 * finish on its own (its idempotency key makes any retry of it safe) and the
 * caller hears a failure, so a slow Stripe never keeps a buyer waiting longer.
 */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Stripe did not answer within ${ms} ms`)), ms);
  });
  // An abandoned call that fails later has nobody left to tell.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stripe Checkout through the official SDK (design.md 5, "Stripe practice"):
 * an idempotency key on every POST, prices checked against the edition before
 * the first sale, discounts as Stripe coupons so its page and receipt show them.
 */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    // Quick failures (a 500, a reset connection) are retried under the same idempotency key, within the bound below.
    maxNetworkRetries: 2,
    timeout: config.timeoutMs,
    telemetry: false,
    ...(config.apiBase ?? {}),
  });
  /** Every call, retries included, ends within the configured bound (STRIPE_TIMEOUT_MS). */
  const bounded = <T>(run: () => Promise<T>) => within(config.timeoutMs, run());
  const prices = new Map<string, Promise<Stripe.Price>>();
  const coupons = new Map<string, Promise<string>>();

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await bounded(run);
    } catch (error) {
      log.error(`Stripe: ${what} failed`, error);
      throw new UpstreamError("Failed to create checkout session.");
    }
  }

  function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    let found = cache.get(key);
    if (!found) {
      found = load();
      // A failed lookup is asked again next time; a price changed in Stripe's dashboard is seen within its TTL.
      found.catch(() => cache.delete(key));
      if (ttlMs) setTimeout(() => cache.delete(key), ttlMs).unref();
      cache.set(key, found);
    }
    return found;
  }

  function coupon(rule: DiscountRule, currency: string): Promise<string> {
    const id = couponId(rule, currency);
    return cached(coupons, id, async () => {
      try {
        return (await stripe.coupons.retrieve(id)).id;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      const created = await stripe.coupons.create(
        {
          id,
          name: rule.name,
          duration: "once",
          ...(rule.amountOff ? { amount_off: rule.amountOff, currency } : { percent_off: rule.percentOff }),
        },
        { idempotencyKey: `coupon-${id}` },
      );
      return created.id;
    });
  }

  return {
    kind: "stripe",

    async confirmPrice(priceId, amount, currency) {
      const price = await call(`retrieving price ${priceId}`, () => cached(prices, priceId, () => stripe.prices.retrieve(priceId), PRICE_TTL_MS));
      return price.active && price.unit_amount === amount && price.currency.toLowerCase() === currency.toLowerCase();
    },

    async createCheckoutSession(request: CheckoutRequest) {
      const discounts = request.discount
        ? [{ coupon: await call("finding the discount coupon", () => coupon(request.discount!, request.currency)) }]
        : undefined;
      const metadata = sessionMetadata(request);
      const session = await call("creating a checkout session", () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ price: request.priceId, quantity: 1 }],
            // A guest is asked their name, so staff know who booked before any account claims the booking.
            ...(request.customerEmail ? { customer_email: request.customerEmail } : { name_collection: { individual: { enabled: true, optional: false } } }),
            ...(request.clientReferenceId ? { client_reference_id: request.clientReferenceId } : {}),
            metadata,
            payment_intent_data: { metadata },
            // Card brings Apple Pay and Google Pay with it; Klarna only within its amount limit.
            allowed_payment_method_types: request.paymentMethodTypes,
            ...(discounts ? { discounts } : {}),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.holdId}` },
        ),
      );
      if (!session.url) throw new UpstreamError("Failed to create checkout session.");
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      try {
        return checkoutSessionView(await bounded(() => stripe.checkout.sessions.retrieve(id)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async expireCheckoutSession(id) {
      try {
        await bounded(() => stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }));
      } catch (error) {
        // Already complete or expired: nothing to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },

    async paymentState(paymentIntentId) {
      const intent = await bounded(() => stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] }));
      const charge = intent.latest_charge;
      return charge && typeof charge !== "string"
        ? { receiptUrl: charge.receipt_url ?? null, amountRefunded: charge.amount_refunded }
        : { receiptUrl: null, amountRefunded: 0 };
    },

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      try {
        await bounded(() => stripe.refunds.create({ payment_intent: paymentIntentId, ...(amount ? { amount } : {}) }, { idempotencyKey }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new RefundKeyConflictError(error.message);
        throw error;
      }
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? "", config.webhookSecret);
    },
  };
}
