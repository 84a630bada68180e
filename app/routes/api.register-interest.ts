import { publicFormEndpoint } from "~/server/http/form-endpoints.server";
import { apiRoute } from "~/server/http/guards.server";
import { INTEREST_FORM } from "~/server/marketing/public-forms.server";

import type { Route } from "./+types/api.register-interest";

export const middleware = [apiRoute()];

export function action(args: Route.ActionArgs) {
  return publicFormEndpoint(args, INTEREST_FORM);
}
