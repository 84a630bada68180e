import { CreateCourseSchema } from "~/lib/schemas/schedule";
import { scheduleFromTemplate } from "~/server/admin/schedule.server";
import { apiRoute, signedInUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.functions.create-course";

export const middleware = [apiRoute({ user: "admin" })];

/**
 * Spec 7 create-course: `{ template_course_id, new_start_date }`, the template
 * being an edition's id or, for a course with no edition left, its offering's
 * key (as the dashboard's template select gives it); answers the new edition.
 */
export function action(args: Route.ActionArgs) {
  return jsonEndpoint("Scheduling a course", async () => {
    const input = await parseJsonBody(args.request, CreateCourseSchema);
    const services = appServices(args.context);
    return scheduleFromTemplate(services.database.db, await signedInUser(args), input, { siteUrl: services.env.siteUrl });
  });
}
