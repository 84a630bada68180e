import { Fragment } from "react";

import { ProgrammeCard } from "~/components/sections/programmes/programme-card";
import { HERO_MEDIA_CLASS, ProgrammeHero } from "~/components/sections/programmes/programme-hero";
import { SignedOutBanner } from "~/components/sections/programmes/signed-out-banner";
import { BackgroundVideo } from "~/components/ui/background-video";
import { hydrateOnVisible } from "~/components/ui/hydrate-on-visible";
import { Reveal } from "~/components/ui/reveal";
import { FULL_ARCH_PAGE, programmesOn } from "~/content/programmes";
import { siteUrlFromMatches } from "~/lib/course-json-ld";
import { programmePageJsonLd } from "~/lib/programme-json-ld";
import { seo } from "~/lib/seo";
import { programmePageData } from "~/server/catalogue/programme-pages.server";
import { currentUser, publicRoute } from "~/server/http/guards.server";
import { appServices, recordFailedRead } from "~/server/platform/context.server";

import type { Route } from "./+types/courses.full-arch";

export const middleware = [publicRoute()];

const PROGRAMMES = programmesOn("full-arch");

// Below the fold: the recap's carousel and video players load their code as it comes near the screen (docs/decisions/0014).
const loadRecap = () => import("~/components/sections/programmes/level-2-recap").then((module) => module.Level2Recap);
const Level2Recap = hydrateOnVisible(import.meta.env.SSR ? await loadRecap() : undefined, loadRecap);

export async function loader(args: Route.LoaderArgs) {
  const { database } = appServices(args.context);
  const user = await currentUser(args);
  const page = await programmePageData(database.db, "full-arch", { viewerId: user?.id ?? null, onReadFailed: () => recordFailedRead(args.context) });
  return { signedIn: Boolean(user), ...page };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: FULL_ARCH_PAGE.title,
    description: FULL_ARCH_PAGE.description,
    keywords: ["full arch implant course", "zygomatic implants course", "live surgery implant course Dubai", "full arch complications course"],
    structuredData: programmePageJsonLd(siteUrlFromMatches(args.matches), PROGRAMMES, args.loaderData, "/courses/full-arch"),
  });

export default function CoursesFullArchPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, today, offerings, editions } = loaderData;
  return (
    <>
      <ProgrammeHero
        eyebrow="Full Arch Rehabilitation"
        title={FULL_ARCH_PAGE.heading}
        intro={FULL_ARCH_PAGE.intro}
        media={<BackgroundVideo video={FULL_ARCH_PAGE.heroVideo} priority className={HERO_MEDIA_CLASS} />}
      >
        <nav aria-label="Courses on this page">
          <ul className="flex flex-wrap gap-2">
            {PROGRAMMES.map((programme) => (
              <li key={programme.key}>
                <a
                  href={`#${programme.key}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-white/30 px-4 text-sm font-medium text-white transition-colors hover:border-gold hover:text-gold"
                >
                  {programme.shortName}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </ProgrammeHero>
      <SignedOutBanner signedIn={signedIn} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:gap-16 lg:px-8 lg:py-24">
        {PROGRAMMES.map((programme, index) => (
          <Fragment key={programme.key}>
            <Reveal>
              <ProgrammeCard
                programme={programme}
                offering={offerings[programme.key]}
                editions={editions}
                today={today}
                imageSide={index % 2 ? "right" : "left"}
              />
            </Reveal>
            {/* Spec 2: the Level 2 recap follows the second card. */}
            {index === 1 && (
              <Reveal>
                <Level2Recap title={FULL_ARCH_PAGE.recapTitle} intro={FULL_ARCH_PAGE.recapIntro} videos={FULL_ARCH_PAGE.recapVideos} />
              </Reveal>
            )}
          </Fragment>
        ))}
      </div>
    </>
  );
}
