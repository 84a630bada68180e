import { randomBytes } from "node:crypto";

import { addDays, format, parseISO } from "date-fns";
import { eq } from "drizzle-orm";
import Stripe from "stripe";

import { startCheckout } from "~/server/booking/checkout.server";
import { scheduleEdition, todayIsoDate } from "~/server/catalogue/editions.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { seatHolds } from "~/server/db/schema.server";
import { createLocalCheckout, type LocalCheckout, localWebhookSecret } from "~/server/payments/local.server";
import { asLocalCheckout } from "~/server/payments/providers.server";
import type { AppServices } from "~/server/platform/context.server";

import { TEST_APP_SECRET } from "./route-args";

/** The day `days` after today as the site counts days (todayIsoDate: Dubai's), so "tomorrow" is for sale at any hour. */
export const inDays = (days: number) => format(addDays(parseISO(todayIsoDate()), days), "yyyy-MM-dd");

/** An edition of its own for one test, scheduled as staff would (Sinus Grafting unless told otherwise). */
export function editionFor(
  database: DatabaseHandle,
  { offeringKey = "sinus-grafting", days = 60, capacity }: { offeringKey?: string; days?: number; capacity?: number } = {},
) {
  return scheduleEdition(database.db, { offeringKey, startDate: inDays(days), capacity });
}

let lastIp = 0;
/** Each checkout from an address of its own, so the per-address budget is tested on its own. */
const freshIp = () => `198.51.100.${(++lastIp % 250) + 1}`;

/** Starts a checkout as the booking API does, from a fresh address. */
export function checkout(services: AppServices, request: Parameters<typeof startCheckout>[1], now?: Date) {
  return startCheckout(services, request, { clientIp: freshIp(), now });
}

type OpenSession = AppServices["payments"]["createCheckoutSession"];

/**
 * The services with each checkout's session opened through `around`, which
 * calls `open` when it will: something that happens while a session opens
 * (the hold lost, the edition taken off sale, the buyer's second press).
 */
export function whileSessionsOpen(
  services: AppServices,
  around: (request: Parameters<OpenSession>[0], open: () => ReturnType<OpenSession>) => ReturnType<OpenSession>,
): AppServices {
  return {
    ...services,
    payments: { ...services.payments, createCheckoutSession: (request) => around(request, () => services.payments.createCheckoutSession(request)) },
  };
}

export const builtInCheckout = (services: AppServices): LocalCheckout => {
  const local = asLocalCheckout(services.payments);
  if (!local) throw new Error("These tests run with the built-in checkout");
  return local;
};

export async function holdOf(database: DatabaseHandle, holdId: string) {
  const [hold] = await database.db.select().from(seatHolds).where(eq(seatHolds.id, holdId));
  return hold;
}

export interface SignedEvent {
  type: string;
  payload: string;
  signature: string;
}

/**
 * The built-in checkout on the same database, whose events are kept instead of
 * delivered: a test then sends them to the webhook receiver when, how often
 * and in what order it likes, as Stripe's at-least-once delivery may.
 */
export function capturingCheckout(services: AppServices): { checkout: LocalCheckout; events: SignedEvent[] } {
  const events: SignedEvent[] = [];
  const checkout = createLocalCheckout({
    db: services.database.db,
    siteUrl: services.env.siteUrl,
    webhookSecret: localWebhookSecret(TEST_APP_SECRET),
    deliver: async (payload, signature) => {
      events.push({ type: (JSON.parse(payload) as { type: string }).type, payload, signature });
    },
  });
  return { checkout, events };
}

/**
 * A Stripe-shaped event for any object, signed as a webhook delivery is: by
 * default with the built-in checkout's secret for the test services.
 */
export function signedEvent(
  type: string,
  object: object,
  { id = `evt_test_${randomBytes(8).toString("hex")}`, secret = localWebhookSecret(TEST_APP_SECRET) }: { id?: string; secret?: string } = {},
): SignedEvent {
  const payload = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  return { type, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** A Checkout Session for a hold a test started on a £1,500 edition, as Stripe sends it in an event (paid, unless told). */
export function checkoutSessionObject(session: {
  id: string;
  holdId: string;
  courseId: string;
  email: string;
  buyerId?: string;
  paymentIntent?: string;
  status?: "complete" | "expired";
  paymentStatus?: "paid" | "unpaid";
}) {
  return {
    id: session.id,
    object: "checkout.session",
    status: session.status ?? "complete",
    payment_status: session.paymentStatus ?? "paid",
    amount_subtotal: 150_000,
    amount_total: 150_000,
    currency: "gbp",
    customer_details: { email: session.email },
    client_reference_id: session.buyerId ?? null,
    metadata: { hold_id: session.holdId, course_id: session.courseId },
    payment_intent: session.paymentIntent ?? `pi_test_${randomBytes(6).toString("hex")}`,
  };
}
