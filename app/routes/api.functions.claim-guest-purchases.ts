import { appServices } from "~/server/context.server";
import { errorResponse, jsonEndpoint, requireSameOrigin } from "~/server/http.server";
import { claimGuestPurchases } from "~/server/purchases.server";
import { requireApiUser } from "~/server/session.server";
import type { Route } from "./+types/api.functions.claim-guest-purchases";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Claiming guest purchases", async () => {
    requireSameOrigin(request, env.siteUrl);
    const user = await requireApiUser(request, context);
    return { claimed_count: await claimGuestPurchases(database.db, user) };
  });
}
