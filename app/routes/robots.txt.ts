import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/robots.txt";

export const middleware = [publicRoute()];

// Only what is no page. The account, admin, auth and booking-result pages say 'noindex, nofollow' themselves,
// which a crawler reads only if it may fetch them: disallowed here, a linked one could still be indexed by its address.
const UNCRAWLED_PATHS = ["/api/", "/dev/"];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = appServices(context);
  const body = ["User-agent: *", ...UNCRAWLED_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${env.siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
