import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { Badge } from "@web/components/ui/badge";
import { Card } from "@web/components/ui/card";
import type { TrackedOrder } from "@web/features/track/api";

function formatDate(iso: string, withWeekday = false): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    ...(withWeekday ? { weekday: "long" as const } : {}),
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
}

/** The order found: where it is on the way, when it was placed and should arrive, and its tracking. */
export function OrderResult({ order }: { order: TrackedOrder }) {
  const offGuide = order.stage === null;
  return (
    <Card className="p-6 md:p-8" data-testid="track-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-stone-600">Order</p>
          <h2 className="font-mono text-2xl text-stone-900">#{order.orderNumber}</h2>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.testMode ? <Badge tone="warning">{ACCOUNT_MESSAGES.account.testOrder}</Badge> : null}
          <Badge
            tone={offGuide ? "neutral" : order.stage === "delivered" ? "success" : "glow"}
            className="text-sm"
            data-testid="track-status"
          >
            {order.statusLabel}
          </Badge>
        </div>
      </div>
      {offGuide ? null : (
        <div className="mt-5">
          <div className="flex justify-between text-sm text-stone-700">
            <span>Progress</span>
            <span data-testid="track-progress">{order.progressPercent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Delivery progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={order.progressPercent}
            className="mt-1 h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-glow-500" style={{ width: `${order.progressPercent}%` }} />
          </div>
        </div>
      )}
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-stone-600">Ordered</dt>
          <dd className="font-medium text-stone-900">{formatDate(order.placedAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Estimated delivery</dt>
          <dd className="font-medium text-stone-900" data-testid="track-eta">
            {order.deliveryWindow
              ? INTERNATIONAL_MESSAGES.arrives(order.deliveryWindow)
              : order.estimatedDelivery
                ? formatDate(order.estimatedDelivery, true)
                : "We'll confirm once it's dispatched"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Delivery</dt>
          <dd className="font-medium text-stone-900" data-testid="track-shipping">
            {order.shippingLabel}
          </dd>
        </div>
        {order.trackingNumber ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-stone-600">Tracking number</dt>
            <dd className="font-mono text-lg font-semibold text-stone-900" data-testid="track-number">
              {order.trackingNumber}
            </dd>
            {order.trackingUrl ? (
              <dd className="mt-1">
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium underline"
                >
                  Track with {order.carrier}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            ) : order.carrier ? (
              <dd className="mt-1 text-sm text-stone-700">{order.carrier}</dd>
            ) : null}
          </div>
        ) : null}
      </dl>
      {order.items.length > 0 ? (
        <ul
          className="mt-6 divide-y divide-stone-200 border-t border-stone-200"
          aria-label="Items in this order"
        >
          {order.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines are fixed and never reorder
            <li key={`${item.title}-${i}`} className="py-3 text-sm">
              <span className="font-semibold text-stone-900">{item.title}</span>
              <span className="block text-stone-700">{item.details}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
