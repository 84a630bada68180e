import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
