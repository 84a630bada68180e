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

/** The hero's background; its copy is in home-story.ts. */
export const HERO = { video: VIDEOS.homeHero };
