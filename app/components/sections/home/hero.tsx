import type { ReactNode } from "react";

import { BackgroundVideo } from "~/components/ui/background-video";
import { HERO } from "~/content/home";

/** The hero's poster and video, over which `children` (its copy) sit. */
export function HomeHero({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy focus-ring-on-dark">
      <BackgroundVideo video={HERO.video} priority className="absolute inset-0 -z-20 size-full" />
      {/* Keeps the text legible over any frame of the video. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-navy/95 via-navy/75 to-navy/30" />
      {children}
    </section>
  );
}
