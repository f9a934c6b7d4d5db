import { fallbackSrc, type ResponsiveImage, srcSet } from "@shared/storefront";

/**
 * An owner's or customer's image from the one pipeline: AVIF then WebP sources with srcset and
 * sizes, width and height set (no layout shift), lazy unless `priority` (the hero: eager, high
 * fetch priority). The server writes a hero with the same markup (heroPictureHtml).
 */
export function ResponsivePicture({
  image,
  sizes,
  className,
  priority = false,
  slot,
}: {
  image: ResponsiveImage;
  sizes: string;
  className?: string;
  priority?: boolean;
  slot?: string;
}) {
  return (
    <picture data-slot={slot}>
      <source type="image/avif" srcSet={srcSet(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />
      <img
        src={fallbackSrc(image)}
        alt={image.alt}
        width={image.width}
        height={image.height}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
