import { publicLocation, publicReferrer, redactPath } from "~/lib/page-location";
import type { PageView } from "~/lib/schemas/page-view";
import type { Database } from "~/server/db/client.server";
import { pageViews } from "~/server/db/schema.server";
import { consumeRateLimit, FORM_WINDOW_MS } from "~/server/platform/rate-limit.server";

export const OTHER_ORIGIN_MESSAGE = "Only pages of this site are counted.";

export type PageViewOutcome = "recorded" | "other-origin" | "rate-limited";

/**
 * Stores one page view: where and what, never who (no IP, no cookie, no
 * identifier), and never a secret: only the public form of the location and
 * referrer (redacted path, utm_* and view parameters, another site's origin).
 * A location off the site is refused; a visitor's views past `limit` in 10 minutes are not stored.
 */
export async function recordPageView(
  db: Database,
  view: PageView,
  { siteOrigins, clientIp, limit }: { siteOrigins: readonly string[]; clientIp: string; limit: number },
): Promise<PageViewOutcome> {
  const location = publicLocation(view.location, siteOrigins);
  if (location === null) return "other-origin";
  const allowed = await consumeRateLimit(db, `page-view:${clientIp}`, { limit, windowMs: FORM_WINDOW_MS });
  if (!allowed) return "rate-limited";
  await db.insert(pageViews).values({
    location,
    path: redactPath(new URL(view.location).pathname),
    title: view.title,
    referrer: view.referrer ? publicReferrer(view.referrer, siteOrigins) : null,
  });
  return "recorded";
}
