import { eventTitle } from "~/lib/schedule";
import { editionsCalendar } from "~/server/catalogue/calendar.server";
import { scheduledEditions } from "~/server/catalogue/editions.server";
import { slugsByKey } from "~/server/catalogue/offerings.server";
import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/upcoming-events[.]ics";

export const middleware = [publicRoute()];

/**
 * The schedule as an iCalendar feed: one all-day event per edition the
 * schedule page shows, linked to its course page as the schedule's list is.
 * A course running or held stays in it, as on the page: a subscribed calendar
 * deletes whatever leaves the feed. The server's cache policy marks it public like the pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = appServices(context);
  const [editions, slugs] = await Promise.all([scheduledEditions(database.db), slugsByKey(database.db)]);
  const calendar = editionsCalendar(
    editions.map((edition) => ({
      id: edition.id,
      title: eventTitle(edition.title),
      startDate: edition.startDate,
      endDate: edition.endDate,
      location: edition.location,
      description: edition.description,
      url: `${env.siteUrl}/courses/${slugs[edition.offeringKey] ?? ""}`,
    })),
    env.siteUrl,
    "Global Implant Institute courses",
  );
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="global-implant-institute-courses.ics"',
    },
  });
}
