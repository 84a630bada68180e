import { PREFERENCES_MESSAGES, UpdatePreferencesSchema } from "~/lib/schemas/preferences";
import { ACCOUNT_CHANGED_MESSAGE } from "~/lib/schemas/profile";
import { setEventNotifications } from "~/server/accounts/profiles.server";
import { apiRoute, signedInUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";
import { UnavailableError } from "~/server/platform/errors.server";

import type { Route } from "./+types/api.v2.update-user-preferences";

export const middleware = [apiRoute({ user: "required", signedOutMessage: PREFERENCES_MESSAGES.loginRequired })];

/** Spec 7 preferences call: session cookie or bearer token; only the caller's own profile changes. */
export function action(args: Route.ActionArgs) {
  return jsonEndpoint("Updating preferences", async () => {
    const user = await signedInUser(args);
    const { preferences, accountId } = await parseJsonBody(args.request, UpdatePreferencesSchema);
    // The account page's switch, drawn for one account, must not change another that a second tab has signed in since.
    if (accountId !== undefined && accountId !== user.id) throw new UnavailableError(ACCOUNT_CHANGED_MESSAGE);
    await setEventNotifications(appServices(args.context).database.db, { ...user, name: user.name || null }, preferences.eventNotifications);
    return { message: PREFERENCES_MESSAGES.saved };
  });
}
