import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { CatalogueCard as CatalogueCardContent } from "~/content/programmes";

/** Spec 3, Catalogue card: the whole card leads to its program page. */
export function CatalogueCard({ card }: { card: CatalogueCardContent }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-navy/10 bg-white shadow-sm transition-shadow hover:shadow-xl has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-gold-dark has-[a:focus-visible]:ring-offset-2">
      <div className="overflow-hidden">
        <ResponsiveImage
          image={card.image}
          alt={card.imageAlt}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="aspect-[3/2] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <h3 className="text-2xl font-semibold">
          <Link to={card.link} className="after:absolute after:inset-0 focus-visible:outline-none">
            {card.name}
          </Link>
        </h3>
        <p className="mt-3 flex-1 leading-relaxed text-ink/80">{card.description}</p>
        <p aria-hidden="true" className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-gold-dark">
          Explore courses <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
        </p>
      </div>
    </article>
  );
}
