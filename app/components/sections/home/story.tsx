import { ArrowRight } from "lucide-react";

import { ButtonLink } from "~/components/ui/button";
import { HERO_COPY } from "~/content/home-story";

import { AboutInstitute } from "./about";
import { FlagshipCourse } from "./flagship-course";
import { FullArchCase } from "./full-arch-case";
import { InstructorsIntro } from "./instructors-intro";
import { Stats } from "./stats";
import { WhyChoose } from "./why-choose";

export { ClosingCta } from "./closing-cta";

/*
 * The home page's parts that need no script, which the browser keeps as the
 * server sent them (see static-html.tsx).
 */

export function HeroCopy() {
  return (
    <div className="mx-auto flex min-h-[34rem] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6 md:min-h-[40rem] lg:min-h-[min(calc(100svh-var(--header-height)),52rem)] lg:px-8">
      <div className="max-w-2xl">
        <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{HERO_COPY.eyebrow}</p>
        <h1 id="hero-title" className="mt-4 text-4xl leading-[1.1] font-semibold text-white sm:text-5xl lg:text-6xl">
          {HERO_COPY.title}
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/85">{HERO_COPY.intro}</p>
        <ButtonLink size="lg" className="mt-10" to={HERO_COPY.cta.to}>
          {HERO_COPY.cta.label}
          <ArrowRight aria-hidden className="size-5" />
        </ButtonLink>
      </div>
    </div>
  );
}

/** Spec 2, Home: from the full-arch case to the figures. */
export function HomeStory() {
  return (
    <>
      <FullArchCase />
      <WhyChoose />
      <InstructorsIntro />
      <AboutInstitute />
      <FlagshipCourse />
      <Stats />
    </>
  );
}
