import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { formatGbp } from "@shared/money";
import type { ShippingMethod } from "@shared/shipping";
import { zoneAmountToFreeShipping, zoneShippingOptions } from "@shared/shipping-zones";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import type { PublicShippingZone } from "@web/features/checkout/api/shipping";
import { Loader2 } from "lucide-react";

/** "£8.99", or "€10.49 (£8.99)" when the shopper browses in another currency. */
function priceText(pence: number, currency: string, formatPrice: (pence: number) => string): string {
  if (pence === 0) return "Free";
  return currency === "GBP" ? formatGbp(pence) : formatPrice(pence);
}

export function ShippingMethodChoice({
  method,
  onChange,
  subtotal,
  freeStandard,
  zone,
  loading,
  formatPrice,
  currency,
}: {
  method: ShippingMethod;
  onChange: (method: ShippingMethod) => void;
  /** The items after any discount: free delivery is decided on what they cost the buyer. */
  subtotal: number;
  /** A free-shipping code is applied: standard delivery costs nothing. */
  freeStandard: boolean;
  zone: PublicShippingZone | undefined;
  loading: boolean;
  formatPrice: (pence: number) => string;
  currency: string;
}) {
  if (!zone) {
    return (
      <Card className="p-6 md:p-8">
        <h2 className="text-2xl text-stone-900">Delivery</h2>
        <p className="mt-2 flex items-center gap-2 text-stone-700">
          {loading ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          {loading ? "Loading delivery options…" : "Choose a country we deliver to for delivery options."}
        </p>
      </Card>
    );
  }
  const toFree = zoneAmountToFreeShipping(zone, subtotal);
  const options = zoneShippingOptions(zone, subtotal).map((option) =>
    freeStandard && option.method === "standard" ? { ...option, pricePence: 0 } : option,
  );
  return (
    <Card className="p-6 md:p-8">
      <fieldset>
        <legend className="text-2xl text-stone-900">Delivery to {zone.name}</legend>
        {toFree !== null && zone.freeStandardOverPence !== null && !freeStandard ? (
          <p className="mt-1 text-sm text-stone-700">
            {toFree > 0
              ? CHECKOUT_MESSAGES.checkout.freeDeliveryHint(
                  priceText(zone.freeStandardOverPence, currency, formatPrice),
                  // zoneAmountToFreeShipping counts the penny that makes "over": "more than" says it.
                  priceText(toFree - 1, currency, formatPrice),
                )
              : CHECKOUT_MESSAGES.checkout.freeDeliveryQualifies}
          </p>
        ) : null}
        <div className="mt-4 grid gap-3">
          {options.map((option) => {
            const checked = option.method === method;
            return (
              <label
                key={option.method}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors",
                  checked
                    ? "border-stone-900 bg-stone-50 ring-1 ring-stone-900"
                    : "border-stone-300 hover:border-stone-500",
                )}
              >
                <input
                  type="radio"
                  name="shippingMethod"
                  value={option.method}
                  checked={checked}
                  onChange={() => onChange(option.method)}
                  className="mt-1 h-4 w-4 accent-stone-900"
                />
                <span className="flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-semibold text-stone-900">{option.label}</span>
                    <span
                      className="font-semibold text-stone-900"
                      data-testid={`shipping-price-${option.method}`}
                    >
                      {priceText(option.pricePence, currency, formatPrice)}
                    </span>
                  </span>
                  <span className="block text-sm text-stone-700">
                    {INTERNATIONAL_MESSAGES.arrives(zone.windows[option.method].text)} ({option.estimate}{" "}
                    after making)
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}
