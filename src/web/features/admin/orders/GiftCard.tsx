/**
 * The admin order view's gift and billing card (issue 20): who the parcel is for, the message
 * printed on the packing slip, and the buyer's billing address when it is not the delivery one.
 */
import { GIFT_TEXTS } from "@shared/gift-texts";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { Gift } from "lucide-react";

/** The billing address's lines, the buyer's name first. */
export function billingAddressLines(order: AdminOrderDetail): string[] {
  const b = order.billingAddress;
  if (!b) return [];
  return [
    `${order.shipping.firstName} ${order.shipping.lastName}`,
    b.addressLine1,
    b.addressLine2 ?? "",
    [b.city, b.state].filter((part) => part.trim() !== "").join(", "),
    b.postalCode,
    b.country,
  ].filter((line) => line.trim() !== "");
}

export function GiftCard({ order }: { order: AdminOrderDetail }) {
  if (!order.gift && !order.billingAddress) return null;
  return (
    <section
      aria-labelledby="section-gift"
      className="rounded-2xl border border-glow-300 bg-glow-50 p-5"
      data-testid="admin-gift"
    >
      <h2 id="section-gift" className="mb-3 flex items-center gap-2 text-xl text-stone-900">
        <Gift aria-hidden="true" className="h-5 w-5" />
        {order.gift ? GIFT_TEXTS.giftHeading : GIFT_TEXTS.billingTitle}
      </h2>
      {order.gift ? (
        <div className="space-y-2 text-sm text-stone-900">
          <p className="font-medium">{GIFT_TEXTS.giftFor(order.gift.recipientName)}</p>
          <p>{GIFT_TEXTS.boughtBy(`${order.shipping.firstName} ${order.shipping.lastName}`)}</p>
          <p className="font-medium">{GIFT_TEXTS.messageHeading}</p>
          <blockquote className="whitespace-pre-wrap rounded-lg bg-white p-3 italic">
            {order.gift.message || GIFT_TEXTS.noMessage}
          </blockquote>
        </div>
      ) : null}
      {order.billingAddress ? (
        <div className={order.gift ? "mt-4 border-t border-glow-200 pt-3" : undefined}>
          {order.gift ? (
            <h3 className="text-sm font-semibold text-stone-900">{GIFT_TEXTS.billingTitle}</h3>
          ) : null}
          <address className="not-italic text-sm leading-6 text-stone-900">
            {billingAddressLines(order).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      ) : null}
    </section>
  );
}
