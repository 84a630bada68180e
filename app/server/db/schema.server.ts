import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/*
 * Accounts. The four core tables of Better Auth, written by hand from its
 * documented core schema (its CLI needs Node 22). Field names are what Better
 * Auth's Drizzle adapter expects; the columns are snake_case like the rest.
 */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  /** Ticked the sign-up marketing box: eligible for the first-course discount once verified. */
  signupMarketingConsent: boolean("signup_marketing_consent").notNull().default(false),
  giiSignupDiscountClaimed: boolean("gii_signup_discount_claimed").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

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
  emailPreferences: jsonb("email_preferences")
    .$type<{ eventNotifications: boolean }>()
    .notNull()
    .default({ eventNotifications: false }),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Spec 3, Course. A row is one dated edition of an offering; editions of one
 * offering share its slug, and the newest row per title serves as the template
 * that staff schedule new dates from.
 */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    duration: text("duration"),
    location: text("location"),
    imageUrl: text("image_url"),
    slug: text("slug").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    stripePriceId: text("stripe_price_id"),
    priceAmount: integer("price_amount"),
    priceCurrency: text("price_currency").notNull().default("gbp"),
    /** Places for one edition: small groups. */
    capacity: integer("capacity").notNull().default(10),
    createdAt: createdAt(),
  },
  (table) => [
    index("courses_active_start_idx").on(table.isActive, table.startDate),
    index("courses_slug_idx").on(table.slug),
    check("courses_price_id_prefix", sql`${table.stripePriceId} IS NULL OR ${table.stripePriceId} LIKE 'price\\_%'`),
    check("courses_capacity_positive", sql`${table.capacity} > 0`),
    check("courses_dates_ordered", sql`${table.endDate} IS NULL OR ${table.startDate} IS NULL OR ${table.endDate} >= ${table.startDate}`),
  ],
);

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
    status: text("status").notNull(),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }).notNull().defaultNow(),
    receiptUrl: text("receipt_url"),
    amountSubtotal: integer("amount_subtotal").notNull(),
    amountDiscount: integer("amount_discount").notNull().default(0),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    stripeSessionId: text("stripe_session_id").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("purchases_stripe_session_id_key").on(table.stripeSessionId),
    index("purchases_user_date_idx").on(table.userId, table.purchaseDate),
    index("purchases_course_idx").on(table.courseId),
    index("purchases_customer_email_idx").on(table.customerEmail),
  ],
);

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
 * Double opt-in: confirmed_at is set by the link in the confirmation email;
 * unsubscribe_token backs the one-click unsubscribe link in every marketing email.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull().default("website"),
    confirmationToken: text("confirmation_token").notNull(),
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

/** Spec 3, interest registration: the courses are titles from the spec's option list. */
export const interestRegistrations = pgTable(
  "interest_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    interestedCourses: text("interested_courses").array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("interest_registrations_email_idx").on(table.email)],
);

/** Spec 3, contact message: kept for the admin inbox as well as emailed to staff. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text content (calendar invites are text). */
  content: string;
}

/**
 * design.md 6: every email is written here in the same transaction as the
 * change that causes it; the worker delivers it with retries and back-off.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_to_idx").on(table.toAddress),
  ],
);

/** Fixed-window counters shared by every instance: forms and other abuse-prone calls. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/** Better Auth's rate-limit counters on its HTTP endpoints, shared by every instance. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
