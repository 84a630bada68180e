import { appServices } from "~/server/context.server";
import type { Route } from "./+types/api.auth";

// Better Auth's own endpoints: email verification and reset links, bearer-token clients.
export function loader({ request, context }: Route.LoaderArgs) {
  return appServices(context).auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return appServices(context).auth.handler(request);
}
