import { lightboxFromPricePence } from "@shared/lightbox-price";
import { MESSAGES } from "@shared/messages";
import { SHOP_TEXTS } from "@shared/shop-texts";
import { Link } from "@web/app/routing";
import { useQueryInTransition } from "@web/app/use-query-in-transition";
import { buttonClasses } from "@web/components/ui/button-classes";
import { catalogQueries } from "@web/features/shop/api";
import { ArrowRight } from "lucide-react";
import { useCurrency } from "../currency";

/**
 * The custom lightbox, featured above the accessories (issue 20): its from-price and the three
 * collections at the owner's prices (the catalogue's bundles), and Start Creating.
 */
export function FeaturedLightbox() {
  const { formatPrice } = useCurrency();
  const catalog = useQueryInTransition(catalogQueries.options());
  const from = catalog.data ? lightboxFromPricePence(catalog.data.bundles, catalog.data.options) : null;
  return (
    <section
      aria-labelledby="featured-lightbox-title"
      className="rounded-3xl border border-glow-200 bg-glow-50 p-6 shadow-sm md:p-8"
      data-testid="featured-lightbox"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-glow-800">
        {SHOP_TEXTS.featuredEyebrow}
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="featured-lightbox-title" className="text-3xl text-stone-900">
          {SHOP_TEXTS.featuredTitle}
        </h2>
        <p className="min-h-8 text-2xl font-semibold text-stone-900" aria-live="polite">
          {from !== null ? SHOP_TEXTS.fromPrice(formatPrice(from)) : null}
        </p>
      </div>
      <p className="mt-3 max-w-3xl text-stone-700">{SHOP_TEXTS.featuredText}</p>
      <h3 className="mt-6 text-lg text-stone-900">{SHOP_TEXTS.bundlesHeading}</h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {(catalog.data?.bundles ?? []).map((bundle) => (
          <li key={bundle.id} className="rounded-2xl border border-stone-200 bg-white p-4">
            <p className="font-semibold text-stone-900">{bundle.name}</p>
            <p className="text-sm text-stone-700">{SHOP_TEXTS.bundleLine(bundle.lithophaneCount)}</p>
            <p className="mt-2 text-lg font-semibold text-stone-900">
              {formatPrice(bundle.pricePence)}
              {bundle.savingPercent ? (
                <span className="ml-2 text-sm font-medium text-emerald-800">
                  {SHOP_TEXTS.save(bundle.savingPercent)}
                </span>
              ) : null}
            </p>
          </li>
        ))}
        {catalog.isPending
          ? [0, 1, 2].map((i) => (
              <li key={i} aria-hidden="true" className="h-24 animate-pulse rounded-2xl bg-white/70" />
            ))
          : null}
      </ul>
      <Link to="/shop/create" className={`${buttonClasses("glow", "lg")} mt-6`}>
        {MESSAGES.products.startCreating}
        <ArrowRight aria-hidden="true" className="h-5 w-5" />
      </Link>
    </section>
  );
}
