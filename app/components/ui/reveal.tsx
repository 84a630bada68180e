import { type ComponentProps, useEffect, useRef } from "react";

/** Spec 2: sections fade in once, when 10% of them is visible. */
const REVEAL_THRESHOLD = 0.1;

/**
 * Hides a section that starts below the fold and shows it once 10% of it is on
 * screen; returns the clean-up. It writes the attribute itself, so that a
 * section the browser never hydrates (see static-html.tsx) fades in as well.
 * Where the section is comes from the observer's first report, not from
 * measuring it here: measuring each section in turn, between the writes of the
 * sections before it, laid the whole page out again once per section during hydration.
 */
export function revealOnScroll(element: HTMLElement): () => void {
  let firstReport = true;
  const observer = new IntersectionObserver(
    (entries) => {
      // Below the fold when first seen: hidden until it comes up. One already on screen stays shown rather than flash.
      if (entries.some((entry) => entry.isIntersecting)) {
        element.dataset.reveal = "shown";
        observer.disconnect();
      } else if (firstReport) element.dataset.reveal = "hidden";
      firstReport = false;
    },
    { threshold: REVEAL_THRESHOLD },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

export function Reveal(props: ComponentProps<"section">) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? revealOnScroll(ref.current) : undefined), []);
  // Rendered as shown (for the server and for visitors without scripts); the effect hides it until it is on screen.
  return <section ref={ref} data-reveal="shown" {...props} />;
}
