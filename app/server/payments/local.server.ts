import { createHmac, randomBytes } from "node:crypto";

import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, type Placeholder, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { z } from "zod";

import type { LocalPaymentSchema } from "~/lib/schemas/checkout";
import type { Database, Transaction } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { localCheckoutEvents, localCheckoutSessions } from "~/server/db/schema.server";
import { repeatEvery } from "~/server/platform/background.server";
import { InvalidInputError, NotFoundError } from "~/server/platform/errors.server";
import { describeError, log } from "~/server/platform/log.server";

import { checkoutSessionView, type PaymentProvider, RefundKeyConflictError, sessionMetadata } from "./provider.server";

type LocalCheckoutSession = typeof localCheckoutSessions.$inferSelect;

/** How the buyer pays on the built-in checkout page: a bank payment settles a few seconds later. */
type LocalPaymentMethod = z.infer<typeof LocalPaymentSchema>["method"];

/** A delayed bank payment settles this long after the buyer pays (exercising Stripe's asynchronous events). */
const BANK_PAYMENT_SETTLES_AFTER_MS = 4_000;

/** How long an event's first attempt (or a claimed retry) has before another instance may send it again. */
const EVENT_DELIVERY_LEASE_MS = 60_000;
/** Stripe sends an event again for up to three days. */
const EVENT_RETRIES_FOR_MS = 3 * 24 * 60 * 60_000;
const EVENTS_PER_TICK = 20;
/** As Stripe keeps its events 30 days, so does the built-in checkout once an event needs no more sending; looked for hourly. */
const EVENTS_KEPT_FOR_MS = 30 * 24 * 60 * 60_000;
const EVENTS_PRUNED_EVERY_MS = 60 * 60_000;

/** 10 s, 20 s, 40 s … capped at an hour. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

type KeptEvent = typeof localCheckoutEvents.$inferSelect;

/** Hands a signed event to the webhook route's receiver, as Stripe would post it. */
export type DeliverEvent = (payload: string, signature: string) => Promise<unknown>;

/** The signing secret of the built-in checkout's events: derived from the app's secret, the same on every instance. */
export function localWebhookSecret(appSecret: string): string {
  return `whsec_${createHmac("sha256", appSecret).update("built-in checkout webhooks").digest("base64url")}`;
}

// Letters and digits only, as in Stripe's ids.
const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString("hex")}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** Where a paid session sends its buyer, as Stripe fills in `{CHECKOUT_SESSION_ID}`. */
const successUrlOf = (row: LocalCheckoutSession) => row.successUrl.replace("{CHECKOUT_SESSION_ID}", row.id);

/** The session as Stripe's API shows a Checkout Session: the same fields the webhook and the success page read. */
function asStripeSession(row: LocalCheckoutSession, siteUrl: string): Stripe.Checkout.Session {
  return {
    id: row.id,
    object: "checkout.session",
    mode: "payment",
    status: row.status,
    payment_status: row.paymentStatus,
    amount_subtotal: row.amountSubtotal,
    amount_total: row.amountTotal,
    currency: row.currency,
    customer_email: row.customerEmail,
    customer_details: row.customerEmail ? { email: row.customerEmail, name: null, individual_name: row.customerName } : null,
    client_reference_id: row.clientReferenceId,
    metadata: row.metadata,
    payment_intent: row.paymentIntentId,
    payment_method_types: row.paymentMethodTypes,
    total_details: { amount_discount: row.amountDiscount, amount_shipping: 0, amount_tax: 0 },
    expires_at: unix(row.expiresAt),
    created: unix(row.createdAt),
    livemode: false,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    url: row.status === "open" ? `${siteUrl}/dev/checkout/${row.id}` : null,
  } as unknown as Stripe.Checkout.Session;
}

function asStripeCharge(row: LocalCheckoutSession): Stripe.Charge {
  return {
    id: `ch_${row.paymentIntentId}`,
    object: "charge",
    amount: row.amountTotal,
    amount_refunded: row.amountRefunded,
    refunded: row.amountRefunded >= row.amountTotal,
    currency: row.currency,
    payment_intent: row.paymentIntentId,
    receipt_url: null,
    livemode: false,
  } as unknown as Stripe.Charge;
}

