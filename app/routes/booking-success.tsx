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
 * Spec 2: reads `session_id`. The session is fulfilled here too (design.md 5),
 * whichever of this page and the webhook comes first, so the page can say
 * what was booked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = appServices(context);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId || !SESSION_ID.test(sessionId)) return { sessionId, notPaid: false, booking: null };
  const outcome = await fulfilCheckout(services, sessionId).catch((error: unknown) => {
    log.error(`Fulfilling ${sessionId} from the success page failed`, error);
    return null;
  });
  return { sessionId, notPaid: outcome?.kind === "not-paid", booking: await bookedSummary(services.database.db, outcome) };
}

const NOT_PAID_HEADING = "Payment Not Completed";

export const meta: Route.MetaFunction = (args) => seo(args, { title: args.loaderData?.notPaid ? NOT_PAID_HEADING : "Booking Confirmed", noIndex: true });

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

export default function BookingSuccessPage({ loaderData }: Route.ComponentProps) {
  const { sessionId, notPaid, booking } = loaderData;
  // The provider knows this checkout and it was never paid (still open, cancelled or expired): nothing is booked, and the page must not say otherwise.
  if (notPaid) {
    return (
      <ResultCard
        icon={<CircleAlert aria-hidden="true" className="size-12 text-gold-dark" />}
        heading={NOT_PAID_HEADING}
        sessionId={sessionId}
        actions={[
          { to: "/booking", label: "Book a Course" },
          { to: "/contact", label: "Contact Us" },
        ]}
      >
        <p className="mt-4 text-lg text-ink/80">This checkout was not paid, so no place has been booked and you have not been charged.</p>
      </ResultCard>
    );
  }
  const awaiting = booking?.status === "awaiting-payment";
  const refunded = booking?.status === "refunded";
  return (
    <ResultCard
      icon={
        awaiting ? <Clock aria-hidden="true" className="size-12 text-gold-dark" /> : <CircleCheck aria-hidden="true" className="size-12 text-emerald-700" />
      }
      heading={awaiting ? "Payment Processing" : refunded ? "Payment Refunded" : "Booking Confirmed!"}
      sessionId={sessionId}
      note={!awaiting && !refunded && <p className="mt-4 text-ink/80">A confirmation email with your receipt and a calendar invite is on its way to you.</p>}
      actions={[
        { to: "/account", label: "Go to My Account" },
        { to: "/courses", label: "Browse Courses" },
      ]}
    >
      {awaiting ? (
        <p className="mt-4 text-lg text-ink/80">Your place is held while your bank payment completes. We will email you as soon as it arrives.</p>
      ) : refunded ? (
        <p className="mt-4 text-lg text-ink/80">
          Your payment arrived after the last place had been taken, so we have refunded it in full. We have emailed you the details.
        </p>
      ) : (
        <p className="mt-4 text-lg text-ink/80">Your booking is confirmed and payment was received!</p>
      )}
      {booking && <Booked booking={booking} />}
    </ResultCard>
  );
}
