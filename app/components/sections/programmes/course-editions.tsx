import { MapPin } from "lucide-react";
import { Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { fallbackDateLabel, type Programme, sellsPlaces } from "~/content/programmes";
import { cn } from "~/lib/cn";
import type { ViewerPrice } from "~/lib/discounts";
import { formatDateRange, formatMinorUnits, placesLeftLabel, placesLeftTone } from "~/lib/format";

import { BookButton, DetailsComingSoon } from "./book-button";
import type { DatedOffering } from "./course-dates";

export interface EditionSummary {
  id: string;
  startDate: string;
  endDate: string | null;
  location: string | null;
  /** The edition's own price, fixed when it was scheduled (minor units). */
  priceAmount: number | null;
  priceId: string | null;
  placesLeft: number;
  /** Of the places taken, those others hold at a checkout still open. */
  placesAtCheckout?: number;
  bookable: boolean;
  /** The signed-in viewer has a place on it already. */
  bookedByViewer?: boolean;
  /** A signed-in viewer's own price after their discount, when one applies. */
  viewerPrice?: ViewerPrice | null;
}

function RegisterInterestLink() {
  return (
    <Link to="/courses#register-interest" className={cn(buttonVariants({ variant: "navy", size: "lg" }), "w-full")}>
      Register Your Interest
    </Link>
  );
}

/** The course page's schedule: each future edition with its places left and its own Book Now. */
export function CourseEditions({
  editions,
  programme,
  offering,
  today,
}: {
  editions: readonly EditionSummary[];
  programme: Programme | undefined;
  /** The offering (from the database): its price, and its format and location for the fallback label. */
  offering: DatedOffering & { priceAmount: number };
  today: string;
}) {
  const location = offering.location;
  const availability = programme?.availability ?? "open";
  const onSale = sellsPlaces(programme);

  return (
    <section aria-labelledby="dates-heading" className="mt-8 border-t border-navy/10 pt-6">
      <h3 id="dates-heading" className="font-sans text-xs font-semibold tracking-wider text-gold-dark uppercase">
        Upcoming dates
      </h3>
      {editions.length === 0 ? (
        <div className="mt-3 grid gap-4">
          <p className="font-medium text-navy">{fallbackDateLabel(programme, offering, today)}</p>
          <p className="text-sm text-ink/70">No dates are open for booking yet. Register your interest and we will tell you first.</p>
          <RegisterInterestLink />
        </div>
      ) : (
        <ul className="mt-3 grid gap-3">
          {editions.map((edition) => (
            <li key={edition.id} className="grid gap-3 rounded-xl border border-navy/10 bg-mist p-4">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div>
                  <p className="font-semibold text-navy">{formatDateRange(edition.startDate, edition.endDate)}</p>
                  {edition.viewerPrice ? (
                    // What this signed-in dentist's checkout will charge, their discount taken off.
                    <p className="mt-1 text-sm font-medium text-navy">
                      {formatMinorUnits(edition.viewerPrice.amount)} for you ({edition.viewerPrice.discountName})
                    </p>
                  ) : (
                    edition.priceAmount !== null &&
                    edition.priceAmount !== offering.priceAmount && (
                      // Scheduled before the price changed: it keeps the price it was offered at.
                      <p className="mt-1 text-sm font-medium text-navy">{formatMinorUnits(edition.priceAmount)} for these dates</p>
                    )
                  )}
                  {(edition.location ?? location) && (
                    <p className="mt-1 flex items-center gap-1.5 text-sm text-ink/70">
                      <MapPin aria-hidden="true" className="size-4 text-gold" />
                      {edition.location ?? location}
                    </p>
                  )}
                </div>
                {onSale && edition.bookable && (
                  <p className={cn("text-sm font-semibold", placesLeftTone(edition.placesLeft, edition.placesAtCheckout))}>
                    {placesLeftLabel(edition.placesLeft, edition.placesAtCheckout)}
                  </p>
                )}
              </div>
              {onSale && (
                <BookButton edition={edition} accessibleName={`Book Now: ${formatDateRange(edition.startDate, edition.endDate)}`} className="w-full" />
              )}
              {!onSale && availability === "opening-soon" && <p className="text-sm font-semibold tracking-wider text-navy/70 uppercase">Opening Soon</p>}
            </li>
          ))}
        </ul>
      )}
      {editions.length > 0 && availability === "opening-soon" && <DetailsComingSoon className="mt-4 w-full" />}
      {editions.length > 0 && (availability === "register-interest" || availability === "opening-soon") && (
        <div className="mt-4">
          <RegisterInterestLink />
        </div>
      )}
    </section>
  );
}
