import { data } from "react-router";

import { publicRoute } from "~/server/http/guards.server";
import { redirectToNotFound } from "~/server/http/not-found.server";

import type { Route } from "./+types/unknown-path";

// Its action changes nothing and answers 404 to everyone: no origin need be asked for
// (the door still turns away another site's posts).
export const middleware = [publicRoute({ actionsFromAnywhere: true })];

const isApi = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** Spec: any unknown page path goes to /404, which answers with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  if (isApi(request)) return data({ error: "Not found." }, 404);
  return redirectToNotFound(request);
}

// Nothing accepts a submission at an unknown path.
export function action() {
  return data({ error: "Not found." }, 404);
}
