import { PageViewSchema } from "~/lib/schemas/page-view";
import { recordPageView } from "~/server/analytics.server";
import { appServices } from "~/server/context.server";
import { errorResponse, parseJsonBody, requireSameOrigin } from "~/server/http.server";
import type { Route } from "./+types/api.page-views";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  requireSameOrigin(request, env.siteUrl);
  const view = await parseJsonBody(request, PageViewSchema);
  await recordPageView(database.db, view);
  return new Response(null, { status: 204 });
}
