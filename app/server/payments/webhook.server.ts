import type Stripe from "stripe";

import {
  paymentStateOf,
  recordCheckout,
  type Recorded,
  recordFailedPayment,
  recordRefund,
  releaseHold,
  runAfterCommit,
} from "~/server/booking/fulfilment.server";
import type { Transaction } from "~/server/db/client.server";
import { paymentEvents } from "~/server/db/schema.server";
import type { AppServices } from "~/server/platform/context.server";
import { InvalidInputError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";
import { countWebhookFailure } from "~/server/platform/metrics.server";

import { chargeView, checkoutSessionView, type PaymentState } from "./provider.server";

export const INVALID_SIGNATURE_MESSAGE = "Invalid signature.";

/**
 * One entry per event we act on: `prepare` asks the provider what the decision
 * needs (outside any transaction), `apply` decides in the event's transaction.
 */
interface EventHandler {
  prepare?: (services: AppServices, event: Stripe.Event) => Promise<PaymentState | null>;
  apply: (tx: Transaction, services: AppServices, event: Stripe.Event, prepared: PaymentState | null) => Promise<Recorded | null>;
}

const sessionOf = (event: Stripe.Event) => checkoutSessionView(event.data.object as Stripe.Checkout.Session);

/** Fulfils a paid session; a completed one still unpaid (a bank payment) keeps its place until it settles. */
const fulfil: EventHandler = {
  prepare: (services, event) => paymentStateOf(services, sessionOf(event)),
  apply: (tx, services, event, payment) => recordCheckout(tx, services, sessionOf(event), { payment }),
};

/** design.md 5: the webhook as a map from event type to handler (cal.com's shape, with the repeat guard it lacks). */
const HANDLERS: Partial<Record<string, EventHandler>> = {
  "checkout.session.completed": fulfil,
  "checkout.session.async_payment_succeeded": fulfil,
  "checkout.session.async_payment_failed": {
    apply: async (tx, services, event) => {
      await recordFailedPayment(tx, services, sessionOf(event));
      return null;
    },
  },
  "checkout.session.expired": {
    apply: async (tx, _services, event) => {
      await releaseHold(tx, sessionOf(event));
      return null;
    },
  },
  "charge.refunded": {
    apply: async (tx, _services, event) => {
      await recordRefund(tx, chargeView(event.data.object as Stripe.Charge));
      return null;
    },
  },
};

/**
 * POST /api/stripe/webhook, for Stripe and the built-in checkout alike: the
 * signature is checked on the raw body (400 and nothing changed when it does
 * not match); each event is handled in one transaction that also records its
 * id, so a repeat (delivery is at least once, in any order, from any instance)
 * is acknowledged and ignored. Refusals and failures are counted for /metrics.
 */
export async function receivePaymentEvent(services: AppServices, rawBody: string, signature: string | null): Promise<{ received: true; duplicate?: true }> {
  let event: Stripe.Event;
  try {
    event = services.payments.verifyEvent(rawBody, signature);
  } catch {
    countWebhookFailure("signature");
    throw new InvalidInputError(INVALID_SIGNATURE_MESSAGE);
  }
  try {
    return await handleEvent(services, event);
  } catch (error) {
    countWebhookFailure("handler");
    throw error;
  }
}

async function handleEvent(services: AppServices, event: Stripe.Event): Promise<{ received: true; duplicate?: true }> {
  const handler = HANDLERS[event.type];
  if (!handler) return { received: true };
  // Signed, but with nothing to act on: acknowledged, so the sender does not retry it for days.
  const object = event.data?.object as { id?: unknown } | null | undefined;
  if (typeof object !== "object" || object === null || typeof object.id !== "string") {
    log.warn(`Payment: event ${event.id} (${event.type}) carries no object with an id; acknowledged and ignored`);
    return { received: true };
  }
  const prepared = handler.prepare ? await handler.prepare(services, event) : null;
  const result = await services.database.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (!fresh) return { duplicate: true as const };
    return { duplicate: false as const, recorded: await handler.apply(tx, services, event, prepared) };
  });
  if (result.duplicate) {
    log.info(`Payment: event ${event.id} (${event.type}) was handled already`);
    return { received: true, duplicate: true };
  }
  if (result.recorded) await runAfterCommit(services, result.recorded);
  return { received: true };
}
