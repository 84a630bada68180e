import { Building2, GraduationCap, HeartPulse, Layers, type LucideIcon, TrendingUp, Users } from "lucide-react";

import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { WHY_CHOOSE, type WhyChooseIcon } from "~/content/home-story";

const ICONS: Record<WhyChooseIcon, LucideIcon> = {
  "live-patients": HeartPulse,
  instructors: GraduationCap,
  curriculum: Layers,
  facility: Building2,
  "small-groups": Users,
  career: TrendingUp,
};

export function WhyChoose() {
  return (
    <Reveal aria-labelledby="why-choose-title" className="bg-mist py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="why-choose-title" eyebrow={WHY_CHOOSE.eyebrow} title={WHY_CHOOSE.title} intro={WHY_CHOOSE.intro} align="center" />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {WHY_CHOOSE.cards.map((card) => {
            const Icon = ICONS[card.icon];
            return (
              <li
                key={card.title}
                data-testid="why-choose-card"
                className="group rounded-2xl border border-navy/5 bg-white p-7 shadow-sm transition-shadow hover:shadow-lg"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-navy text-gold transition-colors group-hover:bg-gold group-hover:text-white">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{card.title}</h3>
                <p className="mt-3 leading-relaxed text-ink/75">{card.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </Reveal>
  );
}
