import { z } from "zod";

/**
 * The analytics beacon: where the visitor is and what the page is called, as the
 * browser sees it. The server keeps only its public form (app/lib/page-location.ts).
 */
export const PAGE_VIEW_INVALID_MESSAGE = "A page view needs the page's web address and its title.";

export const PageViewSchema = z.object(
  {
    location: z.url({ protocol: /^https?$/, error: PAGE_VIEW_INVALID_MESSAGE }).max(2048, PAGE_VIEW_INVALID_MESSAGE),
    title: z.string(PAGE_VIEW_INVALID_MESSAGE).trim().max(300, PAGE_VIEW_INVALID_MESSAGE),
    referrer: z.string(PAGE_VIEW_INVALID_MESSAGE).max(2048, PAGE_VIEW_INVALID_MESSAGE).optional(),
  },
  PAGE_VIEW_INVALID_MESSAGE,
);

export type PageView = z.infer<typeof PageViewSchema>;
