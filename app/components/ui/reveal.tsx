import { type ComponentProps, useEffect, useRef } from "react";

/** Spec 2: sections fade in once, when 10% of them is visible. */
const REVEAL_THRESHOLD = 0.1;

/**
 * Hides a section that starts below the fold and shows it once 10% of it is on
 * screen; returns the clean-up. It writes the attribute itself, so that a
 * section the browser never hydrates (see static-html.tsx) fades in as well.
 */
export function revealOnScroll(element: HTMLElement): () => void {
  const rect = element.getBoundingClientRect();
  // Already on screen at first paint: show at once rather than flash.
  if (rect.top < window.innerHeight && rect.bottom > 0) return () => undefined;
  element.dataset.reveal = "hidden";
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        element.dataset.reveal = "shown";
        observer.disconnect();
      }
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
