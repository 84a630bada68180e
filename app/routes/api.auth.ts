import { redirect } from "react-router";

import { isExposedAuthEndpoint, unreadableRequestMessage } from "~/server/auth/endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { errorResponse, withErrorField } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.auth";

/** Anyone; the auth library checks origins itself, and its bearer-token clients send none. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

/**
 * Better Auth's own endpoints, only those the product uses: reset links, and
 * login, session and logout for bearer-token clients. Every other path of the
 * library answers 404; refusals answer `{ error }` as every endpoint does.
 */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const url = new URL(request.url);
  // The library's own confirmation link (as emails carried it before /auth/confirm) leads to the page that asks first.
  if (url.pathname === "/api/auth/verify-email" && request.method === "GET") {
    const page = new URLSearchParams();
    for (const name of ["token", "signup"]) page.set(name, url.searchParams.get(name) ?? "");
    throw redirect(`/auth/confirm?${page}`);
  }
  if (!isExposedAuthEndpoint(request)) throw errorResponse(404, "Not found.");
  return withErrorField(await appServices(context).auth.handler(request), unreadableRequestMessage(request));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
