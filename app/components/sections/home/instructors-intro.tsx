import { ArrowRight } from "lucide-react";

import { ButtonLink } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { INSTRUCTORS_INTRO } from "~/content/home-story";
import { INSTRUCTORS } from "~/content/instructors";

/** The instructors page's "Back to Homepage" link lands here (/#instructors). */
const INSTRUCTORS_SECTION_ID = "instructors";

export function InstructorsIntro() {
  return (
    <Reveal id={INSTRUCTORS_SECTION_ID} aria-labelledby="instructors-intro-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <div className="lg:col-span-2">
          <SectionHeading id="instructors-intro-title" eyebrow={INSTRUCTORS_INTRO.eyebrow} title={INSTRUCTORS_INTRO.title} intro={INSTRUCTORS_INTRO.intro} />
          <ButtonLink variant="navy" size="lg" className="mt-8" to={INSTRUCTORS_INTRO.cta.to}>
            {INSTRUCTORS_INTRO.cta.label}
            <ArrowRight aria-hidden className="size-5" />
          </ButtonLink>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
          {INSTRUCTORS.map((instructor) => (
            <li key={instructor.name} className="overflow-hidden rounded-2xl bg-mist">
              <ResponsiveImage
                image={instructor.photo}
                alt={instructor.photoAlt}
                sizes="(min-width: 1280px) 340px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/5] w-full object-cover"
              />
              <div className="p-6">
                <h3 className="text-xl font-semibold">{instructor.name}</h3>
                <p className="mt-1 text-sm font-medium text-gold-dark">{instructor.title}</p>
                <p className="mt-3 text-sm leading-relaxed text-ink/75">{instructor.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Reveal>
  );
}
