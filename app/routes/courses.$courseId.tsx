import { ChevronRight } from "lucide-react";
import { data, Link } from "react-router";

import { CourseEditions } from "~/components/sections/programmes/course-editions";
import { CourseInstructors } from "~/components/sections/programmes/course-instructors";
import { InstalmentNote } from "~/components/sections/programmes/instalment-note";
import { HERO_MEDIA_CLASS, ProgrammeHero } from "~/components/sections/programmes/programme-hero";
import { ButtonLink } from "~/components/ui/button";
import { PageHeading } from "~/components/ui/page-heading";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { COURSE_INSTRUCTORS, programmeFor } from "~/content/programmes";
import { courseJsonLd, siteUrlFromMatches } from "~/lib/course-json-ld";
import { formatMinorUnits } from "~/lib/format";
import { seo } from "~/lib/seo";
import { withViewerPrices } from "~/server/booking/discounts.server";
import { findCourseOffering, todayIsoDate } from "~/server/catalogue/editions.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/courses.$courseId";

export const middleware = [publicRoute()];

export async function loader(args: Route.LoaderArgs) {
  const { database } = appServices(args.context);
  const today = todayIsoDate();
  const user = await currentUser(args);
  const course = await findCourseOffering(database.db, args.params.courseId, today, user?.id ?? null);
  // Spec 2's placeholder for a course id the catalogue does not know; 404, so no search engine keeps it.
  if (!course) return data({ found: false as const }, { status: 404 });
  return { found: true as const, ...course, editions: await withViewerPrices(database.db, user?.id ?? null, course.editions), today };
}

const PROGRAMME_PAGE_LINKS = {
  "full-arch": { label: "Full Arch Program", to: "/courses/full-arch" },
  grafting: { label: "Grafting Techniques", to: "/courses/grafting" },
} as const;

const PLACEHOLDER_PAGE = { title: "Course Details", noIndex: true } as const;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.found) return seo(args, PLACEHOLDER_PAGE);
  const { offering, editions } = args.loaderData;
  const programme = programmeFor(offering.key);
  const name = programme?.name ?? offering.title;
  const description = programme?.description;
  const path = `/courses/${offering.slug}`;
  return seo(args, {
    title: name,
    description,
    canonicalPath: path,
    structuredData: courseJsonLd({
      siteUrl: siteUrlFromMatches(args.matches),
      path,
      name,
      description: description ?? name,
      priceMinor: offering.priceAmount,
      currency: offering.priceCurrency,
      datePrices: editions.flatMap((edition) =>
        edition.bookable && edition.priceAmount !== null ? [{ amount: edition.priceAmount, currency: edition.priceCurrency }] : [],
      ),
      location: offering.location,
      days: offering.lengthDays,
      editions,
    }),
  });
};

/** Spec 2: a course the catalogue does not know yet, with what its page will hold and the way to the courses it does. */
function CourseDetailsPlaceholder() {
  return (
    <>
      <PageHeading title="Course Details" />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
        <p className="text-lg leading-relaxed text-ink/85">
          This page will show the course's description, learning objectives, instructors, schedule and pricing, with a Book Now button.
        </p>
        <p className="mt-4 text-ink/80">Its details are not published yet. In the meantime, every course we teach is in the catalogue.</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/courses">Browse Courses</ButtonLink>
          <ButtonLink variant="outline" to="/upcoming-events">
            See the Schedule
          </ButtonLink>
        </div>
      </div>
    </>
  );
}

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <CourseDetailsPlaceholder />;
  const { offering, editions, today } = loaderData;
  const programme = programmeFor(offering.key);
  const name = programme?.name ?? offering.title;
  const description = programme?.description;
  const pageLink = programme && PROGRAMME_PAGE_LINKS[programme.page];

  return (
    <>
      <ProgrammeHero
        eyebrow={programme?.eyebrow ?? "Course"}
        title={name}
        intro={description ?? ""}
        media={programme && <ResponsiveImage image={programme.image} alt="" sizes="100vw" priority className={HERO_MEDIA_CLASS} />}
      >
        {programme && (
          <ul aria-label="Format" className="flex flex-wrap gap-2">
            {programme.format.map((fact) => (
              <li key={fact} className="rounded-full border border-white/30 px-3 py-1 text-xs font-medium text-white">
                {fact}
              </li>
            ))}
          </ul>
        )}
      </ProgrammeHero>

      <nav aria-label="Breadcrumb" className="border-b border-navy/10 bg-mist">
        <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-3 text-sm sm:px-6 lg:px-8">
          <li>
            <Link to="/courses" className="inline-flex min-h-11 items-center text-navy/80 hover:text-gold-dark">
              Courses
            </Link>
          </li>
          {pageLink && programme && (
            <li className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 text-navy/40" />
              <Link to={`${pageLink.to}#${programme.key}`} className="inline-flex min-h-11 items-center text-navy/80 hover:text-gold-dark">
                {pageLink.label}
              </Link>
            </li>
          )}
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4 text-navy/40" />
            <span aria-current="page" className="font-medium text-navy">
              {name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:px-8 lg:py-20">
        <div className="grid content-start gap-12 lg:col-span-7">
          {programme && (
            <section aria-labelledby="objectives-heading">
              <h2 id="objectives-heading" className="text-2xl font-semibold sm:text-3xl">
                What you will learn
              </h2>
              <ol className="mt-6 grid gap-4">
                {programme.objectives.map((objective, index) => (
                  <li key={objective} className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-light font-display text-sm font-semibold text-gold-dark"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-1 leading-relaxed text-ink/85">{objective}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
          {programme && (
            <section aria-labelledby="inclusions-heading">
              <h2 id="inclusions-heading" className="text-2xl font-semibold sm:text-3xl">
                What's included
              </h2>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                {programme.inclusions.map((item) => (
                  <li key={item} className="rounded-lg border border-navy/10 bg-white px-4 py-3 text-sm text-ink/85">
                    {item}
                  </li>
                ))}
              </ul>
              {programme.footnote && <p className="mt-3 text-sm text-ink/70">{programme.footnote}</p>}
            </section>
          )}
          <CourseInstructors instructors={COURSE_INSTRUCTORS} />
        </div>

        {/* On phones the fee and dates come first, before the longer course content. */}
        <aside aria-labelledby="booking-heading" className="max-lg:order-first lg:col-span-5">
          <div className="rounded-2xl border border-navy/10 bg-white p-6 shadow-[0_12px_32px_-12px_rgba(15,27,45,0.25)] sm:p-8 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]">
            <h2 id="booking-heading" className="font-sans text-xs font-semibold tracking-wider text-gold-dark uppercase">
              Course fee
            </h2>
            <p className="mt-1 font-display text-4xl font-semibold text-navy" data-testid="price">
              {formatMinorUnits(offering.priceAmount)}
            </p>
            {programme?.priceNote && <p className="mt-1 text-sm font-medium text-navy">{programme.priceNote}</p>}
            <InstalmentNote amount={offering.priceAmount} />
            <CourseEditions editions={editions} programme={programme} offering={offering} today={today} />
          </div>
        </aside>
      </div>
    </>
  );
}
