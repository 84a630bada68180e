import { Maximize, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { type VideoAsset, videoSources } from "~/content/media";
import { cn } from "~/lib/cn";

import { ResponsiveImage } from "./responsive-image";

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * Spec 4 "Video players": a poster with a play button; playing brings sound,
 * native controls and a fullscreen button; the end of the video, or a pause
 * and rewind from outside (a carousel moving on), brings the poster back.
 * A `loop`ing video (the Level 2 recap's days) starts again at its end instead.
 */
export function VideoPlayer({ video, title, className, loop = false }: { video: VideoAsset; title: string; className?: string; loop?: boolean }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<FullscreenVideo>(null);
  const playButtonRef = useRef<HTMLButtonElement>(null);
  const [started, setStarted] = useState(false);
  const [showPoster, setShowPoster] = useState(true);
  const focusPlayButton = useRef(false);

  useEffect(() => {
    if (showPoster && focusPlayButton.current) {
      focusPlayButton.current = false;
      playButtonRef.current?.focus();
    }
  }, [showPoster]);

  function returnToPoster() {
    // Keep keyboard users where they were: the video they focused is about to be covered.
    focusPlayButton.current = containerRef.current?.contains(document.activeElement) ?? false;
    setShowPoster(true);
  }

  function play() {
    const element = videoRef.current;
    if (!element) return;
    element.muted = false;
    setStarted(true);
    setShowPoster(false);
    element.focus();
    element.play().catch(() => {
      // Interrupted (a carousel paused it) or refused: nothing is playing, so show the poster.
      if (element.paused) returnToPoster();
    });
  }

  function onPauseOrSeek() {
    const element = videoRef.current;
    if (element && element.paused && element.currentTime === 0) returnToPoster();
  }

  function enterFullscreen() {
    const element = videoRef.current;
    if (!element) return;
    if (element.requestFullscreen) {
      element.requestFullscreen().catch(() => undefined);
    } else {
      // iOS Safari only fullscreens videos, through its own method.
      element.webkitEnterFullscreen?.();
    }
  }

  return (
    <div ref={containerRef} className={cn("relative overflow-hidden bg-navy", className)} style={{ aspectRatio: `${video.width} / ${video.height}` }}>
      {/* The placeholder clips carry music and no speech, so nothing is captioned; a real testimonial with speech will need a captions track, which VideoAsset has no field for yet. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        controls={!showPoster}
        loop={loop}
        playsInline
        preload={started ? "auto" : "none"}
        width={video.width}
        height={video.height}
        tabIndex={showPoster ? -1 : 0}
        aria-label={title}
        onEnded={returnToPoster}
        onPause={onPauseOrSeek}
        onSeeked={onPauseOrSeek}
        className="absolute inset-0 h-full w-full object-contain"
      >
        {videoSources(video).map((source) => (
          <source key={source.type} src={source.src} type={source.type} />
        ))}
      </video>
      {showPoster ? (
        <>
          <ResponsiveImage image={video.poster} alt="" sizes="(min-width: 1024px) 50vw, 100vw" className="absolute inset-0 h-full w-full object-cover" />
          <button
            ref={playButtonRef}
            type="button"
            aria-label={`Play video: ${title}`}
            onClick={play}
            // It fills a box that clips what overflows: its focus outline is drawn inside it, and the button's ring turns solid white.
            className="group absolute inset-0 flex items-center justify-center bg-navy/20 transition-colors hover:bg-navy/10 focus-visible:outline-4 focus-visible:-outline-offset-4"
          >
            <span className="flex size-20 items-center justify-center rounded-full bg-gold text-white shadow-lg ring-4 ring-white/30 transition-transform group-hover:scale-105 group-focus-visible:ring-white motion-reduce:transition-none">
              <Play aria-hidden="true" className="ml-1 size-9 fill-current" />
            </span>
          </button>
        </>
      ) : (
        <button
          type="button"
          aria-label="Fullscreen"
          onClick={enterFullscreen}
          className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full bg-navy/70 text-white transition-colors hover:bg-navy"
        >
          <Maximize aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}
