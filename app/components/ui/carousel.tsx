import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { Children, type KeyboardEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";

import { cn } from "~/lib/cn";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

import type { EmblaApi } from "./carousel-engine";

const CarouselEngine = lazy(() => import("./carousel-engine"));

/** How far below the screen a carousel starts loading Embla, so it moves by the time it is seen. */
const LOAD_MARGIN = "50%";

/** Keys that belong to the focused control (a video's seek bar, a text field), not to the carousel. */
const OWN_ARROW_KEYS = new Set(["VIDEO", "AUDIO", "INPUT", "TEXTAREA", "SELECT"]);

/** Pause and rewind every video outside the selected snap, so only what is shown can play. */
function stopHiddenVideos(api: EmblaApi) {
  const selected = api.selectedScrollSnap();
  const shown = new Set(api.internalEngine().slideRegistry[selected] ?? [selected]);
  api.slideNodes().forEach((slide, index) => {
    if (shown.has(index)) return;
    slide.querySelectorAll("video").forEach((video) => {
      if (video.paused && video.currentTime === 0) return;
      video.pause();
      video.currentTime = 0;
    });
  });
}

/**
 * An accessible carousel (WAI-ARIA APG pattern) on Embla. It renders the same
 * markup on the server and on the first client render; Embla and autoplay
 * load, apart from the page's first scripts, once the carousel nears the
 * screen or is first used.
 */
export function Carousel({
  label,
  children,
  autoplayMs,
  pauseOnHover = false,
  loop = false,
  className,
  slideClassName,
}: {
  label: string;
  children: ReactNode[];
  /** Advance every this many milliseconds (never under reduced motion). */
  autoplayMs?: number;
  pauseOnHover?: boolean;
  loop?: boolean;
  className?: string;
  slideClassName?: string;
}) {
  const slides = Children.toArray(children);
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByUser, setPausedByUser] = useState(false);
  // WAI-ARIA carousel pattern: the slides hold still while focus is anywhere in the carousel, its controls included.
  const [focusWithin, setFocusWithin] = useState(false);
  const autoplayOn = autoplayMs !== undefined && !reducedMotion && !pausedByUser && !focusWithin;

  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaApi>();
  // A control used before Embla has loaded: the move is made once it arrives, not lost.
  const pendingMove = useRef<((api: EmblaApi) => void) | undefined>(undefined);

  useEffect(() => {
    if (!viewport || wanted) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setWanted(true), { rootMargin: LOAD_MARGIN });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, wanted]);

  const [snapCount, setSnapCount] = useState(slides.length);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(loop);
  const [canNext, setCanNext] = useState(loop || slides.length > 1);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSnapCount(api.scrollSnapList().length);
      setSelected(api.selectedScrollSnap());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    const onSelect = () => {
      sync();
      stopHiddenVideos(api);
    };
    sync();
    api.on("select", onSelect).on("reInit", sync);
    const move = pendingMove.current;
    pendingMove.current = undefined;
    move?.(api);
    return () => {
      api.off("select", onSelect).off("reInit", sync);
    };
  }, [api]);

  const moveBy = useCallback(
    (move: (api: EmblaApi) => void) => {
      if (api) {
        move(api);
      } else {
        pendingMove.current = move;
        setWanted(true);
      }
    },
    [api],
  );
  // Under reduced motion, move at once instead of animating.
  const scrollPrev = useCallback(() => moveBy((embla) => embla.scrollPrev(reducedMotion)), [moveBy, reducedMotion]);
  const scrollNext = useCallback(() => moveBy((embla) => embla.scrollNext(reducedMotion)), [moveBy, reducedMotion]);
  const scrollTo = useCallback((index: number) => moveBy((embla) => embla.scrollTo(index, reducedMotion)), [moveBy, reducedMotion]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target instanceof HTMLElement && OWN_ARROW_KEYS.has(event.target.tagName)) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      scrollNext();
    }
  }

  const controlClass =
    "flex size-11 items-center justify-center rounded-full border border-gold/60 bg-white text-navy shadow-sm transition-colors hover:bg-gold-light disabled:opacity-40";

  return (
    // The arrow keys move the slides while focus is inside the carousel (WAI-ARIA carousel pattern).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setWanted(true);
        setFocusWithin(true);
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusWithin(false);
      }}
      className={cn("relative", className)}
    >
      {wanted && viewport && (
        <Suspense>
          <CarouselEngine viewport={viewport} loop={loop} autoplayMs={autoplayOn ? autoplayMs : undefined} pauseOnHover={pauseOnHover} onApi={setApi} />
        </Suspense>
      )}
      <div ref={setViewport} className="overflow-hidden">
        {/* Announce slide changes only when the visitor made them, not every few seconds. */}
        <div className="flex touch-pan-y" aria-live={autoplayOn ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={cn("min-w-0 shrink-0 grow-0 basis-full", slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        // At 320 px a recap of four slides inside a padded section has 256 px: the dots' targets shrink to 36 px there (WCAG asks 24).
        <div className="mt-5 flex items-center justify-center gap-2 sm:gap-3">
          <button type="button" aria-label="Previous slide" onClick={scrollPrev} disabled={!canPrev} className={controlClass}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <div className="flex items-center">
            {Array.from({ length: snapCount }, (_, index) => (
              <button
                key={index}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => scrollTo(index)}
                className="group flex size-9 items-center justify-center sm:size-11"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all motion-reduce:transition-none",
                    index === selected ? "w-6 bg-gold" : "w-2.5 bg-navy/25 group-hover:bg-navy/50",
                  )}
                />
              </button>
            ))}
          </div>
          <button type="button" aria-label="Next slide" onClick={scrollNext} disabled={!canNext} className={controlClass}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          {autoplayMs !== undefined && (
            // WCAG 2.2.2: moving content needs a way to stop it. Without motion there is nothing to stop: the media
            // query hides it, not the script, so the server's HTML has it too and no control moves when the code arrives.
            <button
              type="button"
              aria-label={pausedByUser ? "Start automatic slide show" : "Pause automatic slide show"}
              onClick={() => setPausedByUser((paused) => !paused)}
              className={cn(controlClass, "motion-reduce:hidden")}
            >
              {pausedByUser ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
