import { HomeHero } from "~/components/sections/home/hero";
import { hydrateOnVisible } from "~/components/ui/hydrate-on-visible";
import { staticHtml } from "~/components/ui/static-html";
import { HOME_SEO } from "~/content/home";
import { FLAGSHIP_COURSE } from "~/content/home-story";
import { programmeFor } from "~/content/programmes";
import { courseJsonLd } from "~/lib/course-json-ld";
import { organizationJsonLd, seo } from "~/lib/seo";
import { datePricesByOffering, todayIsoDate } from "~/server/catalogue/editions.server";
import { findOffering } from "~/server/catalogue/offerings.server";
import { publicFormPageAction } from "~/server/http/form-endpoints.server";
import { publicRoute } from "~/server/http/guards.server";
import { NEWSLETTER_FORM } from "~/server/marketing/public-forms.server";
import { appServices } from "~/server/platform/context.server";

import type { Route } from "./+types/home";

export const middleware = [publicRoute()];

/**
 * The page's structured data: the institute, and the flagship course with its
 * facts and prices (its dates' own while any is on sale) from the database and its description from the programme.
 * Built here, so that neither the catalogue's text nor its builders reach the page's scripts.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = appServices(context);
  const key = FLAGSHIP_COURSE.offeringKey;
  const [offering, datePrices] = await Promise.all([
    findOffering(database.db, key),
    datePricesByOffering(database.db, { today: todayIsoDate(), offeringKeys: [key] }),
  ]);
  const flagship =
    offering &&
    courseJsonLd({
      siteUrl: env.siteUrl,
      path: `/courses/full-arch#${FLAGSHIP_COURSE.offeringKey}`,
      name: FLAGSHIP_COURSE.title,
      description: programmeFor(FLAGSHIP_COURSE.offeringKey)?.description ?? FLAGSHIP_COURSE.text,
      priceMinor: offering.priceAmount,
      currency: offering.priceCurrency,
      datePrices: datePrices[key],
      location: offering.location,
      days: offering.lengthDays,
    });
  return { structuredData: [organizationJsonLd(env.siteUrl), ...(flagship ? [flagship] : [])] };
}

/** The newsletter form without scripts (off, or its code not loaded): subscribed as its JSON endpoint subscribes, answered on this page. */
export function action(args: Route.ActionArgs) {
  return publicFormPageAction(args, NEWSLETTER_FORM);
}

export const meta: Route.MetaFunction = (args) => seo(args, { ...HOME_SEO, canonicalPath: "/", structuredData: args.loaderData?.structuredData });

const loadStory = () => import("~/components/sections/home/story");
// The server renders these parts itself; the browser loads their code only to render them after a navigation.
const story = import.meta.env.SSR ? await loadStory() : undefined;
const HeroCopy = staticHtml(story?.HeroCopy, () => loadStory().then((module) => module.HeroCopy));
const HomeStory = staticHtml(story?.HomeStory, () => loadStory().then((module) => module.HomeStory));
const ClosingCta = staticHtml(story?.ClosingCta, () => loadStory().then((module) => module.ClosingCta));

// The interactive parts below the fold: their code arrives as they near the screen.
const loadNewsletter = () => import("~/components/sections/home/newsletter").then((module) => module.NewsletterSection);
const loadTrainingEnvironment = () => import("~/components/sections/home/training-environment").then((module) => module.TrainingEnvironment);
const loadTestimonials = () => import("~/components/sections/home/testimonials").then((module) => module.AlumniTestimonials);
const loadFaq = () => import("~/components/sections/home/faq").then((module) => module.Faq);
const NewsletterSection = hydrateOnVisible(import.meta.env.SSR ? await loadNewsletter() : undefined, loadNewsletter);
const TrainingEnvironment = hydrateOnVisible(import.meta.env.SSR ? await loadTrainingEnvironment() : undefined, loadTrainingEnvironment);
const AlumniTestimonials = hydrateOnVisible(import.meta.env.SSR ? await loadTestimonials() : undefined, loadTestimonials);
const Faq = hydrateOnVisible(import.meta.env.SSR ? await loadFaq() : undefined, loadFaq);

/** Spec 2, Home: the sections in the spec's order. */
export default function HomePage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero>
        <HeroCopy />
      </HomeHero>
      <HomeStory />
      <NewsletterSection answer={actionData} />
      <TrainingEnvironment />
      <AlumniTestimonials />
      <Faq />
      <ClosingCta />
    </>
  );
}
