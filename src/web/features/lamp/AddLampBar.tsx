import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import type { LampSizeOffer } from "@shared/product-types/lamp-offer";
import { Button } from "@web/components/ui/button";
import { Check, ShoppingBag } from "lucide-react";
import { useCurrency } from "../currency";

/** The price of the chosen size and Add to Cart; once added, View cart and Make another lamp. */
export function AddLampBar({
  offer,
  added,
  onAdd,
  onViewCart,
  onStartOver,
}: {
  offer: LampSizeOffer | null;
  added: boolean;
  onAdd: () => void;
  onViewCart: () => void;
  onStartOver: () => void;
}) {
  const { formatPrice } = useCurrency();
  const texts = LAMP_TEXTS_WEB.cart;
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="lamp-cart-bar">
      {offer ? (
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-stone-700">{offer.name}</span>
          <span className="text-2xl font-semibold text-stone-900" aria-live="polite">
            {formatPrice(offer.pricePence)}
          </span>
        </p>
      ) : null}
      <p className="mt-1 text-sm text-stone-600">{LAMP_TEXTS_WEB.page.baseNote}</p>
      {added ? (
        <div className="mt-4 space-y-2">
          <p role="status" className="flex items-center gap-2 font-medium text-emerald-800">
            <Check aria-hidden="true" className="h-5 w-5" />
            {texts.added}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="glow" onClick={onViewCart}>
              {texts.viewCart}
            </Button>
            <Button variant="outline" onClick={onStartOver}>
              {texts.startOver}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="glow" size="lg" className="mt-4 w-full" onClick={onAdd}>
          <ShoppingBag aria-hidden="true" className="h-5 w-5" />
          {texts.add}
        </Button>
      )}
    </div>
  );
}
