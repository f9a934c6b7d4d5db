import { READD_TEXTS } from "@shared/cart-advice";
import { linesToReAdd } from "@shared/cart-state";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { formatDeliveryWindow } from "@shared/delivery-dates";
import { GIFT_TEXTS } from "@shared/gift-texts";
import { formatMoney, receiptMoney } from "@shared/money";
import { orderLinesHeading } from "@shared/order-lines-heading";
import { type OrderView, ORDER_VIEW_TEXTS as T } from "@shared/order-view";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import { orderQueries, reorder } from "@web/features/orders/api";
import { MapPin, RotateCcw, Truck } from "lucide-react";
import { useState } from "react";
import { notify, useCart } from "../cart";
import { OrderProof } from "../proofs";
import { OrderTimeline } from "./OrderTimeline";
import { SelfService } from "./SelfService";

/** The panels of each line as thumbnails (every photo of a bundle), then its words and price. */
function Lines({ order }: { order: OrderView }) {
  const money = receiptMoney(order.shown);
  return (
    <ul className="divide-y divide-stone-200" aria-label={orderLinesHeading(order.lines)}>
      {order.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
        <li key={index} className="py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="min-w-0">
              <span className="font-semibold text-stone-900">{line.title}</span>
              <span className="block text-sm text-stone-700">{line.summary}</span>
            </p>
            <span className="ml-auto whitespace-nowrap font-semibold text-stone-900">
              {money(line.price * line.quantity, (s) => s.linesMinor[index] ?? 0)}
            </span>
          </div>
          {line.photos.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2">
              {line.photos.map((photo, n) => (
                <li key={photo.src}>
                  <ThumbnailImage
                    thumbnail={photo}
                    alt={T.panelAlt(line.summary, n + 1, line.photos.length)}
                    className="h-20 w-20 rounded-md object-cover ring-1 ring-stone-300"
                    loading="lazy"
                    width={80}
                    height={80}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Order again": asks the server to rebuild the order's lines (it checks each photo is still
 * stored and the asker's), puts them in the cart and opens it; refused lines are listed.
 */
function OrderAgain({ orderId, token }: { orderId: string; token: string | null }) {
  const cart = useCart();
  const [refused, setRefused] = useState<Array<{ summary: string; message: string }>>([]);
  const mutation = useMutation({
    mutationFn: () => reorder(orderId, token),
    onSuccess: (result) => {
      setRefused(result.refused);
      // A line already in the cart (a saved cart restored at sign-in) is not added twice (issue 30).
      const { added: toAdd, alreadyInCart } = linesToReAdd(cart.items, result.items);
      const added = toAdd.filter((item) => cart.add(item)).length;
      if (added === 0 && alreadyInCart > 0) {
        notify({ title: T.orderAgain, description: READD_TEXTS.allInCartAlready, variant: "success" });
        cart.openCart();
        return;
      }
      if (added === 0) {
        notify({ title: T.orderAgain, description: T.orderAgainNothing, variant: "destructive" });
        return;
      }
      const already = alreadyInCart > 0 ? ` ${READD_TEXTS.alreadyInCart(alreadyInCart)}` : "";
      notify({
        title: T.orderAgain,
        description: `${T.orderAgainDone(added)}${already}`,
        variant: "success",
      });
      cart.openCart();
    },
    onError: (error) => notify({ title: T.orderAgain, description: error.message, variant: "destructive" }),
  });
  return (
    <div>
      <Button variant="glow" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {mutation.isPending ? T.orderAgainWorking : T.orderAgain}
      </Button>
      {refused.length > 0 ? (
        <ul role="alert" className="mt-3 space-y-1 text-sm text-red-800">
          {refused.map((r) => (
            <li key={r.summary}>
              {r.summary}: {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An order after payment: its panels, where it goes, when, its tracking, and "Order again". */
export function OrderDetails({ orderId, token }: { orderId: string; token: string | null }) {
  const query = useQuery(orderQueries.view(orderId, token));
  if (query.isPending) return null;
  if (query.isError) {
    return <p className="text-sm text-stone-700">{T.notFound}</p>;
  }
  const order = query.data;
  const money = receiptMoney(order.shown);
  // A cancelled or refunded order is not delivered: no window to promise (issue 47 item 14).
  const ended = order.status === "cancelled" || order.status === "refunded";
  return (
    <div className="space-y-6" data-testid="order-details">
      {/* A cancelled order's proof is not asked any more (issue 47 item 14). */}
      {ended ? null : <OrderProof orderId={order.id} token={token} />}
      <SelfService order={order} token={token} />
      <section aria-labelledby="order-panels">
        <h2 id="order-panels" className="text-xl text-stone-900">
          {orderLinesHeading(order.lines)}
        </h2>
        <Lines order={order} />
        {/* Lines at list price, then the discount and shipping: they add up to the total (decision 331). */}
        {/* Bought in another currency: its figures as at checkout beside the GBP charged (issue 47). */}
        <dl className="border-t border-stone-200 pt-3 text-sm text-stone-700" data-testid="order-totals">
          <div className="flex justify-between gap-2">
            <dt>{T.subtotal}</dt>
            <dd className="whitespace-nowrap">{money(order.subtotalAmount, (s) => s.subtotalMinor)}</dd>
          </div>
          {order.discountAmount > 0 ? (
            <div className="flex justify-between gap-2" data-testid="order-discount">
              <dt>{COMMERCE_MESSAGES.discounts.rowLabel(order.discountCode)}</dt>
              <dd className="whitespace-nowrap">−{money(order.discountAmount, (s) => s.discountMinor)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-2">
            <dt>
              {T.shipping}
              <span className="block text-xs text-stone-600" data-testid="order-shipping-label">
                {order.shippingLabel}
              </span>
            </dt>
            <dd className="whitespace-nowrap">
              {order.shippingAmount === 0 ? T.free : money(order.shippingAmount, (s) => s.shippingMinor)}
            </dd>
          </div>
        </dl>
        <p className="mt-1 flex justify-between font-semibold text-stone-900">
          <span>{T.total}</span>
          <span data-testid="order-total">{money(order.totalAmount, (s) => s.totalMinor)}</span>
        </p>
        {order.shown ? (
          <p className="mt-1 text-right text-sm text-stone-700" data-testid="order-charged-gbp">
            {T.chargedInGbp(order.shown.currency, formatMoney(order.totalAmount, "GBP"))}
          </p>
        ) : null}
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-4">
          <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-stone-900">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {T.deliverTo}
          </h3>
          <address className="mt-2 text-sm not-italic text-stone-700" data-testid="order-address">
            {[order.deliveryName, ...order.addressLines].map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          {order.gift ? (
            <div className="mt-3 text-sm text-stone-700" data-testid="order-gift">
              <p className="font-semibold text-stone-900">{GIFT_TEXTS.giftFor(order.gift.recipientName)}</p>
              {order.gift.message ? (
                <>
                  <p className="mt-1 font-semibold text-stone-900">{GIFT_TEXTS.messageHeading}</p>
                  <p className="whitespace-pre-line">{order.gift.message}</p>
                </>
              ) : null}
            </div>
          ) : null}
        </Card>
        <Card className="p-4">
          <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-stone-900">
            <Truck aria-hidden="true" className="h-4 w-4" />
            {order.trackingHref ? T.tracking : ended ? T.status : T.deliveryWindow}
          </h3>
          {order.deliveryWindow && !ended ? (
            <p className="mt-2 text-sm text-stone-700" data-testid="order-delivery-window">
              {T.deliveryWindow}: {formatDeliveryWindow(order.deliveryWindow)}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-stone-700">
            {ended ? order.statusLabel : `${T.status}: ${order.statusLabel}`}
          </p>
          {order.trackingHref ? (
            <p className="mt-2 text-sm">
              {order.trackingNumber ? (
                <span className="block text-stone-700">{T.trackingNumber(order.trackingNumber)}</span>
              ) : null}
              <Link
                to={order.trackingHref}
                className="font-semibold text-stone-900 underline underline-offset-4"
              >
                {T.followParcel}
              </Link>
            </p>
          ) : null}
        </Card>
      </div>
      <OrderTimeline entries={order.timeline} />
      <OrderAgain orderId={order.id} token={token} />
    </div>
  );
}
