/*
 * The database schema, one file per domain under schema/. Everything is
 * exported from here: Drizzle's client, drizzle-kit and the code read it whole.
 */
export * from "./schema/accounts.server";
export * from "./schema/admin.server";
export * from "./schema/auth.server";
export * from "./schema/booking.server";
export * from "./schema/catalogue.server";
export * from "./schema/email.server";
export * from "./schema/marketing.server";
export * from "./schema/payments.server";
export * from "./schema/platform.server";
