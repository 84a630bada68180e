import { type NewsletterAnswer, NewsletterSignup } from "~/components/forms/newsletter-form";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { NEWSLETTER } from "~/content/home-parts";

export function NewsletterSection({ answer }: { answer?: NewsletterAnswer }) {
  return (
    <Reveal aria-labelledby="newsletter-title" className="bg-navy-light py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <SectionHeading id="newsletter-title" eyebrow={NEWSLETTER.eyebrow} title={NEWSLETTER.title} intro={NEWSLETTER.intro} tone="dark" />
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-8">
          <NewsletterSignup answer={answer} />
        </div>
      </div>
    </Reveal>
  );
}
