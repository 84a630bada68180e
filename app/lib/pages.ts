/**
 * The spec's route table (section 2): one entry per page. app/routes.ts builds
 * the router from it and the sitemap lists the entries marked indexable, so the
 * two can never drift apart.
 */
export interface PageEntry {
  /** URL path pattern without the leading slash; "" is the home page. */
  path: string;
  file: string;
  /** Listed in sitemap.xml; pages for one person (account, checkout results) are not. */
  sitemap?: { priority: number; changefreq: "daily" | "weekly" | "monthly" | "yearly" };
}

/** Where a visitor who must sign in is sent: /auth says 'Please log in to view your account.' */
export const LOGIN_REQUIRED_PATH = "/auth?notice=login-required";
/** Where an anonymous visitor to the back office is sent: /auth names the dashboard they asked for. */
export const ADMIN_LOGIN_REQUIRED_PATH = "/auth?notice=admin-login-required";

/**
 * A page a login may lead back to: one of the account's or the back office's, as this site writes them (a path of
 * plain segments, never another site's address). Anything else is no page to return to.
 */
export function returnPath(value: unknown): string | undefined {
  return typeof value === "string" && value.length <= 200 && /^\/(account|admin)(\/[A-Za-z0-9_-]+)*$/.test(value) ? value : undefined;
}

/**
 * The login a visitor who must sign in is sent to, naming the page they asked for (an emailed receipt's link, a
 * back-office page) so the login leads back to it; the account and the dashboard are where a login goes anyway.
 */
export function loginPathFor(asked: string, login: string): string {
  const path = returnPath(asked.replace(/\.data$/, ""));
  return path && path !== "/account" && path !== "/admin" ? `${login}&next=${encodeURIComponent(path)}` : login;
}

export const PAGES: readonly PageEntry[] = [
  { path: "", file: "routes/home.tsx", sitemap: { priority: 1, changefreq: "weekly" } },
  { path: "courses", file: "routes/courses.tsx", sitemap: { priority: 0.9, changefreq: "weekly" } },
  { path: "courses/full-arch", file: "routes/courses.full-arch.tsx", sitemap: { priority: 0.9, changefreq: "weekly" } },
  { path: "courses/grafting", file: "routes/courses.grafting.tsx", sitemap: { priority: 0.8, changefreq: "weekly" } },
  { path: "courses/:courseId", file: "routes/courses.$courseId.tsx" },
  { path: "upcoming-events", file: "routes/upcoming-events.tsx", sitemap: { priority: 0.8, changefreq: "daily" } },
  { path: "instructors", file: "routes/instructors.tsx", sitemap: { priority: 0.7, changefreq: "monthly" } },
  { path: "contact", file: "routes/contact.tsx", sitemap: { priority: 0.6, changefreq: "yearly" } },
  { path: "booking", file: "routes/booking.tsx", sitemap: { priority: 0.7, changefreq: "daily" } },
  { path: "booking-success", file: "routes/booking-success.tsx" },
  { path: "booking-canceled", file: "routes/booking-canceled.tsx" },
  { path: "account", file: "routes/account.tsx" },
  { path: "auth", file: "routes/auth.tsx" },
  { path: "terms", file: "routes/terms.tsx", sitemap: { priority: 0.3, changefreq: "yearly" } },
  { path: "privacy", file: "routes/privacy.tsx", sitemap: { priority: 0.3, changefreq: "yearly" } },
  { path: "404", file: "routes/not-found.tsx" },
];
