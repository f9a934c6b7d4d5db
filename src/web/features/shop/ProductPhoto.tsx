/**
 * The owner's photo of a product (set in the admin; the category icon is the fallback): a
 * 4:3 box so every card with a photo lays out alike, lazy, decoded off the main thread.
 */
export function ProductPhoto({ url, name, className }: { url: string; name: string; className?: string }) {
  return (
    <img
      src={url}
      alt={name}
      width={800}
      height={600}
      loading="lazy"
      decoding="async"
      className={
        className ??
        "-mx-5 -mt-5 mb-4 aspect-[4/3] w-[calc(100%+2.5rem)] max-w-none rounded-t-2xl object-cover"
      }
      data-testid="product-photo"
    />
  );
}
