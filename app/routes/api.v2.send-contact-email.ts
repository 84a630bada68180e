import { publicFormEndpoint } from "~/server/http/form-endpoints.server";
import { apiRoute } from "~/server/http/guards.server";
import { CONTACT_FORM } from "~/server/marketing/public-forms.server";

import type { Route } from "./+types/api.v2.send-contact-email";

export const middleware = [apiRoute()];

export function action(args: Route.ActionArgs) {
  return publicFormEndpoint(args, CONTACT_FORM);
}
