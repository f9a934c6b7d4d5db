import { MESSAGES, pluralise } from "@shared/messages";
import { isCreatorPath, showsCartButton } from "@shared/overlays";
import { useLocation } from "@web/app/routing";
import { ShoppingCart } from "lucide-react";
import { useCart } from "./CartProvider";

/**
 * The floating cart button, bottom-right, shown only while the cart has items and never on
 * checkout; on the creator it sits above the small screens' price bar.
 */
export function CartButton() {
  const { count, openCart } = useCart();
  const { pathname } = useLocation();
  if (count === 0 || !showsCartButton(pathname)) return null;
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={`${MESSAGES.cart.openCart}, ${pluralise(count, "item")}`}
      className={`fixed right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-stone-900 text-white shadow-lg transition-colors hover:bg-stone-700 md:right-6 md:h-16 md:w-16 ${isCreatorPath(pathname) ? "bottom-24 lg:bottom-6" : "bottom-4 md:bottom-6"}`}
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
