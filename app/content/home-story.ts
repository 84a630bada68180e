/**
 * The copy of the home page's parts that need no script (spec 2, Home), apart
 * from the rest (home.ts), so that the browser loads it only to render them.
 */
import type { Cta } from "./home";
import { IMAGES } from "./media";

export const HERO_COPY = {
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
    "Our fees are all-inclusive, covering tuition, implants, materials, food and, where the course lists it, your hotel, so you can focus entirely on learning.",
  ],
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

export const CLOSING_CTA = {
  title: "Secure Your Spot!",
  text: "Places on every cohort are strictly limited and our first three cohorts sold out. Choose your course and reserve your place today.",
  cta: { label: "Book Your Course", to: "/courses" } satisfies Cta,
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
