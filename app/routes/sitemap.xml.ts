import { OFFERINGS } from "~/content/offerings";
import { PAGES } from "~/lib/pages";
import { appServices } from "~/server/context.server";
import type { Route } from "./+types/sitemap.xml";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export function loader({ context }: Route.LoaderArgs) {
  const { env } = appServices(context);
  const entries = [
    ...PAGES.flatMap((page) => (page.sitemap ? [{ path: `/${page.path}`, ...page.sitemap }] : [])),
    ...OFFERINGS.map((offering) => ({ path: `/courses/${offering.slug}`, priority: 0.6, changefreq: "weekly" })),
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
