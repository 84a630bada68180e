import { sql } from "drizzle-orm";
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { createdAt, updatedAt } from "./columns.server";

/** First-party, cookieless analytics: no IP address, no identifier. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    location: text("location").notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    referrer: text("referrer"),
    createdAt: createdAt(),
  },
  (table) => [index("page_views_created_at_idx").on(table.createdAt)],
);

/**
 * Newsletter: one row per lower-cased email (subscribing twice is a success).
 * Double opt-in: confirmed_at is set by the link in the confirmation email,
 * which works once (its token is cleared); confirmation_sent_at spaces out
 * repeat confirmation emails. unsubscribe_token backs the one-click
 * unsubscribe link in every marketing email.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull().default("website"),
    confirmationToken: text("confirmation_token"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_key").on(table.email),
    uniqueIndex("newsletter_subscribers_confirmation_token_key").on(table.confirmationToken),
    uniqueIndex("newsletter_subscribers_unsubscribe_token_key").on(table.unsubscribeToken),
  ],
);

/**
 * Spec 3, interest registration: the courses chosen, stored as offering keys.
 * New-date emails go only to a confirmed registration (design.md 5, "and
 * consented"): confirmed_at is set by the link in the email sent to the address,
 * which works once; confirmation_sent_at spaces those emails out per address.
 * Its unsubscribe token backs the one-click link in new-date announcements.
 */
export const interestRegistrations = pgTable(
  "interest_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The offerings chosen, by key (the form names them by title). */
    offeringKeys: text("offering_keys").array().notNull(),
    unsubscribeToken: text("unsubscribe_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    confirmationToken: text("confirmation_token"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("interest_registrations_email_idx").on(table.email),
    uniqueIndex("interest_registrations_unsubscribe_token_key").on(table.unsubscribeToken),
    uniqueIndex("interest_registrations_confirmation_token_key").on(table.confirmationToken),
  ],
);

/** Spec 3, contact message: kept for the admin inbox (read once an admin marks it) as well as emailed to staff. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);
