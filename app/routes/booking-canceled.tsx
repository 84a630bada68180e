import { CircleX } from "lucide-react";
import { redirect } from "react-router";

import { ButtonLink } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { cancelCheckout } from "~/server/booking/checkout.server";
import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";
import { NotFoundError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/booking-canceled";

export const middleware = [publicRoute()];

/**
 * Where Stripe sends a buyer who leaves its page: the checkout ends now, so its
 * place is free again at once. One that was paid goes to its success page instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const hold = new URL(request.url).searchParams.get("hold");
  if (!hold) return { placeReleased: false };
  const outcome = await cancelCheckout(appServices(context), hold).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) log.error("Ending a cancelled checkout failed", error);
    return null;
  });
  if (outcome?.kind === "paid") throw redirect(`/booking-success?${new URLSearchParams({ session_id: outcome.sessionId })}`);
  // Said only of a checkout this link names: the page opened some other way has no place to speak of.
  return { placeReleased: outcome?.kind === "released" };
}

export const meta: Route.MetaFunction = (args) => seo(args, { title: "Booking Canceled", noIndex: true });

export default function BookingCanceledPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <div className="rounded-2xl border border-navy/10 bg-white p-8 shadow-sm">
        <CircleX aria-hidden="true" className="size-12 text-gold-dark" />
        <h1 className="mt-4 text-3xl font-semibold">Booking Canceled</h1>
        <p className="mt-4 text-lg text-ink/80">Your booking process was canceled. You have not been charged.</p>
        <p className="mt-2 text-ink/70">
          {loaderData.placeReleased && "Your place has been released. "}If you had a question before booking, we are happy to help.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/courses">View Courses</ButtonLink>
          <ButtonLink variant="outline" to="/contact">
            Contact Us
          </ButtonLink>
          <ButtonLink variant="outline" to="/">
            Back to Home
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
