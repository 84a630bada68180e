import { PREFERENCES_MESSAGES, UpdatePreferencesSchema } from "~/lib/schemas/preferences";
import { appServices } from "~/server/context.server";
import { errorResponse, jsonEndpoint, parseJsonBody, requireSameOrigin } from "~/server/http.server";
import { setEventNotifications } from "~/server/profiles.server";
import { requireApiUser } from "~/server/session.server";
import type { Route } from "./+types/api.v2.update-user-preferences";

export function loader() {
  return errorResponse(405, "Method not allowed.");
}

/** Spec 7 preferences call: session cookie or bearer token; only the caller's own profile changes. */
export function action({ request, context }: Route.ActionArgs) {
  const { env, database } = appServices(context);
  return jsonEndpoint("Updating preferences", async () => {
    requireSameOrigin(request, env.siteUrl);
    const user = await requireApiUser(request, context, PREFERENCES_MESSAGES.loginRequired);
    const { preferences } = await parseJsonBody(request, UpdatePreferencesSchema);
    await setEventNotifications(database.db, user.id, preferences.eventNotifications);
    return { message: PREFERENCES_MESSAGES.saved };
  });
}
