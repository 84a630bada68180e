import { Suspense } from "react";
import { Await } from "react-router";
import { fallbackDateLabel, type Programme } from "~/content/programmes";
import { nextAndUpcoming, type CourseDates, type DatesByTitle } from "~/lib/course-dates";
import { formatDateRange } from "~/lib/format";

type DatedProgramme = Pick<Programme, "storedTitle" | "fixedDateLabel" | "duration" | "location">;

function DatesList({ programme, dates, today }: { programme: DatedProgramme; dates: CourseDates[] | undefined; today: string }) {
  const { next, upcoming } = nextAndUpcoming(dates);
  if (!next) {
    return (
      <dl className="text-sm">
        <dt className="font-semibold uppercase tracking-wider text-gold-dark">Dates</dt>
        <dd className="mt-1 text-navy">{fallbackDateLabel(programme, today)}</dd>
      </dl>
    );
  }
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="font-semibold uppercase tracking-wider text-gold-dark">Next course</dt>
        <dd className="mt-1 font-medium text-navy">{formatDateRange(next.startDate, next.endDate)}</dd>
      </div>
      {upcoming && (
        <div>
          <dt className="font-semibold uppercase tracking-wider text-gold-dark">Upcoming</dt>
          <dd className="mt-1 font-medium text-navy">{formatDateRange(upcoming.startDate, upcoming.endDate)}</dd>
        </div>
      )}
    </dl>
  );
}

export function DatesSkeleton() {
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
 * Spec 2: 'Next course' and 'Upcoming' from stored courses, matched by title;
 * skeletons while the loader's dates stream in; spec 9's label when none are stored.
 */
export function CourseDatesPanel({
  programme,
  dates,
  today,
}: {
  programme: DatedProgramme;
  dates: Promise<DatesByTitle>;
  today: string;
}) {
  return (
    <Suspense fallback={<DatesSkeleton />}>
      <Await resolve={dates} errorElement={<DatesList programme={programme} dates={undefined} today={today} />}>
        {(byTitle) => <DatesList programme={programme} dates={byTitle[programme.storedTitle]} today={today} />}
      </Await>
    </Suspense>
  );
}
