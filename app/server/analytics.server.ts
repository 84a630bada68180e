import { count } from "drizzle-orm";
import type { PageView } from "~/lib/schemas/page-view";
import type { Database } from "./db/client.server";
import { pageViews } from "./db/schema.server";

/** Stores one page view: where and what, never who (no IP, no cookie, no identifier). */
export async function recordPageView(db: Database, view: PageView) {
  const url = new URL(view.location);
  await db.insert(pageViews).values({
    location: view.location,
    path: url.pathname,
    title: view.title,
    referrer: view.referrer ? view.referrer.slice(0, 2048) : null,
  });
}

export async function countPageViews(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(pageViews);
  return row?.value ?? 0;
}
