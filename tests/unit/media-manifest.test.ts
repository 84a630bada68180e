import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { type ImageAsset, IMAGES, imageUrl, type VideoAsset, VIDEOS, videoSources } from "~/content/media";

import { MAX_IMAGE_BYTES, MAX_MEDIA_DIR_BYTES, MAX_VIDEO_BYTES, VIDEOS_WITH_SOUND } from "../../scripts/media/media-rules";

const PUBLIC = join(process.cwd(), "public");
const videos: VideoAsset[] = Object.values(VIDEOS).flat();
const images = [...(Object.values(IMAGES).flat() satisfies ImageAsset[]), ...videos.map((video) => video.poster)];
const renditions = images.flatMap((image) => image.widths.map((width) => ({ image, width, url: imageUrl(image, width) })));
const videoFiles = videos.flatMap((video) => videoSources(video).map((source) => ({ video, ...source })));

const fileOf = (url: string) => join(PUBLIC, url);

/** Pixel size from a WebP's RIFF header: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WEBP") {
    throw new Error("not a WebP file");
  }
  const chunk = bytes.toString("ascii", 12, 16);
  if (chunk === "VP8 ") {
    // Frame tag (3 bytes), then the key-frame start code 9d 01 2a, then 14-bit sizes.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) throw new Error("bad VP8 start code");
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) throw new Error("bad VP8L signature");
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** Top-level MP4 box types in file order. */
function mp4Boxes(bytes: Buffer): { type: string; start: number; size: number }[] {
  const boxes = [];
  for (let start = 0; start + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(start);
    if (size === 1) size = Number(bytes.readBigUInt64BE(start + 8));
    if (size < 8) throw new Error("bad MP4 box size");
    boxes.push({ type: bytes.toString("ascii", start + 4, start + 8), start, size });
    start += size;
  }
  return boxes;
}

/** Handler types ("vide", "soun") of the tracks in an MP4's moov box. */
function mp4Handlers(bytes: Buffer): string[] {
  const moov = mp4Boxes(bytes).find((box) => box.type === "moov");
  if (!moov) throw new Error("no moov box");
  const body = bytes.subarray(moov.start, moov.start + moov.size);
  const handlers = [];
  // hdlr box: size, "hdlr", version/flags, pre_defined, then the handler type.
  for (let at = body.indexOf("hdlr"); at !== -1; at = body.indexOf("hdlr", at + 4)) {
    handlers.push(body.toString("ascii", at + 12, at + 16));
  }
  return handlers;
}

describe("webpSize", () => {
  const riff = (chunk: string, payload: number[]) => {
    const bytes = Buffer.alloc(40);
    bytes.write("RIFF", 0, "ascii");
    bytes.write("WEBP", 8, "ascii");
    bytes.write(chunk, 12, "ascii");
    Buffer.from(payload).copy(bytes, 20);
    return bytes;
  };

  it("reads lossy, lossless and extended headers", () => {
    // 480 x 320 lossy: frame tag, start code, then the sizes.
    expect(webpSize(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0xe0, 0x01, 0x40, 0x01]))).toEqual({ width: 480, height: 320 });
    // 400 x 500 lossless: (399) | (499 << 14) in 28 bits after the 0x2f signature.
    const bits = 399 | (499 << 14);
    expect(webpSize(riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]))).toEqual({ width: 400, height: 500 });
    // 1600 x 900 extended: flags, then 24-bit sizes minus one.
    expect(webpSize(riff("VP8X", [0, 0, 0, 0, 0x3f, 0x06, 0, 0x83, 0x03, 0]))).toEqual({ width: 1600, height: 900 });
    expect(() => webpSize(Buffer.from("not an image at all, not at all"))).toThrow("not a WebP file");
  });
});

describe("media files match the manifest (app/content/media.ts)", () => {
  it.each(renditions.map((r) => [r.url, r] as const))("%s has the listed width and the image's aspect ratio", (_url, { image, width, url }) => {
    const size = webpSize(readFileSync(fileOf(url)));
    expect(size.width).toBe(width);
    // Renditions round their height to the nearest pixel.
    expect(Math.abs(size.height - (width * image.height) / image.width)).toBeLessThanOrEqual(1);
  });

  it.each(renditions.map((r) => [r.url, r] as const))("%s is within the image budget", (_url, { url }) => {
    expect(statSync(fileOf(url)).size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  });

  it.each(videoFiles.map((v) => [v.src, v] as const))("%s exists and is within the video budget", (_src, { src }) => {
    const size = statSync(fileOf(src)).size;
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThanOrEqual(MAX_VIDEO_BYTES);
  });

  it.each(videos.map((v) => [v.name, v] as const))("%s.mp4 streams at once and has sound only where the player turns it on", (_name, video) => {
    const bytes = readFileSync(fileOf(`/media/video/${video.name}.mp4`));
    const order = mp4Boxes(bytes).map((box) => box.type);
    expect(order[0]).toBe("ftyp");
    // +faststart: the index comes before the media data, so playback starts before the download ends.
    expect(order.indexOf("moov")).toBeLessThan(order.indexOf("mdat"));
    const handlers = mp4Handlers(bytes);
    expect(handlers).toContain("vide");
    expect(handlers.includes("soun")).toBe(VIDEOS_WITH_SOUND.has(video));
  });

  it.each(videos.map((v) => [v.name, v] as const))("%s.webm is VP9, with Opus sound only where the player turns it on", (_name, video) => {
    const bytes = readFileSync(fileOf(`/media/video/${video.name}.webm`));
    expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3);
    // The Tracks element, with its codec ids, sits in the first few kilobytes.
    const head = bytes.subarray(0, 8192).toString("latin1");
    expect(head).toContain("V_VP9");
    expect(head.includes("A_OPUS")).toBe(VIDEOS_WITH_SOUND.has(video));
  });

  it("holds no files the manifest does not list, and stays within the total budget", () => {
    const listed = new Set([...renditions.map((r) => r.url), ...videoFiles.map((v) => v.src)]);
    const onDisk = ["img", "video"].flatMap((dir) => readdirSync(join(PUBLIC, "media", dir)).map((file) => `/media/${dir}/${file}`));
    expect(onDisk.filter((url) => !listed.has(url))).toEqual([]);
    const total = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce(
        (sum, entry) => sum + (entry.isDirectory() ? total(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
        0,
      );
    expect(total(join(PUBLIC, "media"))).toBeLessThanOrEqual(MAX_MEDIA_DIR_BYTES);
  });
});
