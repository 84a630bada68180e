import { DeleteCourseSchema } from "~/lib/schemas/schedule";
import { deleteEdition } from "~/server/admin/schedule.server";
import { apiRoute, signedInUser } from "~/server/http/guards.server";
import { parseJsonBody } from "~/server/http/request-bodies.server";
import { jsonEndpoint } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.functions.delete-course";

export const middleware = [apiRoute({ user: "admin" })];

/** Spec 7 delete-course: `{ course_id }`; an edition with bookings is refused (409) and can be deactivated instead. */
export function action(args: Route.ActionArgs) {
  return jsonEndpoint("Deleting a course", async () => {
    const { course_id } = await parseJsonBody(args.request, DeleteCourseSchema);
    return { deleted: await deleteEdition(appServices(args.context), await signedInUser(args), course_id) };
  });
}
