import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { bookingHref, isBookablePriceId } from "~/lib/booking";
import { cn } from "~/lib/cn";

/**
 * Book Now for one price: a link to the booking page, where checkout starts.
 * `edition` names the dates when a course sells several (Level 3). Without a
 * valid price id there is nothing to book, so it says 'Details Coming Soon'.
 */
export function BookButton({
  priceId,
  edition,
  accessibleName,
  className,
}: {
  priceId: string | null | undefined;
  edition?: ReactNode;
  /** Tells same-looking buttons apart for screen readers, e.g. "Book Now: January 20th - 23rd, 2027". */
  accessibleName?: string;
  className?: string;
}) {
  if (!isBookablePriceId(priceId)) return <DetailsComingSoon className={className} />;
  return (
    <Link
      to={bookingHref(priceId)}
      aria-label={accessibleName}
      className={cn(buttonVariants({ size: "lg" }), edition && "h-auto flex-col gap-0 py-2 leading-tight", className)}
    >
      <span>Book Now</span>
      {edition && <span className="text-xs font-medium tracking-normal">{edition}</span>}
    </Link>
  );
}

/** The place of a Book Now button while a course cannot be booked yet. */
export function DetailsComingSoon({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        "inline-flex min-h-12 items-center justify-center rounded-md border border-dashed border-navy/25 px-6 text-base font-semibold tracking-wide text-navy/70",
        className,
      )}
    >
      Details Coming Soon
    </p>
  );
}
