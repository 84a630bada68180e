import { X } from "lucide-react";

import type { SimulatedProviders } from "~/server/platform/env.server";

/** Names only what is simulated: with SMTP_URL set, emails do leave; with Stripe's keys, payments are real. */
function demoRibbonText(simulated: SimulatedProviders) {
  const notes = [simulated.payments && "payments are simulated", simulated.mail && "emails stay in the built-in mailbox"].filter(Boolean);
  return `Demo mode: ${notes.join(" and ")}`;
}
const DISMISSED_KEY = "gii-demo-ribbon-dismissed";
const DISMISSED_CLASS = "demo-ribbon-dismissed";

/**
 * Runs before first paint, so a ribbon dismissed earlier never shows and never shifts the page. It also
 * takes the ribbon's ×, whenever it is pressed (before the page's code has loaded too): the ribbon is kept
 * as the server sent it, with no code of its own in any page's JavaScript.
 */
export const DEMO_RIBBON_SCRIPT = `try{if(localStorage.getItem("${DISMISSED_KEY}"))document.documentElement.classList.add("${DISMISSED_CLASS}")}catch(e){}
document.addEventListener("click",function(e){if(!(e.target instanceof Element&&e.target.closest("[data-dismiss-demo-ribbon]")))return;try{localStorage.setItem("${DISMISSED_KEY}","1")}catch(x){}document.documentElement.classList.add("${DISMISSED_CLASS}")})`;

/**
 * While the built-in providers are on, every page says so: a demo must never
 * be mistaken for a shop. Dismissed for this browser until its storage is cleared
 * (storage refused, as in private mode: for this page only).
 */
export function DemoRibbon({ simulated }: { simulated: SimulatedProviders }) {
  // Hidden by a variant of its own: a rule in the base layer loses to the utilities' `flex`, which left the
  // text showing over the header at height 0.
  return (
    <div
      className="flex h-[var(--ribbon-height)] items-center justify-center gap-2 bg-gold px-3 text-navy focus-ring-on-gold in-[.demo-ribbon-dismissed]:hidden"
      role="note"
      aria-label="Demo mode"
    >
      <p className="text-center text-xs leading-4 font-medium">{demoRibbonText(simulated)}</p>
      {/* As tall as the ribbon: its ring is drawn inside it, on the gold, not over the header's edge. */}
      <button
        type="button"
        data-dismiss-demo-ribbon
        aria-label="Dismiss the demo mode notice"
        className="inline-flex h-full min-w-11 shrink-0 items-center justify-center rounded hover:bg-navy/10 focus-visible:-outline-offset-2 noscript:hidden"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
