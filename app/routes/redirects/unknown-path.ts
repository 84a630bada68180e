import { data, redirect } from "react-router";

import { redactPath } from "~/lib/page-location";
import { publicRoute } from "~/server/http/guards.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/unknown-path";

export const middleware = [publicRoute()];

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** Spec: any unknown page path goes to /404, which answers with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  if (isApi(request)) return data({ error: "Not found." }, 404);
  // A mistyped emailed link still carries its token: redacted like every logged path.
  log.info(`Not found: ${redactPath(new URL(request.url).pathname).slice(0, 200)}`);
  return redirect("/404");
}

// Nothing accepts a submission at an unknown path.
export function action() {
  return data({ error: "Not found." }, 404);
}
