import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

import { thirdPartyPageView } from "~/lib/page-location";
import type { PageView } from "~/lib/schemas/page-view";

/** Spec 2: after a navigation, scroll smoothly to the hash target after 100 ms, else to the top. */
const HASH_SCROLL_DELAY_MS = 100;

export function ScrollOnNavigation() {
  const { pathname, hash, key } = useLocation();
  // The entry the document was loaded at: the browser placed that one, before the page hydrated.
  const loadedAt = useRef(key);
  useEffect(() => {
    if (!hash) {
      // A visitor who scrolled (towards a button, say) while the page was loading is not sent back to the top when it hydrates.
      if (key !== loadedAt.current) window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, key]);
  return null;
}

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
export function sendThirdPartyPageView() {
  const page = thirdPartyPageView(window.location.href, document.referrer, window.location.origin);
  if (!page) return;
  window.plausible?.("pageview", { u: page.location });
  if (window.gtag) {
    const fields = { page_location: page.location, page_referrer: page.referrer, page_title: document.title };
    // Set for every later event too, so GA never falls back to the real address bar or referrer.
    window.gtag("set", fields);
    window.gtag("event", "page_view", fields);
  }
}

/**
 * Spec 2: every navigation, first load included, reports its location and
 * title; the server stores only their public form.
 */
export function ReportPageViews() {
  const location = useLocation();
  useEffect(() => {
    const view: PageView = {
      location: window.location.href,
      title: document.title,
      referrer: document.referrer || undefined,
    };
    // keepalive lets the report finish even when the visitor leaves at once.
    void fetch("/api/page-views", {
      method: "POST",
      body: JSON.stringify(view),
      headers: { "Content-Type": "application/json" },
      keepalive: true,
    }).catch(() => {});
    sendThirdPartyPageView();
  }, [location.key]);
  return null;
}
