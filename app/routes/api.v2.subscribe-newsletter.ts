import { NewsletterSubscriptionSchema } from "~/lib/schemas/newsletter";
import { appServices, requestInfoContext } from "~/server/context.server";
import { errorResponse, jsonEndpoint, parseJsonBody, requireSameOrigin } from "~/server/http.server";
import { subscribeToNewsletter } from "~/server/newsletter.server";
import { limitFormSubmissions } from "~/server/rate-limit.server";
import type { Route } from "./+types/api.v2.subscribe-newsletter";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Newsletter subscription", async () => {
    requireSameOrigin(request, env.siteUrl);
    const subscription = await parseJsonBody(request, NewsletterSubscriptionSchema);
    await limitFormSubmissions(database.db, "newsletter", context.get(requestInfoContext).clientIp, env.formRateLimit);
    return subscribeToNewsletter(database.db, subscription, { siteUrl: env.siteUrl });
  });
}
