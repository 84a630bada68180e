import { CheckoutRequestSchema } from "~/lib/schemas/checkout";
import { startCheckout } from "~/server/booking/checkout.server";
import { guestCheckoutsOf, rememberGuestCheckout } from "~/server/booking/guest-checkouts.server";
import { apiRoute, currentUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";

import type { Route } from "./+types/api.v2.create-checkout-session";

export const middleware = [apiRoute()];

/**
 * Spec 7: `{ priceId, userId }` (plus the edition's `courseId`) answered with
 * `{ sessionId, url }`. Anyone may start a checkout; the buyer is whoever the
 * session or bearer token says, never the `userId` sent, which must be theirs
 * when given. A guest's browser remembers its checkout, so that Book Now again replaces it.
 */
export function action(args: Route.ActionArgs) {
  const services = appServices(args.context);
  return jsonEndpoint("Starting a checkout", async () => {
    const body = await parseJsonBody(args.request, CheckoutRequestSchema);
    const buyer = await currentUser(args);
    const guestCheckouts = await guestCheckoutsOf(args.request);
    const { sessionId, url, holdId } = await startCheckout(
      services,
      {
        priceId: body.priceId,
        courseId: body.courseId,
        buyer: buyer && { id: buyer.id, email: buyer.email },
        pageAccountId: body.userId,
        guestCheckouts,
      },
      { clientIp: args.context.get(requestInfoContext).clientIp },
    );
    if (buyer) return { sessionId, url };
    const cookie = await rememberGuestCheckout(guestCheckouts, holdId, services.env.siteUrl);
    return Response.json({ sessionId, url }, { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } });
  });
}
