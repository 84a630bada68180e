import { Carousel } from "~/components/ui/carousel";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { VideoPlayer } from "~/components/ui/video-player";
import { TESTIMONIALS_SECTION } from "~/content/home-parts";
import { TESTIMONIALS } from "~/content/testimonials";

export function AlumniTestimonials() {
  return (
    <Reveal aria-labelledby="testimonials-title" className="bg-mist py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={TESTIMONIALS_SECTION.eyebrow}
          title={TESTIMONIALS_SECTION.title}
          intro={TESTIMONIALS_SECTION.intro}
          align="center"
        />
        <Carousel label={TESTIMONIALS_SECTION.carouselLabel} className="mx-auto mt-12 max-w-4xl">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.video.name}>
              <VideoPlayer video={testimonial.video} title={testimonial.title} className="rounded-2xl shadow-xl" />
              <figcaption className="mt-5 text-center">
                <span className="block font-display text-lg font-semibold text-navy">{testimonial.title}</span>
                <span className="mt-1 block text-sm text-ink/70">
                  {testimonial.attribution} · {testimonial.course}
                </span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </Reveal>
  );
}
