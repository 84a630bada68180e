import type { Database } from "~/server/db/client.server";
import type { Env } from "~/server/platform/env.server";

import { createLocalCheckout, type DeliverEvent, type LocalCheckout, localWebhookSecret } from "./local.server";
import type { PaymentProvider } from "./provider.server";
import { createStripeProvider } from "./stripe.server";

/** Stripe when its keys are set; the built-in checkout otherwise (design.md 3). Mail is chosen on its own. */
export function createPaymentProvider(env: Env, { db, appSecret, deliver }: { db: Database; appSecret: string; deliver: DeliverEvent }): PaymentProvider {
  if (env.payments.kind === "stripe") return createStripeProvider(env.payments);
  return createLocalCheckout({ db, siteUrl: env.siteUrl, webhookSecret: localWebhookSecret(appSecret), deliver });
}

/** The built-in checkout, when it is the provider: only its pages and clock need it. */
export function asLocalCheckout(provider: PaymentProvider): LocalCheckout | null {
  return provider.kind === "local" ? (provider as LocalCheckout) : null;
}
