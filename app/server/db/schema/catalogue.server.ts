import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";

import { createdAt, updatedAt } from "./columns.server";

/**
 * What the institute sells: one row per course it teaches, the only source
 * of its price and of the facts editions are scheduled from. The copy shown
 * about it (description, inclusions, objectives, media) is in app/content,
 * keyed by `key`.
 */
export const offerings = pgTable(
  "offerings",
  {
    key: text("key").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** How long and how it is taught, as an edition's duration shows it: "4 days". */
    format: text("format").notNull(),
    location: text("location").notNull(),
    lengthDays: integer("length_days").notNull(),
    defaultCapacity: integer("default_capacity").notNull(),
    /** Minor units (pence). */
    priceAmount: integer("price_amount").notNull(),
    priceCurrency: text("price_currency").notNull().default("gbp"),
    /** Unset while bookings are not open ('Details Coming Soon'). */
    stripePriceId: text("stripe_price_id"),
    /** Order in lists such as the interest form's options. */
    position: integer("position").notNull().default(0),
    /** Shown to visitors; false only for the administrators' £1 test product. */
    listed: boolean("listed").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("offerings_price_id_prefix", sql`${table.stripePriceId} IS NULL OR ${table.stripePriceId} LIKE 'price\\_%'`),
    check("offerings_price_not_negative", sql`${table.priceAmount} >= 0`),
    check("offerings_length_positive", sql`${table.lengthDays} > 0`),
    check("offerings_capacity_positive", sql`${table.defaultCapacity} > 0`),
  ],
);

/**
 * Spec 3, Course: one dated edition of an offering. Its title, duration,
 * location, price, capacity and price id are copied from the offering when it
 * is scheduled, so a later change to the offering leaves a sold edition as sold.
 */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringKey: text("offering_key")
      .notNull()
      .references(() => offerings.key, { onDelete: "restrict", onUpdate: "cascade" }),
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
    index("courses_offering_start_idx").on(table.offeringKey, table.startDate),
    check("courses_price_id_prefix", sql`${table.stripePriceId} IS NULL OR ${table.stripePriceId} LIKE 'price\\_%'`),
    check("courses_capacity_positive", sql`${table.capacity} > 0`),
    check("courses_dates_ordered", sql`${table.endDate} IS NULL OR ${table.startDate} IS NULL OR ${table.endDate} >= ${table.startDate}`),
  ],
);
