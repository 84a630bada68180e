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

export const FULL_ARCH_CASE = {
  eyebrow: "Why full arch",
  title: "The Case for Full-Arch Rehabilitation",
  intro:
    "Full-arch implant treatment restores a complete, fixed set of teeth, often in a single day. It is one of the most transformative procedures in dentistry, and one of the most in demand.",
  image: IMAGES.fullArchCase,
  imageAlt: "A full-arch implant case being planned on a patient model",
  benefits: [
    {
      title: "Life-changing results for your patients",
      text: "Patients with failing or missing teeth leave with a fixed, natural-looking smile, restoring their ability to eat, speak and smile with confidence.",
    },
    {
      title: "A high-value service for your practice",
      text: "Offering full-arch treatment in-house lets you keep complex cases you would otherwise refer, and builds a reputation that brings new patients to your door.",
    },
  ],
} as const;

export type WhyChooseIcon = "live-patients" | "instructors" | "curriculum" | "facility" | "small-groups" | "career";

export const WHY_CHOOSE = {
  eyebrow: "The institute",
  title: "Why Choose the Global Implant Institute",
  intro: "Everything about our courses is built around one goal: that you leave able to treat full-arch cases with confidence.",
  cards: [
    {
      icon: "live-patients",
      title: "Live Patient Training",
      text: "Place implants on real patients under a temporary licence, with one-to-one supervision from planning to placement.",
    },
    {
      icon: "instructors",
      title: "Expert Instructors",
      text: "Learn from practising surgeons and prosthodontists who treat full-arch cases in their own clinics and teach chair-side.",
    },
    {
      icon: "curriculum",
      title: "Comprehensive Curriculum",
      text: "A structured Level 1-3 pathway, from full-arch foundations to live surgery and zygomatic implants.",
    },
    {
      icon: "facility",
      title: "State-of-the-Art Dubai Facility",
      text: "Train in a modern surgical centre in Dubai Healthcare City, equipped for advanced implant surgery.",
    },
    {
      icon: "small-groups",
      title: "Small Groups",
      text: "Limited places on every course, so you get real surgical time and personal attention, never a seat at the back.",
    },
    {
      icon: "career",
      title: "Career Advancement",
      text: "Add full-arch treatment to your practice, earn a certificate on completion and join a growing international alumni network.",
    },
  ] satisfies readonly { icon: WhyChooseIcon; title: string; text: string }[],
};

export const INSTRUCTORS_INTRO = {
  eyebrow: "Our faculty",
  title: "Learn From Expert Clinicians",
  intro:
    "Our instructors are practising clinicians who combine surgical and restorative expertise. They teach the protocols they use with their own patients and stay beside you at the chair.",
  cta: { label: "Meet Our Instructors", to: "/instructors" } satisfies Cta,
};

export const ABOUT = {
  eyebrow: "About us",
  title: "About the Global Implant Institute",
  image: IMAGES.about,
  imageAlt: "Delegates and instructors at the Global Implant Institute's training centre",
  paragraphs: [
    "The Global Implant Institute teaches advanced dental implantology to dentists who want to treat complex cases with confidence. Our courses run in Dubai and London and bring clinicians together from around the world.",
    "We believe implant surgery is learnt by doing. That is why our flagship courses centre on live-patient surgery in small groups, with a temporary licence to operate, close supervision and a certificate on completion.",
    "Our fees are all-inclusive, covering tuition, implants, materials, food and hotel, so you can focus entirely on learning.",
  ],
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

/** Spec 1: the claims the site makes about its alumni. */
export const STATS = {
  title: "A Track Record Dentists Trust",
  items: [
    { value: "100+", label: "Alumni" },
    { value: "Sold Out", label: "Our first three cohorts" },
    { value: "4+", label: "Continents" },
  ],
} as const;

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

export const CLOSING_CTA = {
  title: "Secure Your Spot!",
  text: "Places on every cohort are strictly limited and our first three cohorts sold out. Choose your course and reserve your place today.",
  cta: { label: "Book Your Course", to: "/courses" } satisfies Cta,
};
