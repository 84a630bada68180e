import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { BackgroundVideo } from "~/components/ui/background-video";
import { Button } from "~/components/ui/button";
import { HERO } from "~/content/home";

export function HomeHero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy">
      <BackgroundVideo video={HERO.video} priority className="absolute inset-0 -z-20 size-full" />
      {/* Keeps the text legible over any frame of the video. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-navy/95 via-navy/75 to-navy/30" />
      <div className="mx-auto flex min-h-[34rem] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6 md:min-h-[40rem] lg:min-h-[min(calc(100svh-var(--header-height)),52rem)] lg:px-8">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{HERO.eyebrow}</p>
          <h1 id="hero-title" className="mt-4 text-4xl leading-[1.1] font-semibold text-white sm:text-5xl lg:text-6xl">
            {HERO.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/85">{HERO.intro}</p>
          <Button asChild size="lg" className="mt-10">
            <Link to={HERO.cta.to}>
              {HERO.cta.label}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
