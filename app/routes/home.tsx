import { AboutInstitute } from "~/components/sections/home/about";
import { ClosingCta } from "~/components/sections/home/closing-cta";
import { Faq } from "~/components/sections/home/faq";
import { FlagshipCourse } from "~/components/sections/home/flagship-course";
import { FullArchCase } from "~/components/sections/home/full-arch-case";
import { HomeHero } from "~/components/sections/home/hero";
import { InstructorsIntro } from "~/components/sections/home/instructors-intro";
import { NewsletterSection } from "~/components/sections/home/newsletter";
import { Stats } from "~/components/sections/home/stats";
import { AlumniTestimonials } from "~/components/sections/home/testimonials";
import { TrainingEnvironment } from "~/components/sections/home/training-environment";
import { WhyChoose } from "~/components/sections/home/why-choose";
import { FLAGSHIP_OFFERING, HOME_SEO } from "~/content/home";
import { courseJsonLd } from "~/lib/course-json-ld";
import { organizationJsonLd, seo, siteUrlOf } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlOf(args);
  return seo(args, {
    ...HOME_SEO,
    canonicalPath: "/",
    structuredData: [
      organizationJsonLd(siteUrl),
      courseJsonLd({
        siteUrl,
        path: `/courses/full-arch#${FLAGSHIP_OFFERING.key}`,
        name: FLAGSHIP_OFFERING.title,
        description: FLAGSHIP_OFFERING.description,
        priceMinor: FLAGSHIP_OFFERING.priceAmount,
        location: FLAGSHIP_OFFERING.location,
        days: FLAGSHIP_OFFERING.days,
      }),
    ],
  });
};

/** Spec 2, Home: the sections in the spec's order. */
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <FullArchCase />
      <WhyChoose />
      <InstructorsIntro />
      <AboutInstitute />
      <FlagshipCourse />
      <Stats />
      <NewsletterSection />
      <TrainingEnvironment />
      <AlumniTestimonials />
      <Faq />
      <ClosingCta />
    </>
  );
}
