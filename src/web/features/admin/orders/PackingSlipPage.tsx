/**
 * /admin/orders/:id/packing-slip — a print-friendly packing slip: the delivery address, the
 * items (no prices) and the order number. On paper only the slip prints: the shop's header,
 * footer and these buttons are hidden by @media print.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { GIFT_TEXTS } from "@shared/gift-texts";
import { MESSAGES } from "@shared/messages";
import { linePanelThumbnails, type Thumbnail } from "@shared/order-line";
import { productTypeOf } from "@shared/product-types";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import { type AdminOrderDetail, adminQueries } from "@web/features/admin/api";
import { format } from "date-fns";
import { ArrowLeft, Gift, Printer } from "lucide-react";
import { LoadError, Loading, useAdminTitle } from "../ui";

const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 14mm; }
  body { background: #fff !important; }
  header, footer, [data-sonner-toaster], .no-print, button[aria-label^="${MESSAGES.cart.openCart}"] { display: none !important; }
  main { padding: 0 !important; }
  .slip { box-shadow: none !important; border: 0 !important; margin: 0 !important; max-width: none !important; padding: 0 !important; }
  .slip a { color: inherit; text-decoration: none; }
}
`;

/** "rectangle-portrait" -> "Rectangle portrait". */
function optionName(id: unknown): string {
  if (typeof id !== "string" || id === "") return "";
  const words = id.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each panel of a lithophane line on its own row, so a Keepsake shows its 3 panels: the photo,
 * the shape, the size and the frame colour the bench needs to check before packing.
 */
function Panels({ item }: { item: AdminOrderDetail["items"][number] }) {
  // Each panel cut to its crop, in colour for a colour line (issue 47 item 9); the photo's
  // preview where the cut cannot be made.
  const previews = linePanelThumbnails(item);
  const panelCount = Math.max(item.cropPreviews.length, previews.length, 1);
  const photos: Array<Thumbnail | null> = Array.from({ length: panelCount }, (_, i) => {
    const preview = previews[i]?.src ?? (i === 0 ? item.originalImageUrl : null);
    const crop = item.cropPreviews[i];
    if (crop) return { src: crop, fallback: preview ?? crop };
    return preview ? { src: preview, fallback: preview } : null;
  });
  const shape = optionName(item.config.shapeId);
  const frame = optionName(item.config.frameColorId);
  const size = item.description.size ?? item.size;
  return (
    <ol aria-label={`Panels of ${item.shape}`} className="mt-2 grid gap-2 sm:grid-cols-2">
      {photos.map((thumbnail, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered list of panels (the same photo may repeat)
        <li key={`${thumbnail?.src ?? "none"}-${i}`} className="flex items-center gap-3 text-sm">
          {thumbnail ? (
            <ThumbnailImage
              thumbnail={thumbnail}
              alt=""
              className="h-14 w-14 shrink-0 rounded border border-stone-300 object-cover"
              loading="lazy"
            />
          ) : (
            <span
              aria-hidden="true"
              className="h-14 w-14 shrink-0 rounded border border-stone-300 bg-stone-100"
            />
          )}
          <span>
            <span className="block font-medium">
              Panel {i + 1} of {photos.length}
            </span>
            <span className="block text-stone-700">
              {[shape, size, frame ? `${frame} frame` : ""].filter(Boolean).join(" · ")}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A gift's slip: the buyer's message, framed to be read by the recipient; a slip never shows prices. */
function GiftNote({ gift }: { gift: NonNullable<AdminOrderDetail["gift"]> }) {
  return (
    <section
      aria-labelledby="gift-message"
      className="mt-6 rounded-xl border-2 border-dashed border-stone-400 p-5"
      data-testid="slip-gift"
    >
      <h2
        id="gift-message"
        className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-stone-700"
      >
        <Gift aria-hidden="true" className="h-4 w-4" /> {GIFT_TEXTS.messageHeading}
      </h2>
      {gift.message ? (
        <p className="mt-2 whitespace-pre-wrap font-display text-xl leading-7">{gift.message}</p>
      ) : null}
      <p className="mt-2 text-sm text-stone-700">{GIFT_TEXTS.slipNoPrices}</p>
    </section>
  );
}

export function PackingSlipPage() {
  const { id = "" } = useParams();
  useAdminTitle("Packing slip");
  const q = useQuery(adminQueries.order(id));

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      </div>
    );
  }
  const order = q.data;
  const s = order.shipping;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <style>{PRINT_CSS}</style>
      <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the order
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Print
        </Button>
      </div>
      <article className="slip rounded-2xl border border-stone-200 bg-white p-8 text-stone-900 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
          <div>
            <p className="font-display text-2xl font-semibold">{BRAND_NAME}</p>
            <p className="text-sm text-stone-700">Handmade in Northern Ireland · {SUPPORT_EMAIL}</p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl">Packing slip</h1>
            <p className="font-mono text-lg">#{order.displayNumber}</p>
            <p className="text-sm text-stone-700">
              Ordered {format(new Date(order.createdAt), "d MMMM yyyy")}
            </p>
            {order.testMode ? <p className="font-bold text-orange-900">TEST ORDER</p> : null}
          </div>
        </div>
        <section aria-labelledby="ship-to" className="mt-6">
          <h2 id="ship-to" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
            Deliver to
          </h2>
          <address className="mt-1 text-lg not-italic leading-7">
            {order.gift ? order.gift.recipientName : `${s.firstName} ${s.lastName}`}
            <br />
            {s.addressLine1}
            {s.addressLine2 ? (
              <>
                <br />
                {s.addressLine2}
              </>
            ) : null}
            <br />
            {s.city}, {s.state}
            <br />
            {s.postalCode}
            <br />
            {s.country}
          </address>
          {s.phone ? <p className="mt-1 text-sm">Phone: {s.phone}</p> : null}
          <p className="mt-1 text-sm">Shipping: {order.shippingLabel}</p>
          {order.trackingNumber ? (
            <p className="text-sm">
              Tracking: {order.trackingNumber}
              {order.carrierLabel ? ` (${order.carrierLabel})` : ""}
            </p>
          ) : null}
        </section>
        {order.gift ? <GiftNote gift={order.gift} /> : null}
        <table className="mt-6 w-full border-collapse text-left">
          <caption className="sr-only">Items in this parcel</caption>
          <thead>
            <tr className="border-b-2 border-stone-900">
              <th scope="col" className="w-12 py-2 text-sm">
                Qty
              </th>
              <th scope="col" className="py-2 text-sm">
                Item
              </th>
              <th scope="col" className="w-20 py-2 text-center text-sm">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-stone-300">
                <td className="py-3 align-top tabular-nums">{item.quantity}</td>
                <td className="py-3">
                  <p className="font-medium">{item.description.title}</p>
                  <p className="text-sm text-stone-700">{item.description.summary}</p>
                  {productTypeOf(item.kind).madeFromPhotos ? <Panels item={item} /> : null}
                </td>
                <td className="py-3 text-center">
                  <span aria-hidden="true" className="inline-block h-5 w-5 border-2 border-stone-900" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-8 text-sm text-stone-700">
          Thank you for your order! Questions? Write to {SUPPORT_EMAIL} quoting #{order.displayNumber}.
        </p>
      </article>
    </div>
  );
}
