/**
 * The copy of the home page's interactive parts below the fold (spec 2, Home):
 * apart from the rest of the page's copy, so that it arrives with their code.
 */
import { type ImageAsset, IMAGES } from "./media";

export const NEWSLETTER = {
  eyebrow: "Newsletter",
  title: "Be First to Hear About New Dates",
  intro: "Cohorts fill quickly. Subscribe for new course dates, early places and clinical insights from our instructors.",
};

export interface TrainingSlide {
  image: ImageAsset;
  alt: string;
  caption: string;
}

export const TRAINING_ENVIRONMENT = {
  eyebrow: "Facilities",
  title: "Our Training Environment",
  carouselLabel: "Photographs of our training environment",
  intro: "Modern surgical suites, lecture rooms and hands-on workshops, designed for learning at the chair.",
  /** Spec 9: the image carousel advances every 3 seconds. */
  autoplayMs: 3000,
  slides: [
    { image: IMAGES.trainingEnvironment[0], alt: "A fully equipped surgical theatre prepared for implant surgery", caption: "Surgical theatre" },
    { image: IMAGES.trainingEnvironment[1], alt: "Delegates attending a lecture in the institute's seminar room", caption: "Lectures and case reviews" },
    { image: IMAGES.trainingEnvironment[2], alt: "Hands-on implant placement practice on models", caption: "Hands-on workshops" },
    { image: IMAGES.trainingEnvironment[3], alt: "An instructor reviewing a digital treatment plan with delegates", caption: "Digital treatment planning" },
    { image: IMAGES.trainingEnvironment[4], alt: "Instructors and clinical team at the training centre", caption: "Our clinical team" },
  ] satisfies readonly TrainingSlide[],
};

export const TESTIMONIALS_SECTION = {
  eyebrow: "Alumni",
  title: "Hear From Our Alumni",
  carouselLabel: "Alumni video testimonials",
  intro: "Dentists from around the world share what training with live patients meant for them and their practices.",
};
