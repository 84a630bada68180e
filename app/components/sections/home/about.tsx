import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { ABOUT } from "~/content/home-story";

export function AboutInstitute() {
  return (
    <Reveal aria-labelledby="about-title" className="bg-mist py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <ResponsiveImage
          image={ABOUT.image}
          alt={ABOUT.imageAlt}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          className="w-full rounded-2xl object-cover shadow-xl"
        />
        <div>
          <SectionHeading id="about-title" eyebrow={ABOUT.eyebrow} title={ABOUT.title} />
          <div className="mt-6 grid gap-4 text-base leading-relaxed text-ink/80 sm:text-lg">
            {ABOUT.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </div>
    </Reveal>
  );
}
