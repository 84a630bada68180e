import { Faq } from "~/components/sections/home/faq";
import { HomeHero } from "~/components/sections/home/hero";
import { NewsletterSection } from "~/components/sections/home/newsletter";
import { AlumniTestimonials } from "~/components/sections/home/testimonials";
import { TrainingEnvironment } from "~/components/sections/home/training-environment";
import { staticHtml } from "~/components/ui/static-html";
import { FLAGSHIP_COURSE, HOME_SEO } from "~/content/home";
import { programmeFor } from "~/content/programmes";
import { courseJsonLd } from "~/lib/course-json-ld";
import { organizationJsonLd, seo, siteUrlOf } from "~/lib/seo";
import { findOffering } from "~/server/catalogue/offerings.server";
import { publicRoute } from "~/server/http/guards.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/home";

export const middleware = [publicRoute()];

/**
 * The flagship course's price and facts for the page's structured data, from the
 * database; its description from the programme, here so that the catalogue's text stays out of the page's scripts.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const offering = await findOffering(appServices(context).database.db, FLAGSHIP_COURSE.offeringKey);
  return {
    flagship: offering && {
      description: programmeFor(FLAGSHIP_COURSE.offeringKey)?.description ?? FLAGSHIP_COURSE.text,
      priceAmount: offering.priceAmount,
      priceCurrency: offering.priceCurrency,
      location: offering.location,
      lengthDays: offering.lengthDays,
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlOf(args);
  const flagship = args.loaderData?.flagship;
  return seo(args, {
    ...HOME_SEO,
    canonicalPath: "/",
    structuredData: [
      organizationJsonLd(siteUrl),
      ...(flagship
        ? [
            courseJsonLd({
              siteUrl,
              path: `/courses/full-arch#${FLAGSHIP_COURSE.offeringKey}`,
              name: FLAGSHIP_COURSE.title,
              description: flagship.description,
              priceMinor: flagship.priceAmount,
              currency: flagship.priceCurrency,
              location: flagship.location,
              days: flagship.lengthDays,
            }),
          ]
        : []),
    ],
  });
};

const loadStory = () => import("~/components/sections/home/story");
// The server renders these parts itself; the browser loads their code only to render them after a navigation.
const story = import.meta.env.SSR ? await loadStory() : undefined;
const HeroCopy = staticHtml(story?.HeroCopy, () => loadStory().then((module) => module.HeroCopy));
const HomeStory = staticHtml(story?.HomeStory, () => loadStory().then((module) => module.HomeStory));
const ClosingCta = staticHtml(story?.ClosingCta, () => loadStory().then((module) => module.ClosingCta));

/** Spec 2, Home: the sections in the spec's order. */
export default function HomePage() {
  return (
    <>
      <HomeHero>
        <HeroCopy />
      </HomeHero>
      <HomeStory />
      <NewsletterSection />
      <TrainingEnvironment />
      <AlumniTestimonials />
      <Faq />
      <ClosingCta />
    </>
  );
}
