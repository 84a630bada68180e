import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { createdAt } from "./columns.server";

/**
 * The built-in checkout's own record of each session it hosts (design.md 3):
 * what Stripe keeps on its side for a hosted Checkout Session. Only the
 * built-in provider reads or writes it.
 */
export const localCheckoutSessions = pgTable(
  "local_checkout_sessions",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: ["open", "complete", "expired"] })
      .notNull()
      .default("open"),
    paymentStatus: text("payment_status", { enum: ["unpaid", "paid", "no_payment_required"] })
      .notNull()
      .default("unpaid"),
    priceId: text("price_id").notNull(),
    /** The line item as the page shows it: the course and its dates. */
    productName: text("product_name").notNull(),
    productDescription: text("product_description"),
    amountSubtotal: integer("amount_subtotal").notNull(),
    amountDiscount: integer("amount_discount").notNull().default(0),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    discountName: text("discount_name"),
    customerEmail: text("customer_email"),
    /** Asked of a guest, as Stripe's page asks it with name collection on. */
    customerName: text("customer_name"),
    clientReferenceId: text("client_reference_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    paymentMethodTypes: jsonb("payment_method_types").$type<string[]>().notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** How the buyer paid: card, klarna, or a bank payment that settles later. */
    paymentMethod: text("payment_method"),
    paymentIntentId: text("payment_intent_id"),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    /** The idempotency keys of the refunds made, so a repeated one is not paid twice. */
    refundKeys: jsonb("refund_keys").$type<string[]>().notNull().default([]),
    /** A bank payment's settling time; the built-in checkout's clock settles it then. */
    settlesAt: timestamp("settles_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("local_checkout_sessions_idempotency_key").on(table.idempotencyKey),
    uniqueIndex("local_checkout_sessions_payment_intent_key").on(table.paymentIntentId),
  ],
);

/**
 * The built-in checkout's events, kept until the webhook has taken them, as
 * Stripe keeps its own: an event whose delivery failed, or whose instance died
 * before sending it, is sent again by any instance's checkout clock, with
 * back-off, for up to three days.
 */
export const localCheckoutEvents = pgTable(
  "local_checkout_events",
  {
    /** The event's id (`evt_local_…`), which the webhook records so that a repeat changes nothing. */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event as it is posted; each attempt signs it afresh, as a signature is good for five minutes. */
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When it is next sent; null once delivered or given up. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    index("local_checkout_events_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} IS NOT NULL`),
  ],
);
