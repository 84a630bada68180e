import { Check, GraduationCap } from "lucide-react";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { currentFixedLabel, type Programme, type ProgrammeEdition } from "~/content/programmes";
import { cn } from "~/lib/cn";
import { editionForPriceId, type DatesByTitle } from "~/lib/course-dates";
import { formatDateRange, formatPounds, instalmentNote } from "~/lib/format";
import { BookButton, DetailsComingSoon } from "./book-button";
import { CourseDatesPanel } from "./course-dates";

/** Which dates a Book Now button sells: the stored edition with its price id, else spec 3's dates, else its name. */
function EditionLabel({
  edition,
  storedTitle,
  dates,
  today,
}: {
  edition: ProgrammeEdition;
  storedTitle: string;
  dates: Promise<DatesByTitle>;
  today: string;
}) {
  const fallback = currentFixedLabel(edition.dates, today) ?? edition.name;
  return (
    <Suspense fallback={<span className="mt-1 block h-3 w-32 rounded bg-white/40 motion-safe:animate-pulse" aria-hidden="true" />}>
      <Await resolve={dates} errorElement={fallback}>
        {(byTitle) => {
          const stored = editionForPriceId(byTitle[storedTitle], edition.priceId);
          return stored ? formatDateRange(stored.startDate, stored.endDate) : fallback;
        }}
      </Await>
    </Suspense>
  );
}

function Actions({ programme, dates, today }: { programme: Programme; dates: Promise<DatesByTitle>; today: string }) {
  if (programme.availability === "opening-soon") return <DetailsComingSoon />;
  if (programme.availability === "register-interest") {
    return (
      <Link to="/courses#register-interest" className={cn(buttonVariants({ variant: "navy", size: "lg" }))}>
        Register Your Interest
      </Link>
    );
  }
  if (programme.editions.length <= 1) return <BookButton priceId={programme.editions[0]?.priceId} />;
  return (
    <>
      {programme.editions.map((edition) => (
        <BookButton
          key={edition.priceId}
          priceId={edition.priceId}
          edition={<EditionLabel edition={edition} storedTitle={programme.storedTitle} dates={dates} today={today} />}
        />
      ))}
    </>
  );
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-3 grid gap-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-sm leading-relaxed text-ink/85">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** One course on a program page (spec 2): description, inclusions, objectives, price, dates and booking. */
export function ProgrammeCard({
  programme,
  dates,
  today,
  imageSide = "left",
  priority = false,
}: {
  programme: Programme;
  dates: Promise<DatesByTitle>;
  today: string;
  imageSide?: "left" | "right";
  priority?: boolean;
}) {
  const headingId = `${programme.key}-heading`;
  return (
    <article
      id={programme.key}
      aria-labelledby={headingId}
      className="scroll-mt-[calc(var(--header-height)+1rem)] overflow-hidden rounded-2xl border border-navy/10 bg-white shadow-[0_1px_2px_rgba(15,27,45,0.04),0_12px_32px_-12px_rgba(15,27,45,0.18)] lg:grid lg:grid-cols-12"
    >
      <div className={cn("relative lg:col-span-5", imageSide === "right" && "lg:order-last")}>
        <ResponsiveImage
          image={programme.image}
          alt={programme.imageAlt}
          sizes="(min-width: 1280px) 500px, (min-width: 1024px) 40vw, 100vw"
          priority={priority}
          className="aspect-[3/2] h-full w-full object-cover lg:absolute lg:inset-0 lg:aspect-auto"
        />
        {programme.availability === "opening-soon" && (
          <p className="absolute left-4 top-4 rounded-full bg-navy/90 px-4 py-1.5 text-xs font-semibold uppercase tracking-widest text-gold shadow">
            Opening Soon
          </p>
        )}
      </div>

      <div className="flex flex-col p-6 sm:p-8 lg:col-span-7 lg:p-10">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-dark">{programme.eyebrow}</p>
        <h2 id={headingId} className="mt-2 text-2xl font-semibold sm:text-3xl">
          {programme.name}
        </h2>
        <ul aria-label="Format" className="mt-4 flex flex-wrap gap-2">
          {programme.format.map((fact) => (
            <li key={fact} className="rounded-full border border-navy/15 bg-mist px-3 py-1 text-xs font-medium text-navy">
              {fact}
            </li>
          ))}
        </ul>
        <p className="mt-5 leading-relaxed text-ink/85">{programme.description}</p>

        <div className="mt-7 grid gap-7 sm:grid-cols-2">
          <div>
            <h3 className="font-sans text-sm font-semibold uppercase tracking-wider text-navy">What's included</h3>
            <CheckList items={programme.inclusions} />
            {programme.footnote && <p className="mt-3 text-xs text-ink/70">{programme.footnote}</p>}
          </div>
          <div>
            <h3 className="font-sans text-sm font-semibold uppercase tracking-wider text-navy">Learning objectives</h3>
            <ul className="mt-3 grid gap-2.5">
              {programme.objectives.map((objective) => (
                <li key={objective} className="flex gap-2.5 text-sm leading-relaxed text-ink/85">
                  <GraduationCap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
                  <span>{objective}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="mt-8 grid gap-6 rounded-xl bg-mist p-5 sm:grid-cols-2 sm:p-6">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-gold-dark">Course fee</p>
            <p className="mt-1 font-display text-3xl font-semibold text-navy" data-testid="price">
              {formatPounds(programme.pricePounds)}
            </p>
            {programme.priceNote && <p className="mt-1 text-sm font-medium text-navy">{programme.priceNote}</p>}
            <p className="mt-1 text-sm text-ink/70">{instalmentNote(programme.pricePounds)}</p>
          </div>
          <CourseDatesPanel programme={programme} dates={dates} today={today} />
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:flex-wrap">
            <Actions programme={programme} dates={dates} today={today} />
            <Link
              to={`/courses/${programme.slug}`}
              className={cn(buttonVariants({ variant: "outline", size: "lg" }))}
              aria-label={`Course details: ${programme.name}`}
            >
              Course details
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
