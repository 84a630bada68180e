import { type ComponentProps, useEffect, useRef, useState } from "react";

/** Spec 2: sections fade in once, when 10% of them is visible. */
const REVEAL_THRESHOLD = 0.1;

export function Reveal(props: ComponentProps<"section">) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<"initial" | "hidden" | "shown">("initial");

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    // Already on screen at first paint: show at once rather than flash.
    if (rect.top < window.innerHeight && rect.bottom > 0) {
      setState("shown");
      return;
    }
    setState("hidden");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState("shown");
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return <section ref={ref} data-reveal={state === "hidden" ? "hidden" : "shown"} {...props} />;
}
