import { ACCESSORY_CHOICE_TEXTS } from "@shared/accessory-choices";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { formatGbp } from "@shared/money";
import { linePanelThumbnails } from "@shared/order-line";
import { productTypeOf } from "@shared/product-types";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { ExternalLink } from "lucide-react";
import { Row, Section } from "./DetailSection";

/** "Crop: zoom 1.2 · 1:1 · offset 10, -4" from the cart's crop data. */
function cropText(crop: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof crop.zoom === "number") parts.push(`zoom ${crop.zoom}`);
  if (typeof crop.aspectRatio === "string") parts.push(crop.aspectRatio);
  if (typeof crop.x === "number" && typeof crop.y === "number") parts.push(`offset ${crop.x}, ${crop.y}`);
  return `Crop: ${parts.join(" · ") || "default"}`;
}

export function ItemsCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Items">
      <ol className="divide-y divide-stone-100">
        {order.items.map((item, index) => {
          // Each panel cut to its crop as it is now (a re-crop from the proof shows at once), in
          // colour for a colour line; the photo's preview if the cut cannot be made.
          const previews = linePanelThumbnails(item);
          const images =
            item.cropPreviews.length > 0
              ? item.cropPreviews.map((src, i) => ({ src, fallback: previews[i]?.src ?? src }))
              : previews;
          return (
            <li key={item.id} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap justify-between gap-2">
                <div>
                  <p className="font-medium text-stone-900">
                    {item.description.title}
                    {item.quantity > 1 ? ` × ${item.quantity}` : ""}
                  </p>
                  <p className="text-sm text-stone-700">{item.description.summary}</p>
                  {/* An accessory has no crop (its cart line's 1:1 at zoom 1 is a placeholder, issue 30). */}
                  {item.crop && productTypeOf(item.kind).madeFromPhotos ? (
                    <p className="mt-1 text-xs text-stone-700">{cropText(item.crop)}</p>
                  ) : null}
                  {item.description.photoUrl ? (
                    <a
                      href={item.description.photoUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium underline"
                    >
                      {ACCESSORY_CHOICE_TEXTS.openPhoto}{" "}
                      <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : null}
                  {item.config.localContrast === true ? (
                    <p className="mt-1 text-xs text-stone-700">
                      {ADMIN_MESSAGE_TEXTS.orderItem.localContrast}
                    </p>
                  ) : null}
                </div>
                <p className="font-medium tabular-nums">{formatGbp(item.price * item.quantity)}</p>
              </div>
              {images.length > 0 || item.originalImageUrl ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  {images.map((thumbnail, i) => (
                    <a
                      key={thumbnail.src}
                      href={thumbnail.fallback}
                      target="_blank"
                      rel="noreferrer"
                      className="group block w-28 text-center text-xs text-stone-800"
                    >
                      <ThumbnailImage
                        thumbnail={thumbnail}
                        alt={`Item ${index + 1}, ${i === 0 ? "main photo (as cropped)" : `extra photo ${i}`}`}
                        className="h-28 w-28 rounded-lg border border-stone-200 bg-stone-100 object-cover"
                        loading="lazy"
                      />
                      <span className="mt-1 block underline">
                        {!productTypeOf(item.kind).madeFromPhotos
                          ? "Product"
                          : i === 0
                            ? "Crop preview"
                            : `Extra ${i}`}
                      </span>
                    </a>
                  ))}
                  {item.originalImageUrl ? (
                    <a
                      href={item.originalImageUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-h-11 items-center gap-1 self-end text-sm font-medium underline"
                    >
                      Original upload <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <dl className="mt-4 border-t border-stone-200 pt-3">
        <Row label="Subtotal">{formatGbp(order.totals.subtotal)}</Row>
        {order.totals.discount > 0 ? (
          <Row label={COMMERCE_MESSAGES.discounts.rowLabel(order.totals.discountCode)}>
            −{formatGbp(order.totals.discount)}
          </Row>
        ) : null}
        <Row label={`Shipping: ${order.shippingLabel}`}>
          {order.totals.shipping === 0 ? "Free" : formatGbp(order.totals.shipping)}
        </Row>
        <Row label="Total">{formatGbp(order.totals.total)}</Row>
      </dl>
    </Section>
  );
}
