import { CalendarDays, CalendarPlus, MapPin } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";

import calendarStylesheet from "~/components/schedule/schedule-calendar.css?url";
import { hydrateOnVisible } from "~/components/ui/hydrate-on-visible";
import { PageHeading } from "~/components/ui/page-heading";
import { firstPageHydrated } from "~/components/ui/static-html";
import { calendarPlaceOf } from "~/lib/calendar-place";
import { cn } from "~/lib/cn";
import { formatDateRange, placesLeftLabel, placesLeftTone } from "~/lib/format";
import { courseDetailsPath, eventTitle } from "~/lib/schedule";
import { seo } from "~/lib/seo";
import { scheduledEditions, todayIsoDate } from "~/server/catalogue/editions.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { appServices, recordFailedRead } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/upcoming-events";

export const middleware = [publicRoute()];

const SCHEDULE_INTRO = "Dates for our courses in Dubai and London. Choose a course for its details and to book your place.";

/**
 * Spec 7: the active editions (title, dates, location), each linked to its course page, those running or held
 * already too, for the calendar; places left for those still for sale; and the server's day, which the calendar opens on.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db } = appServices(args.context).database;
  const user = await currentUser(args);
  try {
    const editions = await scheduledEditions(db, { viewerId: user?.id ?? null });
    return {
      error: null,
      today: todayIsoDate(),
      editions: editions.map((edition) => ({
        id: edition.id,
        title: eventTitle(edition.title),
        description: edition.description,
        slug: edition.slug,
        startDate: edition.startDate,
        endDate: edition.endDate,
        location: edition.location,
        upcoming: edition.upcoming,
        placesLeft: edition.upcoming && edition.bookable ? edition.placesLeft : null,
        placesAtCheckout: edition.placesAtCheckout,
        // Spec 2's rule, as the calendar's event details link: the list leads where they do.
        path: courseDetailsPath(edition.title || ""),
      })),
    };
  } catch (error) {
    log.error("Reading the schedule failed", error);
    recordFailedRead(args.context);
    return { error: "An unknown error occurred.", today: todayIsoDate(), editions: [] };
  }
}

const loadCalendar = () => import("~/components/schedule/schedule-calendar").then((module) => module.default);

/**
 * The calendar as the server draws it, which serves until the visitor points
 * at, touches or focuses it: only then does its code (react-big-calendar, the
 * largest on any public page) load and hydrate it, so a visit that only reads
 * the schedule never runs it. Reached by a navigation in the browser, it loads at once.
 */
const ScheduleCalendar = hydrateOnVisible(import.meta.env.SSR ? await loadCalendar() : undefined, loadCalendar, {
  loadWhen: "used",
  loading: (
    // The calendar's card: 700 px of calendar, its padding (p-3, sm:p-5) and border, so nothing moves when it arrives.
    <p className="flex h-[726px] items-center justify-center rounded-2xl border border-navy/10 bg-white text-ink/70 sm:h-[742px]">Loading schedule...</p>
  ),
});

/** A day as the loader gives it (yyyy-MM-dd), on the browser's clock. */
function localIsoDate(date: Date): string {
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}
const subscribeToNothing = () => () => undefined;

/**
 * Today as the visitor's calendar should show it: the server's day while the
 * page hydrates, then the visitor's own. Where the two differ (another time
 * zone, near midnight), the calendar's new day reaches it as it waits for its
 * code, which then loads at once and draws the visitor's day.
 */
function useVisitorDay(serverDay: string): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => localIsoDate(new Date()),
    () => serverDay,
  );
}

/** The calendar's stylesheet: inline in the server's page, which shows the calendar at once; a link after a navigation in the browser. */
const calendarCss = import.meta.env.SSR ? (await import("~/components/schedule/schedule-calendar.css?inline")).default : undefined;

function CalendarStylesheet() {
  const [inline] = useState(() => import.meta.env.SSR || !firstPageHydrated());
  // Its own precedence: the site's stylesheet, which server/critical-css.ts cuts, stays a style element of its own.
  if (!inline) return <link rel="stylesheet" href={calendarStylesheet} precedence="calendar" />;
  return (
    <style href={calendarStylesheet} precedence="calendar">
      {calendarCss ?? ""}
    </style>
  );
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Upcoming Courses and Events", description: SCHEDULE_INTRO, canonicalPath: "/upcoming-events" });

/**
 * The schedule as an accessible list, rendered on the server (for people,
 * screen readers and crawlers alike); the calendar view builds on it.
 */
export default function UpcomingEventsPage({ loaderData }: Route.ComponentProps) {
  const { editions, error } = loaderData;
  const upcoming = editions.filter((edition) => edition.upcoming);
  const today = useVisitorDay(loaderData.today);
  const location = useLocation();
  // Read as the page opens (Back from a course's page included) and on each navigation to it (the menu's Schedule: today's month);
  // in between, the calendar keeps the address in step as it moves, unknown to the router.
  const place = useMemo(() => calendarPlaceOf(new URLSearchParams(location.search)), [location.search]);
  return (
    <>
      <PageHeading title="Upcoming Courses and Events" intro={SCHEDULE_INTRO} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {error ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">Error loading schedule</p>
            <p className="mt-1 text-sm">{error}</p>
          </div>
        ) : editions.length === 0 ? (
          <p className="text-lg text-ink/80">No upcoming courses scheduled at the moment.</p>
        ) : (
          <>
            <div className="mb-4 flex justify-end">
              <a
                href="/upcoming-events.ics"
                className="inline-flex min-h-11 items-center gap-2 rounded-md border border-gold px-4 text-sm font-semibold text-gold-dark transition-colors hover:bg-gold-light focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <CalendarPlus aria-hidden="true" className="size-4" />
                Subscribe to this calendar
              </a>
            </div>
            <section aria-label="Calendar">
              {/* The calendar draws without scripts, but its buttons need them: say where the dates are. */}
              <p className="mb-4 hidden text-ink/80 noscript:block">
                The calendar's buttons need JavaScript, which is off: every course to come is listed below it.
              </p>
              <CalendarStylesheet />
              <ScheduleCalendar key={location.key} editions={editions} today={today} place={place} />
            </section>
            <h2 className="mt-12 mb-4 font-sans text-xl font-semibold text-navy">All upcoming courses</h2>
            {upcoming.length === 0 ? (
              <p className="text-lg text-ink/80">No upcoming courses scheduled at the moment.</p>
            ) : (
              <ul aria-label="Upcoming courses" className="grid gap-4">
                {upcoming.map((edition) => (
                  <li key={edition.id} className="rounded-xl border border-navy/10 bg-white p-5 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-6">
                    <div>
                      <h3 className="font-sans text-lg font-semibold text-navy">
                        <Link to={edition.path} className="-my-2 inline-block py-2 hover:text-gold-dark hover:underline">
                          {edition.title}
                        </Link>
                      </h3>
                      <p className="mt-1 flex items-center gap-2 text-sm text-ink/80">
                        <CalendarDays aria-hidden="true" className="size-4 text-gold" />
                        {formatDateRange(edition.startDate, edition.endDate)}
                      </p>
                      {edition.location && (
                        <p className="mt-1 flex items-center gap-2 text-sm text-ink/80">
                          <MapPin aria-hidden="true" className="size-4 text-gold" />
                          {edition.location}
                        </p>
                      )}
                    </div>
                    {edition.placesLeft !== null && (
                      <p className={cn("mt-3 text-sm font-semibold sm:mt-0", placesLeftTone(edition.placesLeft, edition.placesAtCheckout))}>
                        {placesLeftLabel(edition.placesLeft, edition.placesAtCheckout)}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}
