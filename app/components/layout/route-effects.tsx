import { useEffect } from "react";
import { useLocation } from "react-router";
import type { PageView } from "~/lib/schemas/page-view";

/** Spec 2: after a navigation, scroll smoothly to the hash target after 100 ms, else to the top. */
export const HASH_SCROLL_DELAY_MS = 100;

export function ScrollOnNavigation() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
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

/** Spec 2: every navigation, first load included, reports its full location and title. */
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
    window.plausible?.("pageview", { u: view.location });
    window.gtag?.("event", "page_view", { page_location: view.location, page_title: view.title });
  }, [location.key]);
  return null;
}
