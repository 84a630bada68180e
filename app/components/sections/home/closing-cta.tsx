import { ArrowRight } from "lucide-react";

import { ButtonLink } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { CLOSING_CTA } from "~/content/home-story";

export function ClosingCta() {
  return (
    <Reveal aria-labelledby="closing-cta-title" className="px-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-navy px-6 py-16 text-center shadow-2xl focus-ring-on-dark sm:px-12 sm:py-20">
        <div aria-hidden className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-gold-dark via-gold to-gold-dark" />
        <h2 id="closing-cta-title" className="text-3xl font-semibold text-white sm:text-5xl">
          {CLOSING_CTA.title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-white/80">{CLOSING_CTA.text}</p>
        <ButtonLink size="lg" className="mt-10" to={CLOSING_CTA.cta.to}>
          {CLOSING_CTA.cta.label}
          <ArrowRight aria-hidden className="size-5" />
        </ButtonLink>
      </div>
    </Reveal>
  );
}
