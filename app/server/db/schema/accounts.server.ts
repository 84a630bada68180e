import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { DISCOUNT_KINDS } from "~/lib/discounts";
import { PURCHASE_STATUSES } from "~/lib/purchases";

import { users } from "./auth.server";
import { seatHolds } from "./booking.server";
import { courses } from "./catalogue.server";
import { createdAt, updatedAt } from "./columns.server";

/** Spec 3, Profile: keyed by the user id. */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  mobileCountryCode: text("mobile_country_code"),
  mobileNumber: text("mobile_number"),
  emailAddress: text("email_address"),
  countryOfResidence: text("country_of_residence"),
  instagramProfile: text("instagram_profile"),
  emailPreferences: jsonb("email_preferences").$type<{ eventNotifications: boolean }>().notNull().default({ eventNotifications: false }),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A payment refunded as it arrived: its place had gone meanwhile, or its buyer had booked the same dates already. */
const ARRIVAL_REFUND_REASONS = ["place-taken", "already-booked"] as const;

/**
 * Spec 3, Course purchase. A guest purchase has no user yet and is claimed by
 * the account whose verified email equals customer_email.
 */
export const userCoursePurchases = pgTable(
  "user_course_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    customerEmail: text("customer_email").notNull(),
    /** The name a guest gave at the checkout, so staff know who booked before any account claims it. */
    customerName: text("customer_name"),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull(),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }).notNull().defaultNow(),
    receiptUrl: text("receipt_url"),
    amountSubtotal: integer("amount_subtotal").notNull(),
    amountDiscount: integer("amount_discount").notNull().default(0),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    /** The checkout session that paid for it (Stripe's, or the built-in checkout's). */
    stripeSessionId: text("stripe_session_id").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The place it took: the hold its checkout converted. */
    holdId: uuid("hold_id").references(() => seatHolds.id, { onDelete: "set null" }),
    discountKind: text("discount_kind", { enum: DISCOUNT_KINDS }),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /**
     * Set, with the purchase, when a late payment is to be refunded; cleared once the provider has
     * been asked and the emails queued. A crash in between leaves it set, and the refund sweep finishes it.
     */
    lateRefundDueAt: timestamp("late_refund_due_at", { withTimezone: true }),
    /** Why a payment was refunded on arrival, as the buyer, staff and the success page are told it; null for any other purchase. */
    arrivalRefundReason: text("arrival_refund_reason", { enum: ARRIVAL_REFUND_REASONS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("purchases_stripe_session_id_key").on(table.stripeSessionId),
    check("purchases_status_known", sql.raw(`status IN (${PURCHASE_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check("purchases_arrival_refund_reason_known", sql.raw(`arrival_refund_reason IN (${ARRIVAL_REFUND_REASONS.map((reason) => `'${reason}'`).join(", ")})`)),
    index("purchases_user_date_idx").on(table.userId, table.purchaseDate),
    index("purchases_course_idx").on(table.courseId),
    index("purchases_customer_email_idx").on(table.customerEmail),
    index("purchases_payment_intent_idx").on(table.stripePaymentIntentId),
    uniqueIndex("purchases_hold_key").on(table.holdId),
    // The refund sweep reads only the rare purchases still due a refund, every minute on every instance.
    index("purchases_late_refund_due_idx")
      .on(table.lateRefundDueAt)
      .where(sql`${table.lateRefundDueAt} IS NOT NULL`),
  ],
);
