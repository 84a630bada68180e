import { createAuth } from "~/server/auth/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { DeliverEvent } from "~/server/payments/local.server";
import { createPaymentProvider } from "~/server/payments/providers.server";
import { receivePaymentEvent } from "~/server/payments/webhook.server";

import type { AppServices } from "./context.server";
import type { Env } from "./env.server";

/** A delivery waits no longer than this, well inside the minute before another instance may send the event again. */
const EVENT_DELIVERY_TIMEOUT_MS = 30_000;

/** Posts a signed event to a webhook route, as Stripe does. */
async function postEvent(url: string, payload: string, signature: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
    signal: AbortSignal.timeout(EVENT_DELIVERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}

/**
 * The services every request reaches, assembled once per process (and per
 * test database). The built-in checkout posts its signed events to the
 * server's own webhook route at `eventsUrl`, as Stripe would; without one (a
 * test with no HTTP server) it hands them to the receiver that route calls.
 */
export function createAppServices({
  env,
  database,
  appSecret,
  eventsUrl,
}: {
  env: Env;
  database: DatabaseHandle;
  appSecret: string;
  eventsUrl?: string;
}): AppServices {
  const deliver: DeliverEvent = eventsUrl
    ? (payload, signature) => postEvent(eventsUrl, payload, signature)
    : (payload, signature) => receivePaymentEvent(services, payload, signature);
  const services: AppServices = {
    env,
    database,
    auth: createAuth({ db: database.db, env, secret: appSecret }),
    payments: createPaymentProvider(env, { db: database.db, appSecret, deliver }),
  };
  return services;
}
