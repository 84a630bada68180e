import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

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
    // Only once a visitor has let a provider in (analytics-consent.tsx): its code stays out of every first load.
    if (window.plausible || window.gtag) void import("~/lib/third-party-page-view").then(({ sendThirdPartyPageView }) => sendThirdPartyPageView(view));
  }, [location.key]);
  return null;
}
