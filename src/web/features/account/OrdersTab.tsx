import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { MESSAGES } from "@shared/messages";
import { formatMoney } from "@shared/money";
import { ORDER_VIEW_TEXTS } from "@shared/order-view";
import { trackingStage } from "@shared/orders";
import { Link } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { format } from "date-fns";
import { FileText, PackageOpen, RefreshCw } from "lucide-react";
import { type AccountOrder, useOrders } from "../auth";

/** The total covers items and shipping; the difference is the shipping charged. */
function shippingPence(order: AccountOrder): number {
  return (
    order.totalAmount +
    order.discountAmount -
    order.items.reduce((sum, item) => sum + item.price * item.quantity, 0)
  );
}

function statusTone(status: string) {
  const s = status.toLowerCase();
  if (s === "delivered") return "success" as const;
  if (s === "cancelled" || s === "refunded") return "danger" as const;
  if (s === "pending") return "warning" as const;
  return "glow" as const;
}

/** The customer's orders, including guest orders placed with the same email, newest first. */
export function OrdersTab() {
  const orders = useOrders();

  if (orders.isPending) {
    return (
      <Card>
        <p role="status" className="text-stone-600">
          {MESSAGES.common.loading}
        </p>
      </Card>
    );
  }
  if (orders.isError) {
    return (
      <Card className="text-center">
        <p className="text-stone-800">We couldn't load your orders just now.</p>
        <button
          type="button"
          onClick={() => orders.refetch()}
          className={`${buttonClasses("outline", "sm")} mt-4`}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
        </button>
      </Card>
    );
  }
  if (orders.data.length === 0) return <NoOrders />;

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="sr-only">
        {ACCOUNT_MESSAGES.account.ordersTab}
      </h2>
      <ul className="space-y-4">
        {orders.data.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderCard({ order }: { order: AccountOrder }) {
  const number = order.displayNumber;
  return (
    <Card className="p-5 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-sans text-lg font-semibold text-stone-900">
            Order <span className="font-mono">#{number}</span>
          </h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.createdAt}>{format(new Date(order.createdAt), "d MMMM yyyy")}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.isGuestOrder ? <Badge tone="neutral">{ACCOUNT_MESSAGES.account.guestOrder}</Badge> : null}
          {order.testMode ? <Badge tone="warning">{ACCOUNT_MESSAGES.account.testOrder}</Badge> : null}
          <Badge tone={statusTone(order.status)}>{trackingStage(order.status).label}</Badge>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-stone-100 border-y border-stone-100">
        {order.items
          .map((item, position) => ({ ...item, key: `${order.id}:${position}` }))
          .map((item) => (
            <li key={item.key} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {item.description.bundle ?? item.description.title}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ""}
                </p>
                <p className="text-stone-600">{item.description.summary}</p>
              </div>
              <span className="shrink-0 font-medium text-stone-900">
                {formatMoney(item.price * item.quantity, "GBP")}
              </span>
            </li>
          ))}
      </ul>
      {order.discountAmount > 0 ? (
        <p className="mt-3 flex justify-between text-sm text-emerald-800">
          <span>{COMMERCE_MESSAGES.discounts.discount}</span>
          <span>−{formatMoney(order.discountAmount, "GBP")}</span>
        </p>
      ) : null}
      {shippingPence(order) > 0 ? (
        <p className="mt-3 flex justify-between text-sm text-stone-700">
          <span>Shipping</span>
          <span>{formatMoney(shippingPence(order), "GBP")}</span>
        </p>
      ) : null}
      <p className="mt-2 flex justify-between text-base">
        <span className="font-medium text-stone-700">{MESSAGES.common.total}</span>
        <span className="font-semibold text-stone-900">{formatMoney(order.totalAmount, "GBP")}</span>
      </p>
      {order.documents.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Invoice of order #${number}`}>
          {order.documents.map((doc) => (
            <li key={doc.url}>
              <a href={doc.url} download className={buttonClasses("outline", "sm")}>
                <FileText aria-hidden="true" className="h-4 w-4" />
                {doc.kind === "invoice"
                  ? COMMERCE_MESSAGES.invoices.download
                  : COMMERCE_MESSAGES.invoices.creditNote}
                <span className="sr-only"> {doc.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {order.tracking ? (
        <p className="mt-3 text-sm text-stone-700">
          Tracking number <span className="font-mono text-stone-900">{order.tracking.number}</span>
          {order.tracking.carrier ? ` (${order.tracking.carrier})` : ""}
          {order.tracking.url ? (
            <>
              {" · "}
              <a href={order.tracking.url} target="_blank" rel="noreferrer" className="font-medium underline">
                Track the parcel<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <Link
        to={`/account/order?id=${order.id}`}
        className={`${buttonClasses("outline", "sm")} mt-4`}
        aria-label={`${ORDER_VIEW_TEXTS.viewOrder} #${number}`}
      >
        {ORDER_VIEW_TEXTS.viewOrder}
      </Link>
    </Card>
  );
}

function NoOrders() {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-glow-100 text-glow-800">
        <PackageOpen aria-hidden="true" className="h-8 w-8" />
      </span>
      <h2 className="mt-4 text-2xl text-stone-900">No orders yet</h2>
      <p className="mt-2 max-w-md text-stone-700">
        When you order a lightbox it will appear here, with its status from our workshop to your door. Orders
        you placed as a guest with this email address show up here too.
      </p>
      <Link to="/create" className={`${buttonClasses("glow", "md")} mt-6`}>
        {CHECKOUT_MESSAGES.checkout.createLithophane}
      </Link>
    </Card>
  );
}
