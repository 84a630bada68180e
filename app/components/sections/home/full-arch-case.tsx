import { Smile, TrendingUp } from "lucide-react";

import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { FULL_ARCH_CASE } from "~/content/home-story";

const BENEFIT_ICONS = [Smile, TrendingUp];

export function FullArchCase() {
  return (
    <Reveal aria-labelledby="full-arch-case-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="full-arch-case-title" eyebrow={FULL_ARCH_CASE.eyebrow} title={FULL_ARCH_CASE.title} intro={FULL_ARCH_CASE.intro} />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            {FULL_ARCH_CASE.benefits.map((benefit, index) => {
              const Icon = BENEFIT_ICONS[index % BENEFIT_ICONS.length];
              return (
                <li key={benefit.title} className="rounded-2xl border border-navy/10 bg-white p-6 shadow-sm">
                  <span className="inline-flex size-11 items-center justify-center rounded-full bg-gold-light text-gold-dark">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <h3 className="mt-4 text-xl font-semibold">{benefit.title}</h3>
                  <p className="mt-2 leading-relaxed text-ink/75">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
        <ResponsiveImage
          image={FULL_ARCH_CASE.image}
          alt={FULL_ARCH_CASE.imageAlt}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          className="w-full rounded-2xl object-cover shadow-xl"
        />
      </div>
    </Reveal>
  );
}
