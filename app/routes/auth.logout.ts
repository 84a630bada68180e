import { data } from "react-router";

import { unlessConnectionLost } from "~/lib/connection-lost";
import { signOut } from "~/server/auth/credentials.server";
import { apiRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/auth.logout";

export const middleware = [apiRoute()];

/** Ends the session on the server and clears its cookie; the shell then toasts and goes to /auth. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = appServices(context);
  const outcome = await signOut(services, request);
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return data({ ok: outcome.ok, message: outcome.message }, { status: outcome.ok ? 200 : 400, headers });
}

/** Spec 8: a logout whose request is lost fails with the fallback message; the session is still there. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessConnectionLost(serverAction, () => ({ ok: false, message: "Logout failed. Please try again." }));
}
