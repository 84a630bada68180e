import { z } from "zod";

/**
 * The analytics beacon: where the visitor is and what the page is called, as the
 * browser sees it. The server keeps only its public form (app/lib/page-location.ts).
 */
export const PageViewSchema = z.object({
  location: z.url({ protocol: /^https?$/ }).max(2048),
  title: z.string().trim().max(300),
  referrer: z.string().max(2048).optional(),
});

export type PageView = z.infer<typeof PageViewSchema>;
