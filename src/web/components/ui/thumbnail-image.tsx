import type { Thumbnail } from "@shared/order-line";
import { type ImgHTMLAttributes, useState } from "react";

/**
 * A line's thumbnail (@shared/order-line): its picture, or the fallback once that cannot be
 * loaded (an upload stored before colour thumbnails existed has none).
 */
export function ThumbnailImage({
  thumbnail,
  alt,
  ...img
}: { thumbnail: Thumbnail; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt">) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === thumbnail.src && thumbnail.fallback !== thumbnail.src;
  return (
    <img
      {...img}
      alt={alt}
      src={failed ? thumbnail.fallback : thumbnail.src}
      onError={() => setFailedSrc(thumbnail.src)}
    />
  );
}
