import { data, redirect } from "react-router";

import { missingPathCookie } from "~/lib/missing-path";
import { redactPath } from "~/lib/page-location";
import { publicRoute } from "~/server/http/guards.server";
import { log } from "~/server/platform/log.server";

import type { Route } from "./+types/unknown-path";

// Its action changes nothing and answers 404 to everyone: no origin need be asked for
// (the door still turns away another site's posts).
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** Spec: any unknown page path goes to /404, which answers with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  if (isApi(request)) return data({ error: "Not found." }, 404);
  // A mistyped emailed link still carries its token: redacted like every logged path.
  const missingPath = redactPath(new URL(request.url).pathname).slice(0, 200);
  log.info(`Not found: ${missingPath}`);
  // The address stays /404; the page learns which path was missing from a cookie only it sees, once.
  return redirect("/404", { headers: { "Set-Cookie": missingPathCookie(missingPath) } });
}

// Nothing accepts a submission at an unknown path.
export function action() {
  return data({ error: "Not found." }, 404);
}
