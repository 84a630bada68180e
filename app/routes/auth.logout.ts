import { data, redirect } from "react-router";

import { unlessConnectionLost } from "~/lib/connection-lost";
import { signOut } from "~/server/auth/credentials.server";
import { apiRoute, currentUser } from "~/server/http/guards.server";
import { isPagePost } from "~/server/http/request-bodies.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/auth.logout";

export const middleware = [apiRoute({ methods: ["GET", "POST"] })];

/** The address typed or bookmarked signs nobody out (a link on any page could): it leads to where the Logout button is. */
export async function loader(args: Route.LoaderArgs) {
  return redirect((await currentUser(args)) ? "/account" : "/auth");
}

/**
 * Ends the session on the server and clears its cookie; the shell then toasts and goes to /auth.
 * The header's form posted by the browser itself (scripts off or not loaded yet) is sent to /auth with the same words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = appServices(context);
  const outcome = await signOut(services, request);
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (isPagePost(request) && outcome.ok) {
    return redirect("/auth?notice=logged-out", { status: 303, headers });
  }
  return data({ ok: outcome.ok, message: outcome.message }, { status: outcome.ok ? 200 : 400, headers });
}

/** Spec 8: a logout whose request is lost fails with the fallback message; the session is still there. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessConnectionLost(serverAction, () => ({ ok: false, message: "Logout failed. Please try again." }));
}
