import { BRAND_NAME } from "@shared/brand";
import { MESSAGES } from "@shared/messages";
import { HERO_IMG_CLASS, SLOT_SPECS } from "@shared/storefront";
import { Link } from "@web/app/routing";
import { initialStorefront, useStorefrontWhenNear } from "@web/app/storefront";
import { useQueryInTransition } from "@web/app/use-query-in-transition";
import { LazyCustomerGallery, LazyShopReviews } from "@web/components/storefront/lazy-sections";
import { Button, buttonClasses } from "@web/components/ui/button";
import { ResponsivePicture } from "@web/components/ui/ResponsivePicture";
import { catalogQueries } from "@web/features/shop/api";
import { ArrowRight, RefreshCw, Sparkles } from "lucide-react";
import { Suspense, useEffect } from "react";
import { notify } from "../cart";
import { CurrencySelect } from "../currency";
import { LampProductCard } from "../lamp";
import { FeaturedLightbox } from "./FeaturedLightbox";
import { ProductCard, ProductCardSkeleton } from "./ProductCard";

const SKELETON_COUNT = 6;

function useProducts() {
  // The grid follows the answer in a time-sliced render (no long task while the page loads).
  return useQueryInTransition(catalogQueries.products());
}

/**
 * The owner's shop hero: an empty marker when pre-rendered (the page server puts the current
 * hero there), the same picture in the browser; nothing when the owner has none.
 */
function ShopHero() {
  if (typeof window === "undefined") {
    return (
      <div className="relative">
        <picture data-slot="shop_hero" />
      </div>
    );
  }
  const hero = initialStorefront()?.shopHero;
  if (!hero) return null;
  return (
    <div className="relative">
      <ResponsivePicture
        image={hero}
        sizes={SLOT_SPECS.shop_hero.sizes}
        className={HERO_IMG_CLASS.shop_hero}
        priority
        slot="shop_hero"
      />
    </div>
  );
}

/** /shop: a hero with Start Creating, the custom lightbox, the accessory grid, then customers' words and photos. */
export function ShopPage() {
  const products = useProducts();
  const [customersRef, storefront] = useStorefrontWhenNear<HTMLDivElement>();

  const { isError, errorUpdatedAt, error } = products;
  useEffect(() => {
    // One toast per failed fetch (also after a failed retry).
    if (isError && errorUpdatedAt > 0) {
      console.warn("Failed to fetch products", error);
      notify(MESSAGES.products.fetchFailed);
    }
  }, [isError, errorUpdatedAt, error]);

  return (
    <div>
      <div className="mx-auto flex max-w-6xl justify-end px-4 pt-4">
        <CurrencySelect />
      </div>
      <section className="mx-auto mt-4 max-w-6xl px-4">
        <div className="relative grid items-center gap-8 overflow-hidden rounded-3xl bg-stone-900 px-6 py-12 text-white md:grid-cols-[1.2fr_1fr] md:px-12 md:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-glow-400/30 blur-3xl"
          />
          <div className="relative">
            <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-glow-300">
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              Handmade in Northern Ireland
            </p>
            <h1 className="mt-3 max-w-2xl text-4xl text-white md:text-5xl">
              Shop lightboxes and accessories
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-stone-200">
              Turn a favourite photo into a glowing lithophane, then finish it with a stand, a dimmer or a
              spare frame.
            </p>
            <Link to="/shop/create" className={`${buttonClasses("glow", "lg")} mt-8`}>
              {MESSAGES.products.startCreating}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
          <ShopHero />
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pt-12">
        <FeaturedLightbox />
      </div>
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <LampProductCard />
      </div>

      <section aria-labelledby="accessories-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="accessories-heading" className="text-3xl text-stone-900">
          Accessories
        </h2>
        <p className="mt-2 max-w-2xl text-stone-700">
          Extras that fit every {BRAND_NAME} lightbox. Tap Details for specifications and compatibility.
        </p>
        {products.isError ? (
          <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6">
            <p className="font-semibold text-red-900">{MESSAGES.products.fetchFailed.description}</p>
            <p className="mt-1 text-red-900">Please check your connection and try again.</p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => products.refetch()}
              disabled={products.isFetching}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Try again
            </Button>
          </div>
        ) : (
          <ul
            className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={products.isPending || undefined}
            aria-label={products.isPending ? "Loading accessories" : undefined}
          >
            {products.isPending
              ? Array.from({ length: SKELETON_COUNT }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <li key={i}>
                    <ProductCardSkeleton />
                  </li>
                ))
              : products.data.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
          </ul>
        )}
        {products.isSuccess && products.data.length === 0 ? (
          <p className="mt-8 text-stone-700">
            No accessories are available right now. Please check back soon.
          </p>
        ) : null}
      </section>

      {/* Customers' words and photos arrive after hydration, once scrolled towards, their code with them. */}
      <div ref={customersRef} />
      <Suspense fallback={null}>
        {storefront && storefront.reviews.length > 0 ? (
          <LazyShopReviews reviews={storefront.reviews} rating={storefront.rating} />
        ) : null}
        {storefront && storefront.gallery.length > 0 ? (
          <LazyCustomerGallery images={storefront.gallery} />
        ) : null}
      </Suspense>
    </div>
  );
}
