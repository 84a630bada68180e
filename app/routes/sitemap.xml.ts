import { PAGES } from "~/lib/pages";
import { listOfferings } from "~/server/catalogue/offerings.server";
import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/sitemap.xml";

export const middleware = [publicRoute()];

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = appServices(context);
  const entries = [
    ...PAGES.flatMap((page) => (page.sitemap ? [{ path: `/${page.path}`, ...page.sitemap }] : [])),
    ...(await listOfferings(database.db)).map((offering) => ({ path: `/courses/${offering.slug}`, priority: 0.6, changefreq: "weekly" })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${env.siteUrl}${entry.path === "/" ? "/" : entry.path}`)}</loc><changefreq>${entry.changefreq}</changefreq><priority>${entry.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
