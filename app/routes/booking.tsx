import { CalendarDays, MapPin, TicketPercent } from "lucide-react";
import { Suspense, useState } from "react";
import { Await, data, Link, redirect } from "react-router";

import { BookButton } from "~/components/sections/programmes/book-button";
import { SignedOutBanner } from "~/components/sections/programmes/signed-out-banner";
import { PageHeading } from "~/components/ui/page-heading";
import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { cn } from "~/lib/cn";
import { formatMinorUnits, placesLeftLabel, placesLeftTone } from "~/lib/format";
import { CheckoutRequestSchema } from "~/lib/schemas/checkout";
import { firstIssueMessage } from "~/lib/schemas/fields";
import { seo } from "~/lib/seo";
import { type BookingCard, bookingCards } from "~/server/booking/booking-pages.server";
import { startCheckout } from "~/server/booking/checkout.server";
import { guestCheckoutsOf, rememberGuestCheckout } from "~/server/booking/guest-checkouts.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { readFormData } from "~/server/http/request-bodies.server";
import { refusalOf } from "~/server/http/responses.server";
import { appServices, recordFailedRead, requestInfoContext } from "~/server/platform/context.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/booking";

export const middleware = [publicRoute()];

const FETCH_FAILED_MESSAGE = "Failed to fetch courses.";

type CardsResult = { ok: true; cards: BookingCard[] } | { ok: false; message: string };

export async function loader(args: Route.LoaderArgs) {
  const services = appServices(args.context);
  const user = await currentUser(args);
  // Not awaited: the page streams its heading first and the cards when they are read.
  const courses: Promise<CardsResult> = bookingCards(services, user?.id ?? null).then(
    (cards) => ({ ok: true, cards }),
    (error) => {
      log.error("Reading the bookable courses failed", error);
      recordFailedRead(args.context);
      return { ok: false, message: FETCH_FAILED_MESSAGE };
    },
  );
  return { signedIn: Boolean(user), courses };
}

/** Book Now without JavaScript: the same checkout, answered with a redirect to it, or the page with its error. */
export async function action(args: Route.ActionArgs) {
  const services = appServices(args.context);
  const form = await readFormData(args.request);
  const parsed = CheckoutRequestSchema.safeParse({ courseId: form.get("courseId"), priceId: form.get("priceId"), userId: form.get("userId") });
  if (!parsed.success) return data({ error: firstIssueMessage(parsed.error) }, 400);
  const buyer = await currentUser(args);
  const guestCheckouts = await guestCheckoutsOf(args.request);
  try {
    const { url, holdId } = await startCheckout(
      services,
      {
        priceId: parsed.data.priceId,
        courseId: parsed.data.courseId,
        buyer: buyer && { id: buyer.id, email: buyer.email },
        pageAccountId: parsed.data.userId,
        guestCheckouts,
      },
      { clientIp: args.context.get(requestInfoContext).clientIp },
    );
    if (buyer) return redirect(url, 303);
    const cookie = await rememberGuestCheckout(guestCheckouts, holdId, services.env.siteUrl);
    return redirect(url, { status: 303, headers: { "Set-Cookie": cookie } });
  } catch (error) {
    const { status, message } = refusalOf(error);
    return data({ error: message }, status);
  }
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Book a Course",
    description: "Book your place on a Global Implant Institute course: dates, places left and prices, paid securely by card, Apple Pay, Google Pay or Klarna.",
  });

function Price({ amount, viewerPrice }: { amount: number; viewerPrice: BookingCard["viewerPrice"] }) {
  if (!viewerPrice) return <p className="font-display text-2xl text-navy">{formatMinorUnits(amount)}</p>;
  return (
    <div>
      <p className="flex items-baseline gap-2">
        <span className="font-display text-2xl text-navy">{formatMinorUnits(viewerPrice.amount)}</span>
        <s className="text-sm text-ink/75">
          <span className="sr-only">instead of </span>
          {formatMinorUnits(amount)}
        </s>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-emerald-800">
        <TicketPercent aria-hidden="true" className="size-4" />
        {viewerPrice.discountName}
      </p>
    </div>
  );
}

/** A Book Now refused in the browser: shown on the card pressed, where the visitor is looking, however far down the page. */
interface CheckoutRefusal {
  editionId: string;
  message: string;
}

