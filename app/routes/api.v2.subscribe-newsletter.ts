import { publicFormEndpoint } from "~/server/http/form-endpoints.server";
import { apiRoute } from "~/server/http/guards.server";
import { NEWSLETTER_FORM } from "~/server/marketing/public-forms.server";

import type { Route } from "./+types/api.v2.subscribe-newsletter";

export const middleware = [apiRoute()];

export function action(args: Route.ActionArgs) {
  return publicFormEndpoint(args, NEWSLETTER_FORM);
}
