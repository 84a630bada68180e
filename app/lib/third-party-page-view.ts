import { thirdPartyPageView } from "~/lib/page-location";
import type { PageView } from "~/lib/schemas/page-view";

declare global {
  interface Window {
    plausible?: (event: string, options?: { u?: string }) => void;
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * Sends a page view to the configured third-party provider (after consent),
 * with only the public form of the page and its referrer: links from our
 * emails carry secrets in their path or query.
 */
export function sendThirdPartyPageView(view: PageView = { location: window.location.href, title: document.title, referrer: document.referrer }) {
  const page = thirdPartyPageView(view.location, view.referrer ?? "", window.location.origin);
  if (!page) return;
  window.plausible?.("pageview", { u: page.location });
  if (window.gtag) {
    const fields = { page_location: page.location, page_referrer: page.referrer, page_title: view.title };
    // Set for every later event too, so GA never falls back to the real address bar or referrer.
    window.gtag("set", fields);
    window.gtag("event", "page_view", fields);
  }
}
