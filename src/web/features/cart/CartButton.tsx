import { MESSAGES, pluralise } from "@shared/messages";
import { ShoppingCart } from "lucide-react";
import { useCart } from "./CartProvider";

/** The floating cart button, bottom-right, shown only while the cart has items. */
export function CartButton() {
  const { count, openCart } = useCart();
  if (count === 0) return null;
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={`${MESSAGES.cart.openCart}, ${pluralise(count, "item")}`}
      className="fixed bottom-4 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-stone-900 text-white shadow-lg transition-colors hover:bg-stone-700 md:bottom-6 md:right-6 md:h-16 md:w-16"
    >
      <ShoppingCart aria-hidden="true" className="h-6 w-6 md:h-7 md:w-7" />
      <span
        aria-hidden="true"
        className="absolute -right-1 -top-1 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-glow-400 px-1.5 text-xs font-bold text-stone-950 ring-2 ring-white"
      >
        {count}
      </span>
    </button>
  );
}
