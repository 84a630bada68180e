import { Carousel } from "~/components/ui/carousel";
import { VideoPlayer } from "~/components/ui/video-player";
import type { VideoAsset } from "~/content/media";

/** Spec 2: the four looping day-by-day recap videos of Level 2, after its card; other videos stop when the slide changes. */
export function Level2Recap({ title, intro, videos }: { title: string; intro: string; videos: readonly VideoAsset[] }) {
  return (
    <section aria-labelledby="level-2-recap-heading" className="rounded-2xl border border-gold/30 bg-gold-light/60 px-4 py-10 sm:px-8 lg:px-12 lg:py-14">
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-xs font-semibold tracking-[0.25em] text-gold-dark uppercase">Level 2 recap</p>
        <h2 id="level-2-recap-heading" className="mt-3 text-3xl font-semibold">
          {title}
        </h2>
        <p className="mt-3 text-ink/80">{intro}</p>
      </div>
      <Carousel label="Level 2 recap videos" className="mx-auto mt-8 max-w-4xl">
        {videos.map((video, index) => (
          <figure key={video.name}>
            <VideoPlayer video={video} title={`Level 2 recap, Day ${index + 1}`} className="rounded-lg" loop />
            <figcaption className="mt-3 text-center text-sm font-semibold text-navy">Day {index + 1}</figcaption>
          </figure>
        ))}
      </Carousel>
    </section>
  );
}
