import type { CartItem } from "@shared/cart";
import { cartLineSummary } from "@shared/cart-line";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { MESSAGES, pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { lineThumbnail } from "@shared/order-line";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { useReturnFocus } from "@web/components/ui/return-focus";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import { Package, ShoppingCart, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { DiscountField, DiscountLines, useCurrentPrices, useDiscount } from "../commerce";
import { useCurrency } from "../currency";
import { useCart } from "./CartProvider";
import { cartItemTitle, isAccessory } from "./itemTitle";

function CartLine({ item, price, onRemove }: { item: CartItem; price: string; onRemove: () => void }) {
  const accessory = isAccessory(item);
  const title = cartItemTitle(item);
  const extra = item.additionalImages.length;
  const thumbnail = item.imageUrl ? lineThumbnail(item) : null;
  return (
    <li className="flex gap-4 py-4">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
        {thumbnail ? (
          <ThumbnailImage
            thumbnail={thumbnail}
            alt={accessory ? title : `Your photo for the ${item.shape}`}
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-stone-500">
            <Package aria-hidden="true" className="h-8 w-8" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{title}</p>
        {accessory ? (
          <p className="text-sm text-stone-700">{cartLineSummary(item)}</p>
        ) : (
          <>
            <p className="text-sm text-stone-700">{cartLineSummary(item)}</p>
            {extra > 0 ? <p className="text-sm text-stone-600">+ {pluralise(extra, "more photo")}</p> : null}
          </>
        )}
        <p className="mt-1 font-semibold text-stone-900">{price}</p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={
          accessory
            ? `${MESSAGES.common.remove} ${title}`
            : `${MESSAGES.common.remove} ${title} (${item.shape}, ${item.size})`
        }
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </button>
    </li>
  );
}

/**
/**
 * The cart side panel: a right-hand sheet. Prices are shown in the shopper's currency like the
 * rest of the shop (issue 16 replaces the spec's "always £"), with the GBP charge named, at the
 * owner's current prices, less the discount code the shopper applied.
 */
export function CartPanel() {
  const { items, total, count, remove, isOpen, setOpen } = useCart();
  const { currency, totals, formatShown } = useCurrency();
  useCurrentPrices();
  const discount = useDiscount(items);
  const due = total - Math.min(total, discount.applied?.discountPence ?? 0);
  // One conversion: the lines converted, then added; the discount a share of that (issue 47).
  const shown = totals({
    linesPence: items.map((i) => i.price),
    discountPence: discount.applied?.discountPence ?? 0,
    shippingPence: 0,
  });
  const close = () => setOpen(false);
  const returnFocus = useReturnFocus(isOpen);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-6 py-5">
            <div>
              <Dialog.Title className="font-display text-2xl text-stone-900">
                {MESSAGES.cart.title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-stone-700">
                {MESSAGES.cart.itemCount(count)}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close cart"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {count === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <ShoppingCart aria-hidden="true" className="h-12 w-12 text-stone-400" />
              <p className="text-lg font-medium text-stone-900">{MESSAGES.cart.empty}</p>
              <Link to="/create" onClick={close} className={buttonClasses("glow", "md")}>
                {MESSAGES.cart.createLithophane}
              </Link>
            </div>
          ) : (
            <>
              <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-6" aria-label="Cart items">
                {items.map((item, index) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    price={formatShown(shown.linesMinor[index] ?? 0)}
                    onRemove={() => remove(item.id)}
                  />
                ))}
              </ul>
              <div className="space-y-4 border-t border-stone-200 px-6 py-5">
                <DiscountField items={items} discount={discount} />
                <dl className="space-y-1.5">
                  {discount.applied ? (
                    <div className="flex justify-between text-stone-800">
                      <dt>{COMMERCE_MESSAGES.discounts.subtotal}</dt>
                      <dd data-testid="cart-subtotal">{formatShown(shown.subtotalMinor)}</dd>
                    </div>
                  ) : null}
                  <DiscountLines discount={discount} amount={formatShown(shown.discountMinor)} />
                  <div className="flex items-baseline justify-between text-lg">
                    <dt className="font-medium text-stone-800">{MESSAGES.common.total}</dt>
                    <dd className="font-semibold text-stone-900" data-testid="cart-total">
                      {formatShown(shown.totalMinor)}
                    </dd>
                  </div>
                </dl>
                {currency !== "GBP" ? (
                  <p className="text-right text-sm text-stone-700" data-testid="cart-charged-gbp">
                    {CHECKOUT_MESSAGES.checkout.chargedInGbp}: {formatGbp(due)}
                  </p>
                ) : null}
                <p className="text-sm text-stone-700">{MESSAGES.cart.deliveryAtCheckout}</p>
                <Link to="/checkout" onClick={close} className={cn(buttonClasses("primary", "lg"), "w-full")}>
                  {MESSAGES.cart.proceedToCheckout}
                </Link>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
