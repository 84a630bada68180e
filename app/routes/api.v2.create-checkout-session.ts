import { CheckoutRequestSchema } from "~/lib/schemas/checkout";
import { startCheckout } from "~/server/booking/checkout.server";
import { apiRoute, currentUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";

import type { Route } from "./+types/api.v2.create-checkout-session";

export const middleware = [apiRoute()];

/**
 * Spec 7: `{ priceId, userId }` (plus the edition's `courseId`) answered with
 * `{ sessionId, url }`. Anyone may start a checkout; the buyer is whoever the
 * session or bearer token says, never the `userId` sent.
 */
export function action(args: Route.ActionArgs) {
  const services = appServices(args.context);
  return jsonEndpoint("Starting a checkout", async () => {
    const body = await parseJsonBody(args.request, CheckoutRequestSchema);
    const buyer = await currentUser(args);
    const { sessionId, url } = await startCheckout(
      services,
      { priceId: body.priceId, courseId: body.courseId, buyer: buyer && { id: buyer.id, email: buyer.email } },
      { clientIp: args.context.get(requestInfoContext).clientIp },
    );
    return { sessionId, url };
  });
}
