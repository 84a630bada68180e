import { webhookRoute } from "~/server/http/guards.server";
import { readRawBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { receivePaymentEvent } from "~/server/payments/webhook.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.stripe.webhook";

export const middleware = [webhookRoute()];

/** Stripe's events (and the built-in checkout's): register this URL in Stripe's dashboard. */
export function action({ request, context }: Route.ActionArgs) {
  const services = appServices(context);
  return jsonEndpoint("Payment event", async () => receivePaymentEvent(services, await readRawBody(request), request.headers.get("stripe-signature")));
}
