import { CloseIcon } from "./shell-icons";

export const DEMO_RIBBON_TEXT = "Demo mode: payments are simulated and emails stay in the built-in mailbox";
const DISMISSED_KEY = "gii-demo-ribbon-dismissed";
const DISMISSED_CLASS = "demo-ribbon-dismissed";

/** Runs before first paint, so a ribbon dismissed earlier never shows and never shifts the page. */
export const DEMO_RIBBON_SCRIPT = `try{if(localStorage.getItem("${DISMISSED_KEY}"))document.documentElement.classList.add("${DISMISSED_CLASS}")}catch(e){}`;

/**
 * While the built-in providers are on, every page says so: a demo must never
 * be mistaken for a shop. Dismissed for this browser until its storage is cleared.
 */
export function DemoRibbon() {
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage refused (private mode): hidden for this page only.
    }
    document.documentElement.classList.add(DISMISSED_CLASS);
  };
  return (
    <div
      className="demo-ribbon flex h-[var(--ribbon-height)] items-center justify-center gap-2 bg-gold px-3 text-navy focus-ring-on-gold"
      role="note"
      aria-label="Demo mode"
    >
      <p className="text-center text-xs leading-4 font-medium">{DEMO_RIBBON_TEXT}</p>
      {/* As tall as the ribbon: its ring is drawn inside it, on the gold, not over the header's edge. */}
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the demo mode notice"
        className="inline-flex h-full min-w-11 shrink-0 items-center justify-center rounded hover:bg-navy/10 focus-visible:-outline-offset-2"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
