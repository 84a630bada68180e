import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useMemo } from "react";

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;

/** Embla (and its autoplay) on a carousel's viewport: loaded apart from the page, when the carousel is near or used. */
export default function CarouselEngine({
  viewport,
  loop,
  autoplayMs,
  pauseOnHover,
  onApi,
}: {
  viewport: HTMLElement;
  loop: boolean;
  /** Advance every this many milliseconds; undefined for no autoplay. */
  autoplayMs: number | undefined;
  pauseOnHover: boolean;
  onApi: (api: EmblaApi | undefined) => void;
}) {
  // A new plugin list makes Embla re-initialise, so it only changes when autoplay is switched.
  const plugins = useMemo(
    () => (autoplayMs !== undefined ? [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: pauseOnHover })] : []),
    [autoplayMs, pauseOnHover],
  );
  const options = useMemo(() => ({ loop, align: "start" as const }), [loop]);
  const [setViewport, api] = useEmblaCarousel(options, plugins);
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
