import type { MetaDescriptor } from "react-router";

import { SITE } from "~/content/site";

/** Spec 3, Page metadata. */
export interface PageMetadata {
  title?: string;
  description?: string;
  keywords?: readonly string[];
  /** Path on the main host, such as "/courses"; defaults to the current path. */
  canonicalPath?: string;
  ogImageUrl?: string;
  ogType?: string;
  structuredData?: object | readonly object[];
  noIndex?: boolean;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${SITE.name}` : SITE.defaultTitle;
}

function absolute(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl}/`).href;
}

/** Every route's meta goes through here, so each page has the same full set of tags. */
export function pageMeta(siteUrl: string, currentPath: string, page: PageMetadata): MetaDescriptor[] {
  const title = documentTitle(page.title);
  const description = page.description ?? SITE.defaultDescription;
  const canonical = absolute(siteUrl, page.canonicalPath ?? currentPath);
  const image = absolute(siteUrl, page.ogImageUrl ?? SITE.defaultShareImage);
  const structured: readonly object[] = page.structuredData ? (Array.isArray(page.structuredData) ? page.structuredData : [page.structuredData]) : [];
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: (page.keywords ?? SITE.defaultKeywords).join(", ") },
    {
      name: "robots",
      content: page.noIndex ? "noindex, nofollow" : "index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1",
    },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.ogType ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...structured.map((data) => ({ "script:ld+json": data })),
  ];
}

export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "EducationalOrganization",
    name: SITE.name,
    url: siteUrl,
    logo: absolute(siteUrl, SITE.logo),
    email: SITE.generalEmail,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${SITE.dubaiAddress.building}, ${SITE.dubaiAddress.area}`,
      addressLocality: SITE.dubaiAddress.city,
      addressCountry: "AE",
    },
  };
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>;
}

/** The site's main URL, from the root loader; for meta exports that build absolute links. */
export function siteUrlOf(args: Pick<MetaArgsLike, "matches">): string {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { publicEnv?: { siteUrl?: string } } | undefined;
  return root?.publicEnv?.siteUrl ?? "http://localhost:3000";
}

/** For a route's meta export: the site URL comes from the root loader. */
export function seo(args: MetaArgsLike, page: PageMetadata): MetaDescriptor[] {
  return pageMeta(siteUrlOf(args), args.location.pathname, page);
}
