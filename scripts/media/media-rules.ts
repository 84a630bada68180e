import { type VideoAsset, VIDEOS } from "~/content/media";

/** Players that turn the sound on need a sound track; looping background videos have none. */
export const VIDEOS_WITH_SOUND: ReadonlySet<VideoAsset> = new Set([VIDEOS.facilitiesTour, ...VIDEOS.testimonials]);

/** Budgets that keep pages light (design.md 8); tests/unit/media-manifest.test.ts enforces them. */
export const MAX_IMAGE_BYTES = 150 * 1024;
export const MAX_VIDEO_BYTES = 600 * 1024;
export const MAX_MEDIA_DIR_BYTES = 10 * 1024 * 1024;