/** What a new session is given; the rest are the table's defaults. */
const NEW_SESSION_FIELDS = [
  "id",
  "idempotencyKey",
  "priceId",
  "productName",
  "productDescription",
  "amountSubtotal",
  "amountDiscount",
  "amountTotal",
  "currency",
  "discountName",
  "customerEmail",
  "clientReferenceId",
  "metadata",
  "paymentMethodTypes",
  "successUrl",
  "cancelUrl",
  "expiresAt",
] as const satisfies readonly (keyof typeof localCheckoutSessions.$inferInsert)[];
type NewSessionField = (typeof NEW_SESSION_FIELDS)[number];

/** Opening a session (every checkout does), built once per database: each field a placeholder of its own name. */
const insertSession = preparedStatement("local_checkout_insert_session", (db, name) =>
  db
    .insert(localCheckoutSessions)
    .values(Object.fromEntries(NEW_SESSION_FIELDS.map((field) => [field, sql.placeholder(field)])) as Record<NewSessionField, Placeholder>)
    .onConflictDoNothing({ target: localCheckoutSessions.idempotencyKey })
    .returning({ id: localCheckoutSessions.id })
    .prepare(name),
);

export interface LocalCheckout extends PaymentProvider {
  readonly kind: "local";
  /** A session as its page shows it; null when there is none. */
  session(id: string): Promise<LocalCheckoutSession | null>;
  /**
   * The buyer pays: the session completes and its event goes to the webhook. Answers where the buyer goes next.
   * A guest gives their email and name here (the page requires both); a signed-in buyer's session has them already.
   */
  pay(id: string, payment: { method: LocalPaymentMethod; email: string | null; name?: string | null }): Promise<{ redirectTo: string }>;
  /** The buyer leaves without paying: the session ends at once (its place is released) and they go to the cancel page. */
  cancel(id: string): Promise<{ redirectTo: string }>;
  /** Settles delayed bank payments and expires overdue sessions, sending their events, and forgets old events; the runtime calls it every second. */
  tick(now?: Date): Promise<void>;
}

/**
 * The built-in checkout of the embedded demo (design.md 3): a hosted checkout
 * page served by the app at /dev/checkout/:id, which completes or cancels the
 * session and delivers signed `checkout.session.*` and `charge.refunded`
 * events to the webhook receiver Stripe's events reach, verified the same way.
 */
