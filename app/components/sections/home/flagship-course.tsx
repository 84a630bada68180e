import { ArrowRight, Check } from "lucide-react";

import { ButtonLink } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { FLAGSHIP_COURSE } from "~/content/home-story";

export function FlagshipCourse() {
  return (
    <Reveal aria-labelledby="flagship-title" className="bg-navy py-20 focus-ring-on-dark sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className="lg:order-2">
          <SectionHeading id="flagship-title" eyebrow={FLAGSHIP_COURSE.eyebrow} title={FLAGSHIP_COURSE.title} intro={FLAGSHIP_COURSE.text} tone="dark" />
          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {FLAGSHIP_COURSE.highlights.map((highlight) => (
              <li key={highlight} className="flex items-center gap-3 text-white/90">
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-gold/20 text-gold">
                  <Check aria-hidden className="size-4" />
                </span>
                {highlight}
              </li>
            ))}
          </ul>
          <ButtonLink size="lg" className="mt-10" to={FLAGSHIP_COURSE.cta.to}>
            {FLAGSHIP_COURSE.cta.label}
            <ArrowRight aria-hidden className="size-5" />
          </ButtonLink>
        </div>
        <div className="relative lg:order-1">
          <div aria-hidden className="absolute -inset-3 -z-0 rounded-3xl border border-gold/30" />
          <ResponsiveImage
            image={FLAGSHIP_COURSE.image}
            alt={FLAGSHIP_COURSE.imageAlt}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
            className="relative w-full rounded-2xl object-cover shadow-2xl"
          />
        </div>
      </div>
    </Reveal>
  );
}
