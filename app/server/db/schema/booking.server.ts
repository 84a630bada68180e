import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { DISCOUNT_KINDS } from "~/lib/discounts";

import { users } from "./auth.server";
import { courses } from "./catalogue.server";
import { createdAt, updatedAt } from "./columns.server";

/**
 * The life of a hold: `opening` while its checkout session is being made,
 * `open` while the buyer is on the checkout page (until `expires_at`),
 * `awaiting_payment` once they chose a payment that settles later (it holds
 * the place until the payment succeeds or fails), then `converted` into a
 * purchase or `released`.
 */
export const HOLD_STATUSES = ["opening", "open", "awaiting_payment", "converted", "released"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const PAYMENT_PROVIDERS = ["stripe", "local"] as const;

/**
 * A place held on an edition for one checkout, taken under the edition's row
 * lock so that places are never sold twice. It records what the buyer was
 * offered: the amounts and the discount worked out on the server.
 */
export const seatHolds = pgTable(
  "seat_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // An edition can be deleted only with no live hold; its holds go with it, once their checkouts are settled (settleCheckoutsBeforeDeleting).
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Known at once for a signed-in buyer; a guest gives it on the checkout page. */
    customerEmail: text("customer_email"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    checkoutSessionId: text("checkout_session_id"),
    checkoutUrl: text("checkout_url"),
    status: text("status", { enum: HOLD_STATUSES }).notNull().default("opening"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    amountSubtotal: integer("amount_subtotal").notNull(),
    amountDiscount: integer("amount_discount").notNull().default(0),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    discountKind: text("discount_kind", { enum: DISCOUNT_KINDS }),
    /** Where the checkout was started from: one address may hold only so many places at once. */
    clientAddress: text("client_address"),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("seat_holds_checkout_session_key").on(table.checkoutSessionId),
    index("seat_holds_course_status_idx").on(table.courseId, table.status, table.expiresAt),
    index("seat_holds_user_idx").on(table.userId),
    index("seat_holds_client_address_idx").on(table.clientAddress, table.status, table.expiresAt),
    check("seat_holds_status_known", sql.raw(`status IN (${HOLD_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check(
      "seat_holds_amounts",
      sql`${table.amountTotal} >= 0 AND ${table.amountDiscount} >= 0 AND ${table.amountTotal} = ${table.amountSubtotal} - ${table.amountDiscount}`,
    ),
  ],
);

/**
 * Every payment event handled, by the provider's event id: delivery is at
 * least once and in any order, so a repeat is acknowledged and ignored.
 */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
