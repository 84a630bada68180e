import { redirect } from "react-router";

import { publicRoute } from "~/server/http/guards.server";
import { redirectToNotFound } from "~/server/http/not-found.server";

import type { Route } from "./+types/instructor-profile";

export const middleware = [publicRoute()];

// Old per-instructor pages (/instructors/dr-{name}, however an old link capitalised it) are now one page.
export function loader({ params, request }: Route.LoaderArgs) {
  return params.instructorSlug.toLowerCase().startsWith("dr-") ? redirect("/instructors", 301) : redirectToNotFound(request);
}
