import { useEffect, useState } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { thirdPartyPageView } from "~/lib/page-location";
import { sendThirdPartyPageView } from "~/lib/third-party-page-view";
import type { PublicEnv } from "~/server/platform/env.server";

type ThirdPartyAnalytics = Exclude<PublicEnv["analytics"], { kind: "first-party" }>;

const CONSENT_STORAGE_KEY = "gii-analytics-consent";

/**
 * Third-party scripts read document.referrer themselves (Plausible has no
 * option to replace it), so before one loads the page's own referrer is
 * shadowed by its public form: a previous page's token never reaches them.
 */
function hidePrivateReferrer() {
  const referrer = thirdPartyPageView(window.location.href, document.referrer, window.location.origin)?.referrer ?? "";
  Object.defineProperty(document, "referrer", { configurable: true, get: () => referrer });
}

function loadProvider(analytics: ThirdPartyAnalytics) {
  if (document.querySelector("script[data-analytics-provider]")) return;
  hidePrivateReferrer();
  const script = document.createElement("script");
  script.async = true;
  script.dataset.analyticsProvider = analytics.kind;
  if (analytics.kind === "plausible") {
    // Manual mode: every page view is sent by sendThirdPartyPageView with the public location.
    script.src = "https://plausible.io/js/script.manual.js";
    script.dataset.domain = analytics.domain;
    window.plausible ??= function queue(...args: unknown[]) {
      ((queue as unknown as { q?: unknown[][] }).q ??= []).push(args);
    };
  } else {
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.measurementId)}`;
    const dataLayer: unknown[] = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
    window.gtag = (...args: unknown[]) => void dataLayer.push(args);
    window.gtag("js", new Date());
    window.gtag("config", analytics.measurementId, { send_page_view: false });
  }
  sendThirdPartyPageView();
  document.head.appendChild(script);
}

/** Shown only when a third-party provider is configured; first-party analytics need no consent. */
export function AnalyticsConsent({ analytics }: { analytics: PublicEnv["analytics"] }) {
  const [choice, setChoice] = useState<"granted" | "denied" | "unknown" | "pending">("pending");

  useEffect(() => {
    if (analytics.kind === "first-party") return;
    const stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    const current = stored === "granted" || stored === "denied" ? stored : "unknown";
    // The stored choice can only be read in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
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
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-2xl rounded-lg bg-white p-5 shadow-2xl ring-1 ring-black/10 print:hidden"
    >
      <p className="text-sm text-ink">
        We would like to measure visits with {analytics.kind === "plausible" ? "Plausible" : "Google Analytics"} to improve the site. Nothing is measured by
        them unless you agree. Read our{" "}
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
