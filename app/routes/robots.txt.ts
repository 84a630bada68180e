import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/robots.txt";

export const middleware = [publicRoute()];

const PRIVATE_PATHS = ["/account", "/admin", "/auth", "/booking-success", "/booking-canceled", "/api/", "/dev/"];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = appServices(context);
  const body = ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${env.siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
