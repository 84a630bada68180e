import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { PublicEnv } from "~/server/env.server";

type ThirdPartyAnalytics = Exclude<PublicEnv["analytics"], { kind: "first-party" }>;

export const CONSENT_STORAGE_KEY = "gii-analytics-consent";

function loadProvider(analytics: ThirdPartyAnalytics) {
  if (document.querySelector("script[data-analytics-provider]")) return;
  const script = document.createElement("script");
  script.async = true;
  script.dataset.analyticsProvider = analytics.kind;
  if (analytics.kind === "plausible") {
    // Manual mode: page views are sent by ReportPageViews with the full location.
    script.src = "https://plausible.io/js/script.manual.js";
    script.dataset.domain = analytics.domain;
    window.plausible ??= function queue(...args: unknown[]) {
      ((queue as unknown as { q?: unknown[][] }).q ??= []).push(args);
    };
    window.plausible("pageview", { u: window.location.href });
  } else {
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.measurementId)}`;
    const dataLayer: unknown[] = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
    window.gtag = (...args: unknown[]) => void dataLayer.push(args);
    window.gtag("js", new Date());
    window.gtag("config", analytics.measurementId, { send_page_view: false });
    window.gtag("event", "page_view", { page_location: window.location.href, page_title: document.title });
  }
  document.head.appendChild(script);
}

/** Shown only when a third-party provider is configured; first-party analytics need no consent. */
export function AnalyticsConsent({ analytics }: { analytics: PublicEnv["analytics"] }) {
  const [choice, setChoice] = useState<"granted" | "denied" | "unknown" | "pending">("pending");

  useEffect(() => {
    if (analytics.kind === "first-party") return;
    const stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    const current = stored === "granted" || stored === "denied" ? stored : "unknown";
    setChoice(current);
    if (current === "granted") loadProvider(analytics);
  }, [analytics]);

  if (analytics.kind === "first-party" || choice !== "unknown") return null;

  const decide = (decision: "granted" | "denied") => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, decision);
    setChoice(decision);
    if (decision === "granted") loadProvider(analytics);
  };

  return (
    <div
      role="dialog"
      aria-label="Cookie consent"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-2xl rounded-lg bg-white p-5 shadow-2xl ring-1 ring-black/10"
    >
      <p className="text-sm text-ink">
        We would like to measure visits with {analytics.kind === "plausible" ? "Plausible" : "Google Analytics"} to
        improve the site. Nothing is measured by them unless you agree. Read our{" "}
        <Link to="/privacy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 flex gap-3">
        <Button onClick={() => decide("granted")}>Accept</Button>
        <Button variant="ghost" onClick={() => decide("denied")}>
          Decline
        </Button>
      </div>
    </div>
  );
}
