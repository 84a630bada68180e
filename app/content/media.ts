/**
 * Every image and video the site shows. The files under public/media are made
 * by scripts/media/build-media.sh; each image exists as WebP at each listed
 * width (`/media/img/{name}-{width}.webp`), each video as MP4 and WebM with a
 * poster image of the same name plus "-poster".
 */
export interface ImageAsset {
  name: string;
  /** Intrinsic size of the largest rendition; the aspect ratio reserves space (no layout shift). */
  width: number;
  height: number;
  widths: readonly number[];
}

export interface VideoAsset {
  name: string;
  width: number;
  height: number;
  poster: ImageAsset;
}

const WIDE = [480, 960, 1600] as const;
const CARD = [480, 960] as const;
const PORTRAIT = [400, 800] as const;

function image(name: string, width: number, height: number, widths: readonly number[] = WIDE): ImageAsset {
  return { name, width, height, widths };
}

export function imageUrl(asset: ImageAsset, width: number = asset.widths[asset.widths.length - 1]): string {
  return `/media/img/${asset.name}-${width}.webp`;
}

export function srcSet(asset: ImageAsset): string {
  return asset.widths.map((width) => `${imageUrl(asset, width)} ${width}w`).join(", ");
}

function video(name: string): VideoAsset {
  return { name, width: 960, height: 540, poster: image(`${name}-poster`, 1600, 900) };
}

export function videoSources(asset: VideoAsset) {
  return [
    { src: `/media/video/${asset.name}.webm`, type: "video/webm" },
    { src: `/media/video/${asset.name}.mp4`, type: "video/mp4" },
  ];
}

export const IMAGES = {
  fullArchCase: image("full-arch-case", 1600, 1067),
  about: image("about-institute", 1600, 1067),
  flagship: image("flagship-course", 1600, 900),
  coursesHero: image("courses-hero", 1600, 900),
  locationMap: image("location-map", 1600, 1000),
  trainingEnvironment: [
    image("training-theatre", 1600, 1000),
    image("training-lecture", 1600, 1000),
    image("training-hands-on", 1600, 1000),
    image("training-planning", 1600, 1000),
    image("training-team", 1600, 1000),
  ],
  instructorOne: image("instructor-one", 800, 1000, PORTRAIT),
  instructorTwo: image("instructor-two", 800, 1000, PORTRAIT),
  catalogueFullArch: image("catalogue-full-arch", 960, 640, CARD),
  catalogueGrafting: image("catalogue-grafting", 960, 640, CARD),
  courseLevel1: image("course-level-1", 960, 640, CARD),
  courseLevel2: image("course-level-2", 960, 640, CARD),
  courseLevel3: image("course-level-3", 960, 640, CARD),
  courseComplications: image("course-complications", 960, 640, CARD),
  courseSinusGrafting: image("course-sinus-grafting", 960, 640, CARD),
  courseTissueGrafting: image("course-tissue-grafting", 960, 640, CARD),
} as const;

export const VIDEOS = {
  homeHero: video("home-hero"),
  facilitiesTour: video("facilities-tour"),
  fullArchHero: video("full-arch-hero"),
  testimonials: [video("testimonial-one"), video("testimonial-two")],
  level2Recap: [video("level-2-day-1"), video("level-2-day-2"), video("level-2-day-3"), video("level-2-day-4")],
} as const;
