import type { CartItem } from "@shared/cart";
import { cartLineSummary } from "@shared/cart-line";
import { lineThumbnail } from "@shared/order-line";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import { Package, TriangleAlert } from "lucide-react";
import { cartItemTitle } from "../cart";

/** One cart line in the summary: thumbnail, title, choices, price, and the server's refusal if any. */
export function SummaryLine({
  item,
  refusedMessage,
  price,
}: {
  item: CartItem;
  refusedMessage: string | undefined;
  price: string;
}) {
  const thumbnail = item.imageUrl ? lineThumbnail(item) : null;
  return (
    <li className="flex gap-3 py-4" data-testid="checkout-item">
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
        {thumbnail ? (
          <ThumbnailImage
            thumbnail={thumbnail}
            alt=""
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-stone-500">
            <Package aria-hidden="true" className="h-7 w-7" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-semibold text-stone-900 text-base">{cartItemTitle(item)}</span>
          <span className="font-semibold text-stone-900">{price}</span>
        </p>
        <p className="text-stone-700">{cartLineSummary(item)}</p>
        {refusedMessage ? (
          <p role="alert" className="mt-1 flex gap-1.5 font-medium text-red-700">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {refusedMessage}
          </p>
        ) : null}
      </div>
    </li>
  );
}
