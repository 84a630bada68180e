import { Suspense } from "react";
import { Await } from "react-router";

import { fallbackDateLabel, type Programme } from "~/content/programmes";
import { type CourseDates, nextAndUpcoming } from "~/lib/course-dates";
import { formatDateRange } from "~/lib/format";

/** What a dates panel needs of an offering (from the database): its key, and its format and location for the fallback. */
export interface DatedOffering {
  key: string;
  format: string;
  location: string;
}

function DatesList({
  programme,
  offering,
  dates,
  today,
}: {
  programme: Programme;
  offering: DatedOffering | undefined;
  dates: readonly CourseDates[] | undefined;
  today: string;
}) {
  const { next, upcoming } = nextAndUpcoming(dates);
  if (!next) {
    return (
      <dl className="text-sm">
        <dt className="text-xs font-semibold tracking-wider text-gold-dark uppercase">Dates</dt>
        <dd className="mt-1 text-navy">{fallbackDateLabel(programme, offering, today)}</dd>
      </dl>
    );
  }
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="text-xs font-semibold tracking-wider text-gold-dark uppercase">Next course</dt>
        <dd className="mt-1 font-medium text-navy">{formatDateRange(next.startDate, next.endDate)}</dd>
      </div>
      {upcoming && (
        <div>
          <dt className="text-xs font-semibold tracking-wider text-gold-dark uppercase">Upcoming</dt>
          <dd className="mt-1 font-medium text-navy">{formatDateRange(upcoming.startDate, upcoming.endDate)}</dd>
        </div>
      )}
    </dl>
  );
}

function DatesSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-3" data-testid="dates-skeleton">
      <span className="sr-only">Loading dates</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden="true" className="grid gap-2">
          <div className="h-3 w-24 rounded bg-navy/10 motion-safe:animate-pulse" />
          <div className="h-4 w-48 max-w-full rounded bg-navy/10 motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}

/**
 * Spec 2: 'Next course' and 'Upcoming' from the offering's stored editions;
 * skeletons while the loader's dates stream in; spec 9's label when none are stored.
 */
export function CourseDatesPanel({
  programme,
  offering,
  editions,
  today,
}: {
  programme: Programme;
  offering: DatedOffering | undefined;
  editions: Promise<Record<string, readonly CourseDates[]>>;
  today: string;
}) {
  return (
    <Suspense fallback={<DatesSkeleton />}>
      <Await resolve={editions} errorElement={<DatesList programme={programme} offering={offering} dates={undefined} today={today} />}>
        {(byKey) => <DatesList programme={programme} offering={offering} dates={byKey[programme.key]} today={today} />}
      </Await>
    </Suspense>
  );
}
