import { PageViewSchema } from "~/lib/schemas/page-view";
import { apiRoute } from "~/server/http/guards.server";
import { ownOrigins } from "~/server/http/origins.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { errorResponse, jsonEndpoint } from "~/server/http/responses.server";
import { OTHER_ORIGIN_MESSAGE, recordPageView } from "~/server/marketing/analytics.server";
import { appServices, requestInfoContext } from "~/server/platform/context.server";

import type { Route } from "./+types/api.page-views";

export const middleware = [apiRoute()];

export async function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Recording a page view", async () => {
    const view = await parseJsonBody(request, PageViewSchema);
    const outcome = await recordPageView(database.db, view, {
      siteOrigins: ownOrigins(new URL(request.url).origin, env.siteUrl),
      clientIp: context.get(requestInfoContext).clientIp,
      limit: env.pageViewRateLimit,
    });
    if (outcome === "other-origin") return errorResponse(400, OTHER_ORIGIN_MESSAGE);
    // A view past the address's budget is not stored but answered as one that is: the page that sent it can do
    // nothing about it, and a 429 would only put an error in its visitor's console (a busy office behind one address).
    return new Response(null, { status: 204 });
  });
}
