import { DeactivateCourseSchema } from "~/lib/schemas/schedule";
import { deactivateEdition } from "~/server/admin/schedule.server";
import { apiRoute, signedInUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.functions.deactivate-course";

export const middleware = [apiRoute({ user: "admin" })];

/** `{ course_id }`: the edition leaves sale and the schedule and keeps its bookings. */
export function action(args: Route.ActionArgs) {
  return jsonEndpoint("Deactivating a course", async () => {
    const { course_id } = await parseJsonBody(args.request, DeactivateCourseSchema);
    return { deactivated: await deactivateEdition(appServices(args.context), await signedInUser(args), course_id) };
  });
}
