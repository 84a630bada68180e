import { ProgrammeCard } from "~/components/sections/programmes/programme-card";
import { HERO_MEDIA_CLASS, ProgrammeHero } from "~/components/sections/programmes/programme-hero";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { GRAFTING_PAGE, programmesOn } from "~/content/programmes";
import { siteUrlFromMatches } from "~/lib/course-json-ld";
import { programmePageJsonLd } from "~/lib/programme-json-ld";
import { seo } from "~/lib/seo";
import { programmePageData } from "~/server/catalogue/programme-pages.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { appServices, recordFailedRead } from "~/server/platform/context.server";

import type { Route } from "./+types/courses.grafting";

export const middleware = [publicRoute()];

const PROGRAMMES = programmesOn("grafting");

export async function loader(args: Route.LoaderArgs) {
  const { database } = appServices(args.context);
  const user = await currentUser(args);
  return programmePageData(database.db, "grafting", { viewerId: user?.id ?? null, onReadFailed: () => recordFailedRead(args.context) });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: GRAFTING_PAGE.title,
    description: GRAFTING_PAGE.description,
    keywords: ["sinus grafting course", "sinus lift course London", "bone grafting course", "soft tissue grafting course"],
    structuredData: programmePageJsonLd(siteUrlFromMatches(args.matches), PROGRAMMES, args.loaderData, "/courses/grafting"),
  });

export default function CoursesGraftingPage({ loaderData }: Route.ComponentProps) {
  const { today, offerings, editions } = loaderData;
  return (
    <>
      <ProgrammeHero
        eyebrow="Grafting Techniques"
        title={GRAFTING_PAGE.heading}
        intro={GRAFTING_PAGE.intro}
        media={<ResponsiveImage image={GRAFTING_PAGE.heroImage} alt="" sizes="100vw" priority className={HERO_MEDIA_CLASS} />}
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:gap-16 lg:px-8 lg:py-24">
        {PROGRAMMES.map((programme, index) => (
          <Reveal key={programme.key}>
            <ProgrammeCard
              programme={programme}
              offering={offerings[programme.key]}
              editions={editions}
              today={today}
              imageSide={index % 2 ? "right" : "left"}
            />
          </Reveal>
        ))}
      </div>
    </>
  );
}
