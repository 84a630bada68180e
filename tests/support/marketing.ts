import { count, eq } from "drizzle-orm";

import type { Database } from "~/server/db/client.server";
import { newsletterSubscribers, pageViews } from "~/server/db/schema.server";

/** The address may receive marketing email: confirmed and not unsubscribed. */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return Boolean(row?.confirmedAt && !row.unsubscribedAt);
}

export async function countPageViews(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(pageViews);
  return row?.value ?? 0;
}
