import { NewsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import { apiRoute } from "~/server/http/guards.server";
import { jsonEndpoint, parseJsonBody } from "~/server/http/responses.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";
import { limitFormSubmissions } from "~/server/platform/rate-limit.server";

import type { Route } from "./+types/api.v2.subscribe-newsletter";

export const middleware = [apiRoute()];

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Newsletter subscription", async () => {
    const subscription = await parseJsonBody(request, NewsletterSubscriptionSchema);
    await limitFormSubmissions(database.db, "newsletter", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return subscribeToNewsletter(database.db, subscription, { siteUrl: env.siteUrl });
  });
}
