import { HERO_IMG_CLASS, SLOT_SPECS } from "@shared/storefront";
import { initialStorefront } from "@web/app/storefront";
import { ResponsivePicture } from "@web/components/ui/ResponsivePicture";
import { lazy, Suspense } from "react";

/**
 * The owner's hero photo: on the server an empty marker the page server fills with the current
 * hero (so it is in the HTML and preloaded); in the browser the same picture from the page's
 * storefront answer, or the drawn lightbox when the owner has none.
 * Below md it comes first (CSS order: the heading stays first for screen readers) and full
 * width, 384 px at most from sm, so the photo is the largest paint on a phone too; from md it
 * sits beside the text. The widths are SLOT_SPECS.home_hero.sizes, which the preload uses.
 */
export function HomeHero() {
  const wrapper = "order-first mx-auto w-full sm:max-w-sm md:order-none";
  if (typeof window === "undefined") {
    return (
      <div className={wrapper}>
        <picture data-slot="home_hero" />
      </div>
    );
  }
  const hero = initialStorefront()?.homeHero;
  if (!hero) {
    return (
      <Suspense fallback={<div className={`${wrapper} aspect-square`} />}>
        <LightboxArt className={wrapper} />
      </Suspense>
    );
  }
  return (
    <div className={wrapper}>
      <ResponsivePicture
        image={hero}
        sizes={SLOT_SPECS.home_hero.sizes}
        className={HERO_IMG_CLASS.home_hero}
        priority
        slot="home_hero"
      />
    </div>
  );
}

/** Drawn art for a shop without a hero photo (not in the first load: the seed gives one). */
const LightboxArt = lazy(() => import("./LightboxArt").then((m) => ({ default: m.LightboxArt })));
