import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

import type { PageView } from "~/lib/schemas/page-view";

/** Spec 2: after a navigation, scroll smoothly to the hash target after 100 ms, else to the top. */
const HASH_SCROLL_DELAY_MS = 100;

export function ScrollOnNavigation() {
  const { pathname, hash, key } = useLocation();
  // The entry the document was loaded at, until the visitor moves on: then coming back to it (Back) is a navigation like any other.
  // By its address too: a plain in-page link (#level-3) makes entries the router gives no key of their own ("default").
  const here = `${key} ${pathname}${hash}`;
  const loadedAt = useRef(here);
  useEffect(() => {
    // Spec 2 decides where a navigation lands, Back included: the browser's own restore would otherwise
    // race this effect (and win on a slow machine), leaving the page where it was left.
    history.scrollRestoration = "manual";
    if (here !== loadedAt.current) loadedAt.current = "";
    if (!hash) {
      // A visitor who scrolled (towards a button, say) while the page was loading is not sent back to the top when it hydrates.
      if (!loadedAt.current) scrollTo(0, 0);
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, key, here]);
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

/**
 * A navigation without a page load says nothing to a screen reader, which stays on the link it
 * followed: the new page's title is read out, as a page load would announce it. Not on the first load.
 */
export function AnnounceNavigation() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  const [title, setTitle] = useState("");
  // Only a new page is announced, not a search or a hash on the same one.
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    // The new <title> is in place once React has committed the page; the next frame reads it.
    const frame = window.requestAnimationFrame(() => setTitle(document.title));
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p id="navigation-announcer" aria-live="assertive" aria-atomic="true" className="sr-only">
      {title}
    </p>
  );
}
