import type { ReactNode } from "react";

/** Where a hero's photograph or video goes: it fills the hero, under the wash. */
export const HERO_MEDIA_CLASS = "absolute inset-0 -z-20 size-full object-cover";

/**
 * A program page's opening: a photograph or looping video under a navy wash, with the page's h1.
 * `media` (given HERO_MEDIA_CLASS) sits in the hero itself, not in a layer of its own, so that a video's
 * pause button can be drawn over the wash.
 */
export function ProgrammeHero({
  eyebrow,
  title,
  intro,
  media,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  media: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-navy focus-ring-on-dark">
      {media}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-navy via-navy/85 to-navy/40 max-lg:bg-navy/75 max-lg:bg-none" />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8 lg:py-32">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{eyebrow}</p>
          <h1 className="mt-4 text-4xl font-semibold text-white sm:text-5xl lg:text-6xl">{title}</h1>
          <p className="mt-6 text-lg leading-relaxed text-white/85">{intro}</p>
          {children && <div className="mt-8">{children}</div>}
        </div>
      </div>
    </div>
  );
}
