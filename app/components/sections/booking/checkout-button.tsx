import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { CHECKOUT_MESSAGES, requestCheckout } from "~/lib/checkout";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";

/**
 * Book Now for one edition (spec 4, Checkout): the button says 'Processing...'
 * while the server opens a Checkout Session, then the browser goes to it. A
 * refusal shows as a 'Checkout Error' toast, or through `onError` (the booking
 * page's alert). Without JavaScript the form posts to /booking, which does the same.
 */
export function CheckoutButton({
  courseId,
  priceId,
  children,
  accessibleName,
  size = "lg",
  className,
  onError,
}: {
  courseId: string;
  priceId: string | null;
  children: ReactNode;
  accessibleName?: string;
  size?: "lg" | "stacked";
  className?: string;
  onError?: (message: string) => void;
}) {
  const userId = useRouteLoaderData<typeof rootLoader>("root")?.user?.id ?? null;
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  const { revalidate } = revalidator;
  // Coming back from the checkout page with the Back button restores this page as it was left: its places are read afresh.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      void revalidate();
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, [revalidate]);

  const report = (message: string) => (onError ? onError(message) : toast.error("Checkout Error", { description: message }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await requestCheckout({ priceId, courseId, userId });
    if ("url" in result) {
      try {
        window.location.assign(result.url);
        return;
      } catch {
        report(CHECKOUT_MESSAGES.redirectFailed);
      }
    } else {
      report(result.error);
      // A refusal usually means the places changed since the page loaded: show them as they are now. A request that
      // never reached the server changed nothing, and reading the page again would fail the same way.
      if (!("unanswered" in result)) void revalidate();
    }
    setBusy(false);
  }

  return (
    <form method="post" action="/booking" onSubmit={submit} className="contents">
      <input type="hidden" name="courseId" value={courseId} />
      {priceId && <input type="hidden" name="priceId" value={priceId} />}
      {userId && <input type="hidden" name="userId" value={userId} />}
      <button type="submit" disabled={busy} aria-busy={busy} aria-label={busy ? undefined : accessibleName} className={cn(buttonVariants({ size }), className)}>
        {busy ? "Processing..." : children}
      </button>
    </form>
  );
}
