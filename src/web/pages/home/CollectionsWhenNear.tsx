import { lazyWithQuery } from "@web/app/query";
import { useNearViewport } from "@web/app/use-near-viewport";
import { Suspense } from "react";

/**
 * The lightbox and its three collections at the owner's prices (the catalogue's bundles, as the
 * shop and the creator show them). Fetched after hydration: the pre-rendered page keeps a
 * placeholder of the same height, so nothing below it moves, and no price is baked into the HTML.
 */
const LightboxCollections = lazyWithQuery(() =>
  import("@web/components/storefront/StorefrontSections").then((m) => m.FeaturedLightbox),
);

/**
 * The collections once their placeholder comes within a screen of the viewport: their code,
 * react-query and the catalogue request wait until the visitor scrolls towards them, so the
 * landing page loads as it did without them.
 */
export function CollectionsWhenNear() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <div ref={ref} style={COLLECTIONS_MIN_HEIGHT} />;
  return near ? (
    <Suspense fallback={placeholder}>
      <LightboxCollections />
    </Suspense>
  ) : (
    placeholder
  );
}

/**
 * The collections card's height while its code and prices load: 828 px at 390 px wide (one
 * column), 440 px from 640 px (three columns), in between along the line joining them.
 */
const COLLECTIONS_MIN_HEIGHT = { minHeight: "max(27.5rem, 1433px - 155.2vw)" };