function CourseCard({ card, refusal, onError }: { card: BookingCard; refusal?: string; onError: (message: string) => void }) {
  return (
    // Three rows shared with the cards beside it (subgrid): prices and Book Now line up across a row of cards,
    // whatever the length of each title and whether a card offers Book Now or says it cannot be booked.
    <li className="row-span-3 grid grid-rows-subgrid gap-0 rounded-2xl border border-navy/10 bg-white p-6 shadow-sm">
      <div>
        <h2 className="font-display text-xl leading-snug text-navy">
          <Link to={card.courseHref} className="-my-2.5 inline-block py-2.5 hover:text-gold-dark hover:underline">
            {card.title}
          </Link>
        </h2>
        <dl className="mt-4 grid gap-2 text-sm text-ink/80">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-4 text-gold-dark" />
              <span className="sr-only">Dates</span>
            </dt>
            <dd>{card.dates}</dd>
          </div>
          {card.location && (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin aria-hidden="true" className="size-4 text-gold-dark" />
                <span className="sr-only">Location</span>
              </dt>
              <dd>{card.location}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 pt-5">
        {card.priceAmount !== null && <Price amount={card.priceAmount} viewerPrice={card.viewerPrice} />}
        {card.bookable && (
          <p className={cn("text-sm font-semibold", placesLeftTone(card.placesLeft, card.placesAtCheckout))}>
            {placesLeftLabel(card.placesLeft, card.placesAtCheckout)}
          </p>
        )}
      </div>
      <div className="mt-6 grid content-start">
        {card.bookable ? (
          <BookButton
            edition={{
              id: card.id,
              priceId: card.priceId,
              bookable: true,
              placesLeft: card.placesLeft,
              placesAtCheckout: card.placesAtCheckout,
              bookedByViewer: card.bookedByViewer,
            }}
            accessibleName={`Book Now: ${card.title}, ${card.dates}`}
            onError={onError}
            className="w-full"
          />
        ) : (
          <NotOnSale />
        )}
        {refusal && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
      </div>
    </li>
  );
}

/** In place of Book Now while an edition has no price to sell it at: the dates are known, the booking is not open. */
function NotOnSale() {
  return (
    <div className="grid rounded-md border border-dashed border-navy/25 px-4 pt-3 text-center text-sm">
      <p className="font-semibold text-navy/80">{CHECKOUT_MESSAGES.notAvailable}</p>
      {/* A 44 px target, as a button is; its own height stands in for the box's bottom padding. */}
      <Link
        to="/courses#register-interest"
        className="inline-flex min-h-11 items-center justify-center font-semibold text-gold-dark underline-offset-4 hover:underline"
      >
        Register your interest
      </Link>
    </div>
  );
}

function CourseGrid({ result, refusal, onError }: { result: CardsResult; refusal?: CheckoutRefusal; onError: (refusal: CheckoutRefusal) => void }) {
  if (!result.ok) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800">
        {result.message}
      </p>
    );
  }
  if (result.cards.length === 0)
    return <p className="rounded-lg bg-mist p-6 text-center text-ink/80">No courses available at the moment. Please check back later.</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {result.cards.map((card) => (
        <CourseCard
          key={card.id}
          card={card}
          refusal={refusal?.editionId === card.id ? refusal.message : undefined}
          onError={(message) => onError({ editionId: card.id, message })}
        />
      ))}
    </ul>
  );
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const [refusal, setRefusal] = useState<CheckoutRefusal>();
  // Book Now without scripts reloads the page, at its top: its refusal is said there.
  const error = refusal ? undefined : actionData?.error;
  return (
    <>
      <PageHeading title="Book a Course" />
      <SignedOutBanner signedIn={loaderData.signedIn} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <p className="max-w-3xl text-ink/80">
          Choose your dates and pay securely by card, Apple Pay, Google Pay or, for eligible amounts, Klarna. Your place is held for 30 minutes while you pay.
        </p>
        <div aria-live="assertive" className="mt-6 empty:hidden">
          {error && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
        </div>
        <div className="mt-8">
          <Suspense
            fallback={
              // A screen tall, so nothing below (the footer) is in view and then pushed away when the courses arrive.
              <p role="status" className="min-h-dvh text-ink/70">
                Loading courses...
              </p>
            }
          >
            <Await
              resolve={loaderData.courses}
              errorElement={
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800">
                  {FETCH_FAILED_MESSAGE}
                </p>
              }
            >
              {(result) => <CourseGrid result={result} refusal={refusal} onError={setRefusal} />}
            </Await>
          </Suspense>
        </div>
      </div>
    </>
  );
}
