import { Carousel } from "~/components/ui/carousel";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { TRAINING_ENVIRONMENT } from "~/content/home-parts";

export function TrainingEnvironment() {
  return (
    <Reveal aria-labelledby="training-environment-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="training-environment-title"
          eyebrow={TRAINING_ENVIRONMENT.eyebrow}
          title={TRAINING_ENVIRONMENT.title}
          intro={TRAINING_ENVIRONMENT.intro}
          align="center"
        />
        <Carousel label={TRAINING_ENVIRONMENT.carouselLabel} autoplayMs={TRAINING_ENVIRONMENT.autoplayMs} loop pauseOnHover className="mx-auto mt-12 max-w-5xl">
          {TRAINING_ENVIRONMENT.slides.map((slide) => (
            <figure key={slide.image.name} className="relative overflow-hidden rounded-2xl bg-mist">
              <ResponsiveImage image={slide.image} alt={slide.alt} sizes="(min-width: 1024px) 1024px, 100vw" className="aspect-[16/10] w-full object-cover" />
              <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-navy/85 to-transparent px-6 pt-16 pb-5 font-display text-lg text-white sm:text-xl">
                {slide.caption}
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </Reveal>
  );
}