export function createLocalCheckout({
  db,
  siteUrl,
  webhookSecret,
  deliver,
}: {
  db: Database;
  siteUrl: string;
  webhookSecret: string;
  deliver: DeliverEvent;
}): LocalCheckout {
  /**
   * Keeps an event in the same transaction as the change it tells of, so it
   * is sent even if this instance dies before sending it: the first attempt
   * has until `next_attempt_at` before any instance's clock may send it again.
   */
  async function keep(tx: Transaction, type: string, object: Stripe.Checkout.Session | Stripe.Charge, now = new Date()): Promise<KeptEvent> {
    const event = {
      id: randomId("evt_local"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: unix(now),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const [kept] = await tx
      .insert(localCheckoutEvents)
      .values({ id: event.id, type, payload: JSON.stringify(event), nextAttemptAt: new Date(now.getTime() + EVENT_DELIVERY_LEASE_MS), createdAt: now })
      .returning();
    return kept;
  }

  /** One attempt to hand an event to the webhook; a failure is logged and the event sent again later. Never throws. */
  async function send(event: KeptEvent, now = new Date()) {
    // Signed at each attempt: a signature's timestamp is accepted for five minutes only.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: webhookSecret });
    try {
      await deliver(event.payload, signature);
      await db.update(localCheckoutEvents).set({ deliveredAt: new Date(), nextAttemptAt: null }).where(eq(localCheckoutEvents.id, event.id));
    } catch (error) {
      // As with Stripe, a failed delivery does not undo the payment: the success page fulfils it too, and the event is sent again.
      const attempts = event.attempts + 1;
      const retryAt = new Date(now.getTime() + eventRetryDelayMs(attempts));
      const givingUp = retryAt.getTime() > event.createdAt.getTime() + EVENT_RETRIES_FOR_MS;
      log.error(`Built-in checkout: delivering ${event.type} failed${givingUp ? ", for the last time" : ""}`, error, { eventId: event.id, attempts });
      await db
        .update(localCheckoutEvents)
        .set({ attempts, lastError: describeError(error), nextAttemptAt: givingUp ? null : retryAt })
        .where(eq(localCheckoutEvents.id, event.id))
        .catch((failure: unknown) => log.error(`Built-in checkout: recording the failed delivery of ${event.id} failed`, failure));
    }
  }

  /** Claims the events due again (SKIP LOCKED, so two instances never send one at once) and sends each. */
  async function sendDueEvents(now: Date) {
    const due = db
      .select({ id: localCheckoutEvents.id })
      .from(localCheckoutEvents)
      .where(and(isNotNull(localCheckoutEvents.nextAttemptAt), lte(localCheckoutEvents.nextAttemptAt, now)))
      .orderBy(asc(localCheckoutEvents.nextAttemptAt))
      .limit(EVENTS_PER_TICK)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(localCheckoutEvents)
      .set({ nextAttemptAt: new Date(now.getTime() + EVENT_DELIVERY_LEASE_MS) })
      .where(inArray(localCheckoutEvents.id, due))
      .returning();
    for (const event of claimed) await send(event, now);
  }

  let prunedAt = Number.NEGATIVE_INFINITY;
  /** Deletes the events delivered, or given up on, more than EVENTS_KEPT_FOR_MS ago. */
  async function pruneOldEvents(now: Date) {
    if (now.getTime() - prunedAt < EVENTS_PRUNED_EVERY_MS) return;
    prunedAt = now.getTime();
    await db
      .delete(localCheckoutEvents)
      .where(and(isNull(localCheckoutEvents.nextAttemptAt), lt(localCheckoutEvents.createdAt, new Date(now.getTime() - EVENTS_KEPT_FOR_MS))));
  }

  type Tell = (type: string, object: Stripe.Checkout.Session | Stripe.Charge) => Promise<void>;

  /** Makes a change and keeps the events that tell of it, in one transaction; then sends them. */
  async function withEvents<T>(change: (tx: Transaction, tell: Tell) => Promise<T>, now?: Date): Promise<T> {
    const kept: KeptEvent[] = [];
    const result = await db.transaction((tx) =>
      change(tx, async (type, object) => {
        kept.push(await keep(tx, type, object, now));
      }),
    );
    for (const event of kept) await send(event, now);
    return result;
  }

  async function find(id: string) {
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id));
    return row ?? null;
  }

  async function expire(id: string) {
    const row = await withEvents(async (tx, tell) => {
      const [expired] = await tx
        .update(localCheckoutSessions)
        .set({ status: "expired" })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, "open")))
        .returning();
      if (expired) await tell("checkout.session.expired", asStripeSession(expired, siteUrl));
      return expired;
    });
    return row ?? (await find(id));
  }

  return {
    kind: "local",

    // The built-in checkout charges what the edition says: its prices are the offerings table.
    confirmPrice: () => Promise.resolve(true),

    async createCheckoutSession(request) {
      const idempotencyKey = `checkout-${request.holdId}`;
      const [created] = await insertSession(db).execute({
        id: randomId("cs_local"),
        idempotencyKey,
        priceId: request.priceId,
        productName: request.productName,
        productDescription: request.productDescription,
        amountSubtotal: request.amountSubtotal,
        amountDiscount: request.amountDiscount,
        amountTotal: request.amountTotal,
        currency: request.currency,
        discountName: request.discount?.name ?? null,
        customerEmail: request.customerEmail,
        clientReferenceId: request.clientReferenceId,
        metadata: sessionMetadata(request),
        paymentMethodTypes: request.paymentMethodTypes,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
      } satisfies Record<NewSessionField, unknown>);
      // A repeated request with the same key gets the session the first one made, as Stripe's idempotency does.
      const [row] = created
        ? [created]
        : await db.select({ id: localCheckoutSessions.id }).from(localCheckoutSessions).where(eq(localCheckoutSessions.idempotencyKey, idempotencyKey));
      return { id: row.id, url: `${siteUrl}/dev/checkout/${row.id}` };
    },

    async retrieveCheckoutSession(id) {
      const row = await find(id);
      return row ? checkoutSessionView(asStripeSession(row, siteUrl)) : null;
    },

    async expireCheckoutSession(id) {
      await expire(id);
    },

    // Its receipt is the printable page under /account that the booking domain links to.
    async paymentState(paymentIntentId) {
      const [row] = await db
        .select({ amountRefunded: localCheckoutSessions.amountRefunded })
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.paymentIntentId, paymentIntentId));
      return { receiptUrl: null, amountRefunded: row?.amountRefunded ?? 0 };
    },

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      await withEvents(async (tx, tell) => {
        const [row] = await tx.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.paymentIntentId, paymentIntentId)).for("update");
        if (!row) throw new NotFoundError(`No payment ${paymentIntentId} was made at the built-in checkout.`);
        // As Stripe does: a key asked again with the same amount is the same refund, made once; with another, a refusal.
        const asked = `${idempotencyKey}:${amount ?? "rest"}`;
        const earlier = row.refundKeys.find((key) => key === asked || key === idempotencyKey || key.startsWith(`${idempotencyKey}:`));
        if (earlier === asked || earlier === idempotencyKey) return;
        if (earlier) throw new RefundKeyConflictError(`Refund key ${idempotencyKey} was used before with another amount.`);
        const amountRefunded = Math.min(row.amountTotal, row.amountRefunded + (amount ?? row.amountTotal - row.amountRefunded));
        const [updated] = await tx
          .update(localCheckoutSessions)
          .set({ amountRefunded, refundKeys: [...row.refundKeys, asked] })
          .where(eq(localCheckoutSessions.id, row.id))
          .returning();
        await tell("charge.refunded", asStripeCharge(updated));
      });
    },

    verifyEvent(rawBody, signature) {
      return Stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
    },

    session: find,

    async pay(id, { method, email, name = null }) {
      const row = await find(id);
      if (!row) throw new NotFoundError("There is no such checkout.");
      // Paid already (a double submit, or Back then Pay): back to its confirmation, as Stripe's page does, never "book again".
      if (row.status === "complete") return { redirectTo: successUrlOf(row) };
      if (row.status !== "open" || row.expiresAt <= new Date()) throw new InvalidInputError("This checkout has expired. Please start your booking again.");
      if (method === "klarna" && !row.paymentMethodTypes.includes("klarna")) throw new InvalidInputError("Klarna is not offered for this amount.");
      const customerEmail = row.customerEmail ?? email;
      if (!customerEmail) throw new InvalidInputError("Please enter your email address.");
      // Asked of a guest only, as Stripe's name collection is: a signed-in buyer's session knows their email and account.
      const customerName = row.customerEmail ? null : name;
      const settles = method === "bank_transfer";
      const paid = await withEvents(async (tx, tell) => {
        const [completed] = await tx
          .update(localCheckoutSessions)
          .set({
            status: "complete",
            paymentStatus: settles ? "unpaid" : "paid",
            paymentMethod: method,
            customerEmail,
            customerName,
            paymentIntentId: randomId("pi_local"),
            settlesAt: settles ? new Date(Date.now() + BANK_PAYMENT_SETTLES_AFTER_MS) : null,
          })
          // Only an open session can be paid, once: a second click finds it complete.
          .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, "open")))
          .returning();
        if (completed) await tell("checkout.session.completed", asStripeSession(completed, siteUrl));
        return completed;
      });
      if (paid) return { redirectTo: successUrlOf(paid) };
      // Another click paid it a moment ago; one that expired it meanwhile leaves nothing to confirm.
      const settled = await find(id);
      if (settled?.status === "complete") return { redirectTo: successUrlOf(settled) };
      throw new InvalidInputError("This checkout has expired. Please start your booking again.");
    },

    async cancel(id) {
      const row = await expire(id);
      if (!row) throw new NotFoundError("There is no such checkout.");
      return { redirectTo: row.cancelUrl };
    },

    async tick(now = new Date()) {
      // One transaction a tick: bank payments that have settled, and sessions that have expired.
      await withEvents(async (tx, tell) => {
        const settled = await tx
          .update(localCheckoutSessions)
          .set({ paymentStatus: "paid", settlesAt: null })
          .where(
            and(eq(localCheckoutSessions.paymentStatus, "unpaid"), eq(localCheckoutSessions.status, "complete"), lte(localCheckoutSessions.settlesAt, now)),
          )
          .returning();
        for (const row of settled) await tell("checkout.session.async_payment_succeeded", asStripeSession(row, siteUrl));
        const expired = await tx
          .update(localCheckoutSessions)
          .set({ status: "expired" })
          .where(and(eq(localCheckoutSessions.status, "open"), lte(localCheckoutSessions.expiresAt, now)))
          .returning();
        for (const row of expired) await tell("checkout.session.expired", asStripeSession(row, siteUrl));
      }, now);
      await sendDueEvents(now);
      await pruneOldEvents(now);
    },
  };
}

/** Runs the built-in checkout's clock every second (one tick at a time) until stopped. */
export function startCheckoutClock(checkout: LocalCheckout, everyMs = 1_000): { stop(): Promise<void> } {
  return repeatEvery("Built-in checkout clock", everyMs, () => checkout.tick());
}
