import { claimGuestPurchases } from "~/server/accounts/purchases.server";
import { apiRoute, signedInUser } from "~/server/http/guards.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.functions.claim-guest-purchases";

export const middleware = [apiRoute({ user: "required" })];

/** Spec 7: the signed-in person's guest purchases become theirs; answers `{ claimed_count }`. */
export function action(args: Route.ActionArgs) {
  return jsonEndpoint("Claiming guest purchases", async () => ({
    claimed_count: await claimGuestPurchases(appServices(args.context).database.db, await signedInUser(args)),
  }));
}
