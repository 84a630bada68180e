/**
 * Prints the media manifest as lines build-media.sh can read, so the files it
 * makes always match app/content/media.ts:
 *   image <name> <width> <height> <widths,comma,separated>
 *   video <name> <width> <height> <audio|silent>
 * Videos are listed before their posters, which are printed as images.
 */
import { type ImageAsset, IMAGES, type VideoAsset, VIDEOS } from "~/content/media";

import { VIDEOS_WITH_SOUND } from "./media-rules";

const images: ImageAsset[] = Object.values(IMAGES).flat();
const videos: VideoAsset[] = Object.values(VIDEOS).flat();

for (const video of videos) {
  console.log(["video", video.name, video.width, video.height, VIDEOS_WITH_SOUND.has(video) ? "audio" : "silent"].join(" "));
}
for (const image of [...images, ...videos.map((video) => video.poster)]) {
  console.log(["image", image.name, image.width, image.height, image.widths.join(",")].join(" "));
}
