import { type VideoAsset, VIDEOS } from "./media";

/** Spec 2, Home: an alumni video testimonial. */
export interface Testimonial {
  video: VideoAsset;
  /** Names the video for its play button ("Play video: {title}"). */
  title: string;
  /** Who is speaking, as shown under the video. */
  attribution: string;
  course: string;
}

/**
 * PLACEHOLDER CONTENT: the specification gives no details of the alumni in the
 * two testimonial videos. The titles and attributions below are placeholders
 * for the institute to replace with each speaker's name, practice and course
 * (with their consent) before launch. No quotes are invented: the videos speak
 * for themselves.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    video: VIDEOS.testimonials[0],
    title: "An alumnus on the Level 2 live course",
    attribution: "General dentist, United Kingdom",
    course: "Level 2 - Ultimate Full Arch Live Course",
  },
  {
    video: VIDEOS.testimonials[1],
    title: "An alumna on training with live patients in Dubai",
    attribution: "Implant dentist, Middle East",
    course: "Level 2 - Ultimate Full Arch Live Course",
  },
];
