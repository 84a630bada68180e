import { type ImageAsset, imageUrl, srcSet } from "~/content/media";

export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ImageAsset;
  alt: string;
  sizes: string;
  className?: string;
  /** For the largest image above the fold: fetched first rather than lazily. */
  priority?: boolean;
}) {
  return (
    <img
      src={imageUrl(image)}
      srcSet={srcSet(image)}
      sizes={sizes}
      alt={alt}
      // The intrinsic size lets the browser reserve the box before the file arrives.
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
