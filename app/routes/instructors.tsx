import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

import { PageHeading } from "~/components/ui/page-heading";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { type Instructor, INSTRUCTORS, INSTRUCTORS_PAGE } from "~/content/instructors";
import { seo } from "~/lib/seo";
import { publicRoute } from "~/server/http/guards.server";

import type { Route } from "./+types/instructors";

export const middleware = [publicRoute()];

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: INSTRUCTORS_PAGE.title, description: INSTRUCTORS_PAGE.description, canonicalPath: "/instructors" });

function InstructorCard({ instructor, index }: { instructor: Instructor; index: number }) {
  const headingId = `instructor-${index + 1}`;
  return (
    <Reveal aria-labelledby={headingId}>
      <article data-testid="instructor-card" className="grid overflow-hidden rounded-3xl border border-navy/10 bg-white shadow-sm md:grid-cols-5">
        <ResponsiveImage
          image={instructor.photo}
          alt={instructor.photoAlt}
          sizes="(min-width: 1280px) 480px, (min-width: 768px) 40vw, 100vw"
          className="aspect-[4/5] size-full object-cover md:col-span-2 md:aspect-auto"
          priority={index === 0}
        />
        <div className="p-6 sm:p-10 md:col-span-3 lg:p-12">
          <h2 id={headingId} className="text-3xl font-semibold sm:text-4xl">
            {instructor.name}
          </h2>
          <p className="mt-2 text-sm font-semibold tracking-[0.15em] text-gold-dark uppercase">{instructor.title}</p>
          <div aria-hidden className="mt-6 h-px w-16 bg-gold" />
          <div className="mt-6 grid gap-4 leading-relaxed text-ink/80 sm:text-lg">
            {instructor.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </article>
    </Reveal>
  );
}

export default function InstructorsPage() {
  return (
    <>
      <PageHeading title={INSTRUCTORS_PAGE.title} intro={INSTRUCTORS_PAGE.intro} />
      <div className="bg-mist">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:gap-14 lg:px-8">
          {INSTRUCTORS.map((instructor, index) => (
            <InstructorCard key={instructor.name} instructor={instructor} index={index} />
          ))}
          <Link
            to={INSTRUCTORS_PAGE.backLink.to}
            className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-md px-1 font-semibold text-navy transition-colors hover:text-gold-dark"
          >
            <ArrowLeft aria-hidden className="size-5" />
            {INSTRUCTORS_PAGE.backLink.label}
          </Link>
        </div>
      </div>
    </>
  );
}
