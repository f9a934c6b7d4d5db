import { needsAccessoryChoice } from "@shared/accessory-choices";
import { MESSAGES } from "@shared/messages";
import { isOutOfStock, stockLabel } from "@shared/stock";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ShoppingCart } from "lucide-react";
import { useId, useState } from "react";
import { useCurrency } from "../currency";
import { categoryIcon } from "./categories";
import { ProductDetailsDialog } from "./ProductDetailsDialog";
import { ProductPhoto } from "./ProductPhoto";
import type { ShopProduct } from "./types";
import { useAddAccessory } from "./useAddAccessory";

/** Card layout shared with the loading skeleton, so nothing moves when products arrive. */
export const CARD_CLASSES = "flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm";

/**
 * Every card has the same 4:3 picture area, the owner's photo or the category icon on a tint, so
 * cards with and without photos line up and the skeleton can reserve it before products arrive.
 */
const MEDIA_CLASSES = "-mx-5 -mt-5 mb-4 aspect-[4/3] w-[calc(100%+2.5rem)] max-w-none rounded-t-2xl";

export function ProductCard({ product }: { product: ShopProduct }) {
  const { formatPrice } = useCurrency();
  const addAccessory = useAddAccessory();
  const nameId = useId();
  const Icon = categoryIcon(product.category);
  const comingSoon = product.status === "coming_soon";
  const available = product.stockAvailable ?? null;
  const soldOut = isOutOfStock(available);
  const stock = comingSoon ? null : stockLabel(available);
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
    <article aria-labelledby={nameId} className={CARD_CLASSES}>
      {product.imageUrl ? (
        <ProductPhoto
          url={product.imageUrl}
          name={product.name}
          className={`${MEDIA_CLASSES} object-cover`}
        />
      ) : (
        <div className={`${MEDIA_CLASSES} flex items-center justify-center bg-glow-50 text-glow-800`}>
          <Icon aria-hidden="true" className="h-16 w-16" />
        </div>
      )}
      <div className="flex h-6 items-start">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="neutral">{product.category}</Badge>
          {comingSoon ? <Badge tone="warning">{MESSAGES.common.comingSoon}</Badge> : null}
        </div>
      </div>
      <h3 id={nameId} className="mt-4 line-clamp-2 min-h-14 text-xl leading-7 text-stone-900">
        {product.name}
      </h3>
      <p className="mt-2 line-clamp-3 min-h-18 text-sm leading-6 text-stone-700">{product.description}</p>
      <p className="mt-4 text-2xl font-semibold text-stone-900">{formatPrice(product.pricePence)}</p>
      {stock ? (
        <p className={`mt-1 text-sm font-medium ${soldOut ? "text-red-700" : "text-amber-800"}`}>{stock}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <ProductDetailsDialog product={product} open={detailsOpen} onOpenChange={setDetailsOpen} />
        <Button
          variant="glow"
          size="sm"
          className="flex-1"
          disabled={comingSoon || soldOut}
          onClick={() => {
            // A made-to-order accessory is refused until its choices are given: its details open with them.
            if (!addAccessory(product) && needsAccessoryChoice(product.id) && !comingSoon)
              setDetailsOpen(true);
          }}
          aria-label={`${MESSAGES.common.addToCart}: ${product.name}`}
        >
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {MESSAGES.common.addToCart}
        </Button>
      </div>
    </article>
  );
}

/** A placeholder card with the same fixed sizes as ProductCard. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className={CARD_CLASSES}>
      <div className={`${MEDIA_CLASSES} animate-pulse bg-stone-200`} />
      <div className="flex h-6 items-start">
        <div className="h-6 w-24 animate-pulse rounded-full bg-stone-200" />
      </div>
      <div className="mt-4 min-h-14">
        <div className="h-6 w-3/4 animate-pulse rounded bg-stone-200" />
      </div>
      <div className="mt-2 min-h-18 space-y-2 py-1">
        <div className="h-4 w-full animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-full animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200" />
      </div>
      <div className="mt-4 h-8 w-24 animate-pulse rounded bg-stone-200" />
      <div className="mt-auto flex gap-2 pt-4">
        <div className="h-9 w-28 animate-pulse rounded-full bg-stone-200" />
        <div className="h-9 flex-1 animate-pulse rounded-full bg-stone-200" />
      </div>
    </div>
  );
}
