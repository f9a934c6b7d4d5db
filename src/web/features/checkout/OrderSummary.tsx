import type { CartItem } from "@shared/cart";
import { BULK_ORDER_TEXTS, bulkOrderContactHref } from "@shared/cart-advice";
import { cartLineSummary } from "@shared/cart-line";
import type { checkoutTotals } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { MESSAGES } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { productTypeOf } from "@shared/product-types";
import { BULK_ORDER_UNITS, type ShippingMethod, SUPPORT_REPLY_HOURS } from "@shared/shipping";
import type { DutiesPolicy } from "@shared/shipping-zones";
import { Link } from "@web/app/routing";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import type { PublicShippingZone } from "@web/features/checkout/api/shipping";
import { CalendarDays, Globe, Info, Loader2, Lock } from "lucide-react";
import { cartItemTitle } from "../cart";
import { DiscountField, DiscountLines, type DiscountState } from "../commerce";
import { useCurrency } from "../currency";
import { SummaryLine } from "./SummaryLine";

function dutiesText(duties: DutiesPolicy | null): string {
  if (duties === "customer_pays_on_delivery") return INTERNATIONAL_MESSAGES.dutiesCustomer;
  if (duties === "shop_pays") return INTERNATIONAL_MESSAGES.dutiesShop;
  return INTERNATIONAL_MESSAGES.noDuties;
}

/** The order's lines, discount, delivery and total in the shopper's currency, the delivery window and duties, and the pay button. */
export function OrderSummary({
  items,
  discount,
  refused,
  method,
  totals,
  currency,
  bulk,
  busy,
  zone,
  duties,
}: {
  items: readonly CartItem[];
  discount: DiscountState;
  refused: Record<string, string>;
  method: ShippingMethod;
  totals: ReturnType<typeof checkoutTotals>;
  currency: string;
  bulk: boolean;
  busy: boolean;
  zone: PublicShippingZone | undefined;
  duties: DutiesPolicy | null;
}) {
  const shippingLabel = method === "express" ? "Express Delivery" : "Standard Delivery";
  // One conversion: the lines converted, then added; the discount a share of that (issue 47).
  const { totals: shownFor, formatShown } = useCurrency();
  const shown = shownFor({
    linesPence: items.map((i) => i.price),
    discountPence: totals.discountPence,
    shippingPence: totals.shippingPence,
  });
  return (
    <Card className="p-6 md:p-8 lg:sticky lg:top-24">
      <h2 className="text-2xl text-stone-900">{CHECKOUT_MESSAGES.checkout.orderSummary}</h2>
      <ul className="mt-2 divide-y divide-stone-200" aria-label="Items in your order">
        {items.map((item, index) => (
          <SummaryLine
            key={item.id}
            item={item}
            refusedMessage={refused[item.id]}
            price={formatShown(shown.linesMinor[index] ?? 0)}
          />
        ))}
      </ul>
      <div className="border-t border-stone-200 py-4">
        <DiscountField items={items} discount={discount} />
      </div>
      <dl className="space-y-2 border-t border-stone-200 pt-4 text-stone-800">
        <div className="flex justify-between">
          <dt>{COMMERCE_MESSAGES.discounts.subtotal}</dt>
          <dd>{formatShown(shown.subtotalMinor)}</dd>
        </div>
        <DiscountLines discount={discount} amount={formatShown(shown.discountMinor)} />
        <div className="flex justify-between">
          <dt>{shippingLabel}</dt>
          <dd data-testid="checkout-shipping">
            {zone ? (shown.shippingMinor === 0 ? "Free" : formatShown(shown.shippingMinor)) : "—"}
          </dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-semibold text-stone-900">{MESSAGES.common.total}</dt>
          <dd className="text-right">
            <span className="font-semibold text-stone-900" data-testid="checkout-total-shown">
              {formatShown(shown.totalMinor)}
            </span>
          </dd>
        </div>
      </dl>

      {zone ? (
        <div className="mt-4 space-y-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">
          <p className="flex gap-2" data-testid="delivery-window">
            <CalendarDays aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {INTERNATIONAL_MESSAGES.estimatedDelivery}:{" "}
              <strong className="text-stone-900">
                {INTERNATIONAL_MESSAGES.arrives(zone.windows[method].text)}
              </strong>
            </span>
          </p>
          <p className="flex gap-2" data-testid="duties-note">
            <Globe aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {dutiesText(duties)}
          </p>
        </div>
      ) : null}

      {currency !== "GBP" ? (
        <p
          className="mt-4 flex gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700"
          data-testid="currency-note"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {CHECKOUT_MESSAGES.checkout.currencyNote(currency)}
        </p>
      ) : null}

      {bulk ? (
        <div
          role="note"
          className="mt-4 rounded-xl border border-glow-300 bg-glow-50 p-4"
          data-testid="bulk-order"
        >
          <h3 className="font-semibold text-stone-900">{CHECKOUT_MESSAGES.checkout.bulkOrder.title}</h3>
          <p className="mt-1 text-sm text-stone-700">
            {CHECKOUT_MESSAGES.checkout.bulkOrder.description} Your cart has {items.length} items (
            {BULK_ORDER_UNITS} or more).
          </p>
          {/* Exactly what to do (issue 30): two ways, the second prefilled. */}
          <p className="mt-2 text-sm text-stone-700">{BULK_ORDER_TEXTS.removeToCheckOut(items.length)}</p>
          <p className="mt-2 text-sm text-stone-700">{BULK_ORDER_TEXTS.sendCart(SUPPORT_REPLY_HOURS)}</p>
          <Link
            to={bulkOrderContactHref(
              items.map((item) =>
                productTypeOf(item.config).madeFromPhotos ? cartLineSummary(item) : cartItemTitle(item),
              ),
            )}
            className={cn(buttonClasses("primary", "sm"), "mt-3")}
          >
            {BULK_ORDER_TEXTS.sendCartAction}
          </Link>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="mt-6 w-full" disabled={busy || bulk}>
        {busy ? (
          <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="h-5 w-5" />
        )}
        {CHECKOUT_MESSAGES.checkout.proceedToPayment}
      </Button>
      <p className="mt-3 text-center text-sm text-stone-600">
        {CHECKOUT_MESSAGES.checkout.chargedInGbp}:{" "}
        <span data-testid="checkout-total">{formatGbp(totals.totalPence)}</span>. The payment page opens in a
        new tab.
      </p>
    </Card>
  );
}
