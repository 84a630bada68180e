import { redirect } from "react-router";

import { isExposedAuthEndpoint, isVerificationLinkLive } from "~/server/auth/endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { errorResponse, withErrorField } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.auth";

/** Anyone; the auth library checks origins itself, and its bearer-token clients send none. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

/**
 * Better Auth's own endpoints, only those the product uses: email
 * confirmation and reset links, and login, session and logout for bearer-token
 * clients. Every other path of the library answers 404; refusals answer `{ error }` as every endpoint does.
 */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  if (!isExposedAuthEndpoint(request)) throw errorResponse(404, "Not found.");
  const services = appServices(context);
  // A confirmation link whose sign-up has ended (another link was followed, or it expired) does nothing.
  if (new URL(request.url).pathname === "/api/auth/verify-email" && !(await isVerificationLinkLive(services.database.db, request))) {
    throw redirect("/auth?view=sign_in&notice=link-invalid");
  }
  return withErrorField(await services.auth.handler(request));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
