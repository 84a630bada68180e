import { Suspense } from "react";
import { Await, Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { staticHtml } from "~/components/ui/static-html";
import type { Programme } from "~/content/programmes";
import { cn } from "~/lib/cn";
import type { ViewerPrice } from "~/lib/discounts";
import { formatDateRange, formatMinorUnits, placesLeftLabel } from "~/lib/format";

import { type BookableEdition, BookButton, DetailsComingSoon } from "./book-button";
import { CourseDatesPanel, type DatedOffering } from "./course-dates";
import { InstalmentNote } from "./instalment-note";

// The card's copy is only words: kept as the server sent it on a first visit (docs/decisions/0013), its code loaded on a navigation.
const loadProgrammeCopy = () => import("./programme-copy").then((module) => module.ProgrammeCopy);
const ProgrammeCopy = staticHtml(import.meta.env.SSR ? await loadProgrammeCopy() : undefined, loadProgrammeCopy);

/** One edition as a card sells it: its dates, its places and its Book Now. */
export interface CardEdition extends BookableEdition {
  startDate: string;
  endDate: string | null;
  /** The edition's own price, fixed when it was scheduled (minor units): what its Book Now charges. */
  priceAmount: number | null;
  /** A signed-in viewer's own price after their discount, when one applies. */
  viewerPrice?: ViewerPrice | null;
}

/** What a card shows of its offering: all from the database. */
export interface CardOffering extends DatedOffering {
  slug: string;
  /** Minor units (pence). */
  priceAmount: number;
  bookable: boolean;
}

function EditionButtons({ editions, fee }: { editions: readonly CardEdition[]; fee: number }) {
  if (editions.length === 0) {
    return (
      <Link to="/courses#register-interest" className={buttonVariants({ variant: "navy", size: "lg" })}>
        Register Your Interest
      </Link>
    );
  }
  // One edition: a plain Book Now; several (Level 3): each names its dates. Each says how many places are left.
  if (editions.length === 1) {
    return (
      <div className="grid gap-1.5">
        <BookButton edition={editions[0]} />
        <PlacesLeft edition={editions[0]} fee={fee} />
      </div>
    );
  }
  return (
    <>
      {editions.map((edition) => {
        const dates = formatDateRange(edition.startDate, edition.endDate);
        return (
          <div key={edition.id} className="grid gap-1.5">
            <BookButton edition={edition} label={dates} accessibleName={`Book Now: ${dates}`} />
            <PlacesLeft edition={edition} fee={fee} />
          </div>
        );
      })}
    </>
  );
}

/**
 * Under a Book Now: the places still free on those dates (a full edition's
 * button says so itself), and their own price when it is not the course fee
 * shown (a date scheduled before the fee changed keeps the price it was sold at).
 */
function PlacesLeft({ edition, fee }: { edition: CardEdition; fee: number }) {
  if (!edition.bookable || edition.bookedByViewer) return null;
  const ownPrice = edition.viewerPrice
    ? `${formatMinorUnits(edition.viewerPrice.amount)} for you (${edition.viewerPrice.discountName})`
    : edition.priceAmount !== null && edition.priceAmount !== fee
      ? `${formatMinorUnits(edition.priceAmount)} for these dates`
      : null;
  const places = edition.placesLeft > 0 ? placesLeftLabel(edition.placesLeft) : null;
  if (!ownPrice && !places) return null;
  return <p className="text-center text-xs font-semibold text-navy/80">{[ownPrice, places].filter(Boolean).join(" · ")}</p>;
}

function Actions({
  programme,
  offering,
  editions,
}: {
  programme: Programme;
  offering: CardOffering | undefined;
  editions: Promise<Record<string, readonly CardEdition[]>>;
}) {
  const registerInterest = (
    <Link to="/courses#register-interest" className={buttonVariants({ variant: "navy", size: "lg" })}>
      Register Your Interest
    </Link>
  );
  // Not bookable yet, but never a dead end: the dentist can ask to hear when it opens.
  if (programme.availability === "opening-soon") {
    return (
      <>
        <DetailsComingSoon />
        {registerInterest}
      </>
    );
  }
  if (programme.availability === "register-interest") return registerInterest;
  if (!offering) return <DetailsComingSoon />;
  return (
    <Suspense fallback={<span className="inline-block h-12 w-40 rounded-md bg-navy/10 motion-safe:animate-pulse" aria-hidden="true" />}>
      <Await resolve={editions} errorElement={<DetailsComingSoon />}>
        {(byKey) => {
          // Each date is sold on its own price id, as /booking and the checkout sell it; spec 2's 'Details Coming Soon'
          // is for an offering without a valid one while no date scheduled before has one either.
          const onSale = (byKey[programme.key] ?? []).filter((edition) => edition.bookable);
          if (onSale.length === 0 && !offering.bookable) return <DetailsComingSoon />;
          return <EditionButtons editions={onSale} fee={offering.priceAmount} />;
        }}
      </Await>
    </Suspense>
  );
}

/** One course on a program page (spec 2): description, inclusions, objectives, price, dates and booking. */
export function ProgrammeCard({
  programme,
  offering,
  editions,
  today,
  imageSide = "left",
  priority = false,
}: {
  programme: Programme;
  offering: CardOffering | undefined;
  editions: Promise<Record<string, readonly CardEdition[]>>;
  today: string;
  imageSide?: "left" | "right";
  priority?: boolean;
}) {
  const headingId = `${programme.key}-heading`;
  return (
    <article
      id={programme.key}
      aria-labelledby={headingId}
      className="scroll-mt-4 overflow-clip rounded-2xl border border-navy/10 bg-white shadow-[0_1px_2px_rgba(15,27,45,0.04),0_12px_32px_-12px_rgba(15,27,45,0.18)] lg:grid lg:grid-cols-12"
    >
      {/*
        Beside the copy (from 1024 px) the picture keeps its own 3:2 at the top of its column and stays in view while the
        card scrolls by (the card clips its corners with overflow: clip, as hidden would hold it still): stretched to the
        card's height it showed a narrow strip, enlarged beyond its file.
      */}
      <div className={cn("lg:col-span-5 lg:py-10", imageSide === "right" ? "lg:order-last lg:pr-10" : "lg:pl-10")}>
        <div className="relative lg:sticky lg:top-[calc(var(--header-height)+2.5rem)]">
          <ResponsiveImage
            image={programme.image}
            alt={programme.imageAlt}
            // The column less its outer padding: 467 px in the 1216 px container, (100vw - 64px) * 5/12 - 40px below it.
            sizes="(min-width: 1280px) 467px, (min-width: 1024px) calc(41.67vw - 67px), 100vw"
            priority={priority}
            className="aspect-[3/2] w-full object-cover lg:rounded-xl"
          />
          {programme.availability === "opening-soon" && (
            <p className="absolute top-4 left-4 rounded-full bg-navy/90 px-4 py-1.5 text-xs font-semibold tracking-widest text-gold uppercase shadow">
              Opening Soon
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-col p-6 sm:p-8 lg:col-span-7 lg:p-10">
        <ProgrammeCopy programme={programme} headingId={headingId} />

        <div className="mt-8 grid gap-6 rounded-xl bg-mist p-5 sm:grid-cols-2 sm:p-6">
          <div>
            <p className="text-xs font-semibold tracking-wider text-gold-dark uppercase">Course fee</p>
            {offering ? (
              <>
                <p className="mt-1 font-display text-3xl font-semibold text-navy" data-testid="price">
                  {formatMinorUnits(offering.priceAmount)}
                </p>
                {programme.priceNote && <p className="mt-1 text-sm font-medium text-navy">{programme.priceNote}</p>}
                <InstalmentNote amount={offering.priceAmount} />
              </>
            ) : (
              <p className="mt-1 text-navy">Fee to be announced</p>
            )}
          </div>
          <CourseDatesPanel programme={programme} offering={offering} editions={editions} today={today} />
          {/* items-start: a Book Now that names its dates is taller, and Course details keeps its own height beside it. */}
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:flex-wrap sm:items-start">
            <Actions programme={programme} offering={offering} editions={editions} />
            <Link
              to={`/courses/${offering?.slug ?? programme.key}`}
              className={buttonVariants({ variant: "outline", size: "lg" })}
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
