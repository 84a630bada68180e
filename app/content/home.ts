/**
 * The home page's fixed copy (spec 2, Home), in the order the sections appear.
 * The institute edits its words here; the sections only lay them out.
 */
import { type ImageAsset, IMAGES, VIDEOS } from "./media";

export interface Cta {
  label: string;
  to: string;
}

export const HOME_SEO = {
  title: "Advanced Dental Implant Training in Dubai and London",
  description:
    "Live-patient full-arch and zygomatic implant courses for dentists in Dubai and London. Small groups, expert instructors, a certificate on completion and all-inclusive fees.",
  keywords: [
    "full arch implant course",
    "live patient implant training",
    "dental implant courses Dubai",
    "dental implant courses London",
    "zygomatic implant course",
    "implantology training for dentists",
    "All-on-4 course",
  ],
} as const;

export const HERO = {
  video: VIDEOS.homeHero,
  eyebrow: "Dubai · London",
  title: "Master Full-Arch Implantology on Live Patients",
  intro:
    "Hands-on implant courses for dentists, taught in small groups by expert clinicians, with all-inclusive fees covering tuition, implants, materials, food and hotel.",
  cta: { label: "Explore Our Courses", to: "/courses" } satisfies Cta,
};

/** The course the home page promotes (its key in the offerings table) and describes in its structured data. */
export const FLAGSHIP_COURSE = {
  offeringKey: "level-2",
  eyebrow: "Flagship course",
  title: "Level 2 - Ultimate Full Arch Live Course",
  text: "Four days of live full-arch surgery in Dubai. Plan, place and load full-arch cases on your own patients with one-to-one supervision, and go home ready to offer the treatment in your practice.",
  image: IMAGES.flagship,
  imageAlt: "Delegates performing live full-arch implant surgery under supervision",
  highlights: ["4 days in Dubai", "1-to-1 supervision", "Live patient surgery", "3-night hotel stay included"],
  cta: { label: "View Our Courses", to: "/courses" } satisfies Cta,
};

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
