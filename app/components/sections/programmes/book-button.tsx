import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

import { CheckoutButton } from "../booking/checkout-button";

/** What a Book Now button needs of one edition. */
export interface BookableEdition {
  id: string;
  priceId: string | null;
  bookable: boolean;
  placesLeft: number;
  /** Of the places taken, those others hold at a checkout still open (they come free if unpaid). */
  placesAtCheckout?: number;
  /** The signed-in viewer has a place on it already: their account, not a second checkout. */
  bookedByViewer?: boolean;
}

/**
 * Book Now for one edition: it starts that edition's checkout. `label` names
 * the dates when a course shows several (Level 3). Without a valid price id
 * there is nothing to book ('Details Coming Soon'); a full edition says so and
 * points to the interest list instead.
 */
export function BookButton({
  edition,
  label,
  accessibleName,
  className,
  onError,
}: {
  edition: BookableEdition;
  label?: ReactNode;
  /** Tells same-looking buttons apart for screen readers, e.g. "Book Now: January 20th - 23rd, 2027". */
  accessibleName?: string;
  className?: string;
  /** Where a refusal is shown; a 'Checkout Error' toast when absent. */
  onError?: (message: string) => void;
}) {
  if (!edition.bookable) return <DetailsComingSoon className={className} />;
  if (edition.bookedByViewer) return <BookedAlready label={label} className={className} />;
  if (edition.placesLeft <= 0) return <FullyBooked label={label} className={className} atCheckout={(edition.placesAtCheckout ?? 0) > 0} />;
  return (
    <CheckoutButton
      courseId={edition.id}
      priceId={edition.priceId}
      accessibleName={accessibleName}
      onError={onError}
      size={label ? "stacked" : "lg"}
      className={className}
    >
      <span>Book Now</span>
      {label && <span className="text-xs font-medium tracking-normal">{label}</span>}
    </CheckoutButton>
  );
}

/** Dates the viewer has booked: no Book Now to pay twice, and the way to their booking. */
function BookedAlready({ label, className }: { label?: ReactNode; className?: string }) {
  return (
    <Link to="/account" className={cn(buttonVariants({ variant: "outline", size: "stacked" }), className)}>
      <span>You are booked</span>
      <span className="text-xs font-medium tracking-normal">{label ? <>{label} · </> : null}See it in your account</span>
    </Link>
  );
}

/**
 * A full edition: no Book Now, and a way to hear of the next one. While some of its places are only held by
 * checkouts still open, it says so: a place not paid for comes free within the half hour.
 */
function FullyBooked({ label, className, atCheckout }: { label?: ReactNode; className?: string; atCheckout: boolean }) {
  return (
    <Link to="/courses#register-interest" className={cn(buttonVariants({ variant: "outline", size: "stacked" }), "text-center", className)}>
      <span>{atCheckout ? "All places held at checkout" : "Fully booked"}</span>
      <span className="text-xs font-medium tracking-normal">
        {label ? <>{label} · </> : null}
        {atCheckout ? "Check back in half an hour, or register your interest" : "Register your interest"}
      </span>
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
