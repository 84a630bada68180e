import { sql } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";

/**
 * The tables a visitor's request can add to, and the bookkeeping tables that
 * count requests rather than hold anything of theirs (rate-limit counters).
 */
const DATA_TABLES = [
  "users",
  "accounts",
  "sessions",
  "verifications",
  "pending_sign_ups",
  "profiles",
  "courses",
  "user_course_purchases",
  "page_views",
  "newsletter_subscribers",
  "interest_registrations",
  "contact_messages",
  "email_outbox",
  "offerings",
  "seat_holds",
  "payment_events",
  "local_checkout_sessions",
  "admin_audit_log",
  "edition_announcements",
] as const;

const COUNT_ALL = sql.raw(`select ${DATA_TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(", ")}`);

/** Row counts of every data table, in one query, to show a refused request wrote nothing. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  // The result's shape depends on the driver; both have `rows`.
  const result: unknown = await db.execute(COUNT_ALL);
  const [counts] = (result as { rows: Record<string, number | string>[] }).rows;
  return Object.fromEntries(DATA_TABLES.map((table) => [table, Number(counts[table])]));
}
