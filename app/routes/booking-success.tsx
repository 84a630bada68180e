import { CalendarDays, CircleAlert, CircleCheck, Clock, MapPin } from "lucide-react";
import type { ReactNode } from "react";

import { ButtonLink } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { bookedSummary } from "~/server/booking/booking-pages.server";
import { fulfilCheckout } from "~/server/booking/fulfilment.server";
import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/booking-success";

export const middleware = [publicRoute()];

/** A Checkout Session id as Stripe and the built-in checkout make them. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{4,250}$/;
/**
 * An id the page shows back (spec 2): one word of letters, digits, `_` and `-`. Anything else in the address is
 * not shown, so a link cannot put a sentence of its own ("call this number…") on the institute's confirmation page.
 */
const SHOWN_ID = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * Spec 2: reads `session_id`. The session is fulfilled here too (design.md 5),
 * whichever of this page and the webhook comes first, so the page can say
 * what was booked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = appServices(context);
  const asked = new URL(request.url).searchParams.get("session_id");
  const sessionId = asked && SHOWN_ID.test(asked) ? asked : null;
  if (!sessionId || !SESSION_ID.test(sessionId)) return { sessionId, notPaid: false, booking: null };
  const outcome = await fulfilCheckout(services, sessionId).catch((error: unknown) => {
    log.error(`Fulfilling ${sessionId} from the success page failed`, error);
    return null;
  });
  return { sessionId, notPaid: outcome?.kind === "not-paid", booking: await bookedSummary(services.database.db, outcome) };
}

type PageData = Route.ComponentProps["loaderData"];
type Result = "not-paid" | NonNullable<PageData["booking"]>["status"];

/** What the page says for each thing a checkout came to; a session nothing is known of reads as the spec's confirmation. */
const RESULTS: Record<Result, { heading: string; title: string; text: string; tone: "done" | "waiting" | "stopped"; nothingBooked?: true }> = {
  booked: {
    heading: "Booking Confirmed!",
    title: "Booking Confirmed",
    text: "Your booking is confirmed and payment was received!",
    tone: "done",
  },
  "awaiting-payment": {
    heading: "Payment Processing",
    title: "Payment Processing",
    text: "Your place is held while your bank payment completes. We will email you as soon as it arrives.",
    tone: "waiting",
  },
  // The provider knows this checkout and it was never paid (still open, cancelled or expired): the page must not say a place was booked.
  "not-paid": {
    heading: "Payment Not Completed",
    title: "Payment Not Completed",
    text: "This checkout was not paid, so no place has been booked and you have not been charged.",
    tone: "stopped",
    nothingBooked: true,
  },
  "payment-failed": {
    heading: "Payment Not Completed",
    title: "Payment Not Completed",
    text: "Your bank payment did not go through, so no place has been booked and you have not been charged. We have emailed you about it.",
    tone: "stopped",
    nothingBooked: true,
  },
  refunded: {
    heading: "Payment Refunded",
    title: "Payment Refunded",
    text: "Your payment arrived after the last place had been taken, so we have refunded it in full. We have emailed you the details.",
    tone: "stopped",
  },
  "already-booked": {
    heading: "Payment Refunded",
    title: "Payment Refunded",
    text: "You had already booked and paid for these dates, so we have refunded this second payment in full. Your first booking stands, and we have emailed you the details.",
    tone: "stopped",
  },
  cancelled: {
    heading: "Booking Cancelled",
    title: "Booking Cancelled",
    text: "This booking has since been cancelled, and a refund made to your original payment method: our email has the amount. Please contact us if you have any questions about it.",
    tone: "stopped",
  },
};

const resultOf = (data: PageData | undefined): Result => (data?.notPaid ? "not-paid" : (data?.booking?.status ?? "booked"));

export const meta: Route.MetaFunction = (args) => seo(args, { title: RESULTS[resultOf(args.loaderData)].title, noIndex: true });

function Booked({ booking }: { booking: NonNullable<Route.ComponentProps["loaderData"]["booking"]> }) {
  return (
    <div className="mt-6 rounded-xl border border-navy/10 bg-mist p-5">
      <p className="font-semibold text-navy">{booking.title}</p>
      {booking.dates && (
        <p className="mt-2 flex items-center gap-2 text-sm text-ink/80">
          <CalendarDays aria-hidden="true" className="size-4 text-gold-dark" />
          {booking.dates}
        </p>
      )}
      {booking.location && (
        <p className="mt-1 flex items-center gap-2 text-sm text-ink/80">
          <MapPin aria-hidden="true" className="size-4 text-gold-dark" />
          {booking.location}
        </p>
      )}
    </div>
  );
}

/** The page's card: an icon, the heading, what happened, the session id when there is one, and two ways on. */
function ResultCard({
  icon,
  heading,
  sessionId,
  note,
  actions,
  children,
}: {
  icon: ReactNode;
  heading: string;
  sessionId: string | null;
  /** Below the session id: what comes next. */
  note?: ReactNode;
  actions: [{ to: string; label: string }, { to: string; label: string }];
  children: ReactNode;
}) {
  const [primary, secondary] = actions;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <div className="rounded-2xl border border-navy/10 bg-white p-8 shadow-sm">
        {icon}
        <h1 className="mt-4 text-3xl font-semibold">{heading}</h1>
        {children}
        {sessionId && (
          <p className="mt-6 text-sm break-all text-ink/70">
            Session ID: <span className="font-mono">{sessionId}</span>
          </p>
        )}
        {note}
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={primary.to}>{primary.label}</ButtonLink>
          <ButtonLink variant="outline" to={secondary.to}>
            {secondary.label}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

const ICONS = {
  done: <CircleCheck aria-hidden="true" className="size-12 text-emerald-700" />,
  waiting: <Clock aria-hidden="true" className="size-12 text-gold-dark" />,
  stopped: <CircleAlert aria-hidden="true" className="size-12 text-gold-dark" />,
};

export default function BookingSuccessPage({ loaderData }: Route.ComponentProps) {
  const { sessionId, booking } = loaderData;
  const result = RESULTS[resultOf(loaderData)];
  // The test product has no dates, so its email carries no calendar invite.
  const invite = booking?.dates !== null ? " and a calendar invite" : "";
  return (
    <ResultCard
      icon={ICONS[result.tone]}
      heading={result.heading}
      sessionId={sessionId}
      note={result.tone === "done" && <p className="mt-4 text-ink/80">A confirmation email with your receipt{invite} is on its way to you.</p>}
      actions={
        // Nothing booked: ways to book again or ask; booked at some point: the account that lists it.
        result.nothingBooked
          ? [
              { to: "/booking", label: "Book a Course" },
              { to: "/contact", label: "Contact Us" },
            ]
          : [
              { to: "/account", label: "Go to My Account" },
              { to: "/courses", label: "Browse Courses" },
            ]
      }
    >
      <p className="mt-4 text-lg text-ink/80">{result.text}</p>
      {booking && <Booked booking={booking} />}
    </ResultCard>
  );
}
