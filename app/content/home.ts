/**
 * The home page's fixed copy (spec 2, Home), in the order the sections appear.
 * The institute edits its words here; the sections only lay them out.
 */
import { VIDEOS } from "./media";

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
