import { redirect } from "react-router";

import { isExposedAuthEndpoint, isResetLink, unreadableRequestMessage } from "~/server/auth/endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { isPagelessAnonymousCall } from "~/server/http/origins.server";
import { errorResponse, withErrorField } from "~/server/http/responses.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/api.auth";

/** Anyone; the auth library checks origins itself, and its bearer-token clients send none. */
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

const RESET_PAGE = "/auth/reset-password";
const FETCH_METADATA = ["sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user"];

/** The request as the library is to see it. */
function forLibrary(request: Request): Request {
  const url = new URL(request.url);
  if (isResetLink(request)) {
    // A reset link leads to our page however it arrived: cut short by a mail client, or its return address changed.
    url.search = new URLSearchParams({ callbackURL: RESET_PAGE }).toString();
    return new Request(url, { headers: request.headers });
  }
  if (isPagelessAnonymousCall(request)) {
    // No Origin and no cookie is no browser's request (a browser names its page on every POST), and there is no session
    // to forge one with. Node's fetch sends Sec-Fetch-Mode all the same, which the library takes for a browser's
    // request that left out its Origin, refusing the bearer-token clients the product logs in here.
    const headers = new Headers(request.headers);
    for (const name of FETCH_METADATA) headers.delete(name);
    return new Request(request, { headers });
  }
  return request;
}

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
  return withErrorField(await appServices(context).auth.handler(forLibrary(request)), unreadableRequestMessage(request));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
