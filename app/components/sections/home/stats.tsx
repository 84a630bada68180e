import { Reveal } from "~/components/ui/reveal";
import { STATS } from "~/content/home-story";

export function Stats() {
  return (
    <Reveal aria-labelledby="stats-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          {STATS.title}
        </h2>
        <dl className="grid divide-y divide-navy/10 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          {STATS.items.map((stat) => (
            <div key={stat.label} data-testid="stat" className="flex flex-col-reverse items-center gap-2 py-8 text-center sm:py-2">
              <dt className="text-sm font-medium tracking-[0.15em] text-ink/70 uppercase">{stat.label}</dt>
              <dd className="font-display text-5xl font-semibold text-gold-dark sm:text-6xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Reveal>
  );
}
