import { redirect } from "react-router";

import { publicRoute } from "~/server/http/guards.server";

export const middleware = [publicRoute()];

// Retired landing pages (/lander, /lander/*, /v2/*) now live on the home page.
export function loader() {
  return redirect("/", 301);
}

export function action() {
  return redirect("/", 301);
}
