import { redirect } from "react-router";

import { publicRoute } from "~/server/http/guards.server";

export const middleware = [publicRoute()];

export function loader() {
  return redirect("/upcoming-events", 301);
}
