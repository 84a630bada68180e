import { useEffect, useRef, useState } from "react";

import { type VideoAsset, videoSources } from "~/content/media";
import { cn } from "~/lib/cn";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

import { ResponsiveImage } from "./responsive-image";

/**
 * A decorative looping video. The poster is a responsive image underneath
 * (a `poster` attribute cannot pick a size per screen); the video fades in over
 * it once it plays, only while on screen and never under reduced motion.
 * A button in the corner of the nearest positioned box around it pauses it
 * for as long as the page is open (WCAG 2.2.2).
 */
export function BackgroundVideo({
  video,
  className,
  priority = false,
}: {
  video: VideoAsset;
  /** Its position and size in the page; it is the box its poster and video fill. */
  className: string;
  /** For a hero: the poster is the largest thing above the fold. */
  priority?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || pausedByVisitor) return;
    // Browsers only allow autoplay when the muted property is set.
    element.muted = true;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) {
        // A refused or interrupted play leaves the poster showing, which is fine.
        element.play().catch(() => undefined);
      } else {
        element.pause();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.pause();
    };
  }, [reducedMotion, pausedByVisitor]);

  return (
    <>
      <div aria-hidden="true" className={cn("overflow-hidden bg-navy", className)}>
        <ResponsiveImage image={video.poster} alt="" sizes="100vw" priority={priority} className="absolute inset-0 h-full w-full object-cover" />
        <video
          ref={ref}
          muted
          loop
          playsInline
          preload="none"
          tabIndex={-1}
          width={video.width}
          height={video.height}
          onPlaying={() => setPlaying(true)}
          className={cn("absolute inset-0 h-full w-full object-cover transition-opacity duration-700", playing ? "opacity-100" : "opacity-0")}
        >
          {videoSources(video).map((source) => (
            <source key={source.type} src={source.src} type={source.type} />
          ))}
        </video>
      </div>
      {/* As the carousel's pause button: the media query, not the script, hides it where nothing moves, so the server's HTML has it too. */}
      <button
        type="button"
        aria-label={pausedByVisitor ? "Play background video" : "Pause background video"}
        onClick={() => setPausedByVisitor((paused) => !paused)}
        className="absolute right-4 bottom-4 z-10 flex size-11 items-center justify-center rounded-full border border-gold/60 bg-white text-navy shadow-sm transition-colors hover:bg-gold-light motion-reduce:hidden"
      >
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden className="size-4">
          <path d={pausedByVisitor ? "M7 4l13 8-13 8z" : "M6 4h4v16H6zm8 0h4v16h-4z"} />
        </svg>
      </button>
    </>
  );
}
