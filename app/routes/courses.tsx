import { CalendarDays, MapPin, Users } from "lucide-react";
import { Link } from "react-router";

import { RegisterInterestForm } from "~/components/forms/interest-form";
import { CatalogueCard } from "~/components/sections/programmes/catalogue-card";
import { HERO_MEDIA_CLASS, ProgrammeHero } from "~/components/sections/programmes/programme-hero";
import { buttonVariants } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { VideoPlayer } from "~/components/ui/video-player";
import { CATALOGUE, COURSES_PAGE, FEES_FROM_POUNDS } from "~/content/programmes";
import { formatPounds } from "~/lib/format";
import { seo } from "~/lib/seo";
import { listOfferings } from "~/server/catalogue/offerings.server";
import { publicFormPageAction } from "~/server/http/form-endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { INTEREST_FORM } from "~/server/marketing/public-forms.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/courses";

export const middleware = [publicRoute()];

export async function loader({ context }: Route.LoaderArgs) {
  const offerings = await listOfferings(appServices(context).database.db);
  return { interestOptions: offerings.map((offering) => offering.title) };
}

/** The register-interest form without scripts (off, or not loaded): registered as its JSON endpoint registers it, answered on this page. */
export function action(args: Route.ActionArgs) {
  return publicFormPageAction(args, INTEREST_FORM);
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: COURSES_PAGE.title,
    description: COURSES_PAGE.description,
    keywords: ["dental implant courses", "full arch implant course", "sinus grafting course", "implant courses Dubai", "implant courses London"],
  });

const TOUR_FACTS = [
  { icon: MapPin, text: "Dubai Healthcare City, Building 27, Block C" },
  { icon: Users, text: "Small groups, so every delegate operates" },
  { icon: CalendarDays, text: "Courses in Dubai and London throughout the year" },
];

export default function CoursesPage({ loaderData, actionData }: Route.ComponentProps) {
  const feesFrom = formatPounds(FEES_FROM_POUNDS);
  return (
    <>
      <ProgrammeHero
        eyebrow="Courses"
        title={COURSES_PAGE.heading}
        intro={COURSES_PAGE.intro}
        media={<ResponsiveImage image={COURSES_PAGE.heroImage} alt="" sizes="100vw" priority className={HERO_MEDIA_CLASS} />}
      >
        <p className="text-white/85">
          Course fees start at <strong className="font-semibold text-gold">{feesFrom}</strong>, with tuition, materials and refreshments included.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="#catalogue" className={buttonVariants({ size: "lg" })}>
            Explore our courses
          </a>
          <Link to="/upcoming-events" className={buttonVariants({ variant: "outlineOnDark", size: "lg" })}>
            View the schedule
          </Link>
        </div>
      </ProgrammeHero>

      <Reveal aria-labelledby="tour-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <div className="grid items-center gap-10 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <p className="text-xs font-semibold tracking-[0.25em] text-gold-dark uppercase">Our facility</p>
            <h2 id="tour-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
              {COURSES_PAGE.tourTitle}
            </h2>
            <p className="mt-4 leading-relaxed text-ink/80">{COURSES_PAGE.tourIntro}</p>
            <ul className="mt-6 grid gap-3">
              {TOUR_FACTS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3 text-sm text-navy">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-gold" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <VideoPlayer video={COURSES_PAGE.tour} title={COURSES_PAGE.tourTitle} className="rounded-lg shadow-xl lg:col-span-7" />
        </div>
      </Reveal>

      <Reveal id="catalogue" aria-labelledby="catalogue-heading" className="bg-mist">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold tracking-[0.25em] text-gold-dark uppercase">Programmes</p>
            <h2 id="catalogue-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
              Choose your path
            </h2>
            <p className="mt-4 leading-relaxed text-ink/80">
              Start with the foundations of full-arch treatment, progress to live surgery and zygomatic implants, or strengthen your grafting.
            </p>
          </div>
          <div className="mt-10 grid gap-8 md:grid-cols-2">
            {CATALOGUE.map((card) => (
              <CatalogueCard key={card.link} card={card} />
            ))}
          </div>
        </div>
      </Reveal>

      <Reveal id="register-interest" aria-labelledby="register-interest-heading">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-12 lg:px-8 lg:py-24">
          <div className="lg:col-span-4">
            <p className="text-xs font-semibold tracking-[0.25em] text-gold-dark uppercase">Stay informed</p>
            <h2 id="register-interest-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
              Register Your Interest
            </h2>
            <p className="mt-4 leading-relaxed text-ink/80">
              Waiting for new dates, or for a course to open? Tell us which courses interest you and we will write as soon as places are available.
            </p>
          </div>
          <div className="rounded-2xl border border-navy/10 bg-white p-6 shadow-sm sm:p-8 lg:col-span-8">
            <RegisterInterestForm options={loaderData.interestOptions} answer={actionData} />
          </div>
        </div>
      </Reveal>
    </>
  );
}
