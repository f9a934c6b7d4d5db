import { ACCESSORY_CHOICE_TEXTS } from "@shared/accessory-choices";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { type Carrier, isCarrier } from "@shared/fulfilment";
import { formatGbp } from "@shared/money";
import { linePanelThumbnails } from "@shared/order-line";
import { capitaliseStatus, ORDER_STATUS_LABELS, type OrderStatus } from "@shared/orders";
import { productTypeOf } from "@shared/product-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminOrderDetail,
  addOrderNote,
  adminQueries,
  changeOrderStatus,
  documentPdfUrl,
} from "@web/api/admin";
import { ApiRequestError } from "@web/api/http";
import { Link, useParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextAreaField, TextField } from "@web/components/ui/field";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import { ArrowLeft, ExternalLink, FileText, Printer } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import {
  AdminHeading,
  FilterSelect,
  formatDateTime,
  LoadError,
  Loading,
  StatusBadge,
  TestBadge,
  useAdminTitle,
} from "../ui";
import { CarrierSelect } from "./CarrierSelect";
import { GiftCard } from "./GiftCard";
import { MoneyPanel } from "./MoneyPanel";
import { PhotoReviewPanel } from "./PhotoReviewPanel";
import { PrintFilesPanel } from "./PrintFilesPanel";

export function OrderDetailPage() {
  const { id = "" } = useParams();
  useAdminTitle("Order");
  const q = useQuery(adminQueries.order(id));

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <BackLink />
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      </>
    );
  }
  const order = q.data;
  return (
    <>
      <BackLink />
      <AdminHeading
        title={
          <>
            Order <span className="font-mono">#{order.displayNumber}</span>
          </>
        }
        intro={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={order.status} />
            {order.testMode ? <TestBadge /> : null}
            {order.waitingForPhoto ? (
              <Badge tone="warning">{ADMIN_MESSAGE_TEXTS.photoReview.waiting}</Badge>
            ) : null}
            <Badge>{order.isGuest ? "Guest order" : "Customer order"}</Badge>
            <span>Placed {formatDateTime(order.createdAt)}</span>
          </span>
        }
        actions={
          <Link to={`/admin/orders/${order.id}/packing-slip`} className={buttonClasses("outline", "md")}>
            <Printer aria-hidden="true" className="h-4 w-4" /> Packing slip
          </Link>
        }
      />
      {/* On a phone the two columns become one list (their wrappers are `contents`), ordered for
          the bench: status, then photo review and print files near the top, the history last
          (issue 30). On a wide screen the status and address sit beside the items. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3">
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-6">
          <div className="order-4 lg:order-none">
            <ItemsCard order={order} />
          </div>
          <div className="order-2 empty:hidden lg:order-none">
            <PhotoReviewPanel order={order} />
          </div>
          <div className="order-3 empty:hidden lg:order-none">
            <PrintFilesPanel orderId={order.id} />
          </div>
          <div className="order-last lg:order-none">
            <HistoryCard order={order} />
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none">
            <StatusCard order={order} />
          </div>
          <div className="order-5 flex flex-col gap-6 lg:order-none">
            <AddressCard order={order} />
            <GiftCard order={order} />
            <PaymentCard order={order} />
            <MoneyPanel order={order} />
            <DocumentsCard orderId={order.id} />
            <NotesCard order={order} />
          </div>
        </div>
      </div>
    </>
  );
}

/** The order's invoice and credit notes as PDFs (issue 18). */
function DocumentsCard({ orderId }: { orderId: string }) {
  const query = useQuery(adminQueries.documents(orderId));
  const D = ADMIN_MESSAGE_TEXTS.documents;
  return (
    <Section title={D.title}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? <p className="text-sm text-stone-700">{D.none}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="space-y-2">
          {query.data.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium text-stone-900">
                  {doc.kind.includes("credit") ? D.creditNote : D.invoice} {doc.label}
                </span>
                <span className="block text-stone-700">
                  {formatGbp(doc.totalPence)}
                  {doc.vatPence > 0 ? ` (VAT ${formatGbp(doc.vatPence)})` : ""}
                </span>
              </span>
              <a href={documentPdfUrl(doc.id)} download className={buttonClasses("outline", "sm")}>
                <FileText aria-hidden="true" className="h-4 w-4" /> PDF
                <span className="sr-only"> {doc.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** "Mon 8 Dec" for a calendar day ("2025-12-08"). */
function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

function BackLink() {
  return (
    <Link
      to="/admin/orders"
      className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-stone-800 underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All orders
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-xl text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-stone-700">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

/** "Crop: zoom 1.2 · 1:1 · offset 10, -4" from the cart's crop data. */
function cropText(crop: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof crop.zoom === "number") parts.push(`zoom ${crop.zoom}`);
  if (typeof crop.aspectRatio === "string") parts.push(crop.aspectRatio);
  if (typeof crop.x === "number" && typeof crop.y === "number") parts.push(`offset ${crop.x}, ${crop.y}`);
  return `Crop: ${parts.join(" · ") || "default"}`;
}

function ItemsCard({ order }: { order: AdminOrderDetail }) {
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

function StatusCard({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [tracking, setTracking] = useState(order.trackingNumber ?? "");
  const [carrier, setCarrier] = useState<Carrier>(isCarrier(order.carrier) ? order.carrier : "royal_mail");
  const [note, setNote] = useState("");
  const [trackingError, setTrackingError] = useState<string | undefined>();
  const dispatching = status === "dispatched";
  const mutation = useMutation({
    mutationFn: () =>
      changeOrderStatus(order.id, {
        status: status as OrderStatus,
        ...(dispatching && tracking.trim() ? { trackingNumber: tracking.trim(), carrier } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: (result) => {
      toast.success(`Order #${order.displayNumber} is now ${capitaliseStatus(status)}`, {
        description: result.emailed ? "The customer has been sent the dispatch e-mail." : undefined,
      });
      setStatus("");
      setNote("");
      setTrackingError(undefined);
      void queryClient.invalidateQueries({ queryKey: adminQueries.all });
    },
    onError: (error) => {
      const fieldError = error instanceof ApiRequestError ? error.fields?.trackingNumber : undefined;
      if (fieldError) setTrackingError(fieldError);
      toast.error("Status not changed", { description: error.message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!status) return;
    // The dispatch e-mail carries the tracking number: none, no dispatch.
    if (dispatching && !tracking.trim()) {
      setTrackingError(ADMIN_MESSAGE_TEXTS.orders.trackingRequired);
      return;
    }
    setTrackingError(undefined);
    mutation.mutate();
  };
  return (
    <Section title="Status">
      <p className="mb-3 text-sm text-stone-700">
        Now: <StatusBadge status={order.status} />
        {order.dispatchBy ? (
          <span className={`mt-1 block ${order.overdue ? "font-semibold text-red-800" : ""}`}>
            {order.overdue ? "Overdue: dispatch by " : "Dispatch by "}
            {formatDay(order.dispatchBy)}
            {order.shippingMethod === "express" ? " · Express" : ""}
          </span>
        ) : null}
        {order.trackingNumber ? (
          <span className="mt-1 block">
            Tracking number: <span className="font-mono">{order.trackingNumber}</span>
            {order.carrierLabel ? ` (${order.carrierLabel})` : ""}
            {order.trackingUrl ? (
              <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="ml-2 underline">
                Track the parcel<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </span>
        ) : null}
      </p>
      {order.nextStatuses.length === 0 ? (
        <p className="text-sm text-stone-700">This order is closed; its status cannot change.</p>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          <FilterSelect
            label="Change status to"
            value={status}
            onChange={(v) => {
              setStatus(v as OrderStatus | "");
              setTrackingError(undefined);
            }}
          >
            <option value="">Choose…</option>
            {order.nextStatuses.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          {dispatching ? <CarrierSelect value={carrier} onChange={setCarrier} /> : null}
          {dispatching ? (
            <TextField
              label="Tracking number"
              hint="Sent to the customer in the dispatch e-mail."
              required
              error={trackingError}
              value={tracking}
              maxLength={100}
              onChange={(e) => {
                setTracking(e.target.value);
                if (e.target.value.trim()) setTrackingError(undefined);
              }}
            />
          ) : null}
          <TextAreaField
            label="Note for the history (optional)"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" disabled={!status || mutation.isPending} className="w-full">
            {mutation.isPending
              ? "Saving..."
              : dispatching
                ? "Mark dispatched and e-mail customer"
                : "Update status"}
          </Button>
        </form>
      )}
    </Section>
  );
}

function AddressCard({ order }: { order: AdminOrderDetail }) {
  const s = order.shipping;
  return (
    <Section title="Customer and delivery">
      <address className="not-italic text-sm leading-6 text-stone-900">
        <span className="block font-medium">
          {order.gift ? order.gift.recipientName : `${s.firstName} ${s.lastName}`}
        </span>
        <span className="block">{s.addressLine1}</span>
        {s.addressLine2 ? <span className="block">{s.addressLine2}</span> : null}
        <span className="block">
          {s.city}, {s.state}
        </span>
        <span className="block">{s.postalCode}</span>
        <span className="block">{s.country}</span>
      </address>
      <dl className="mt-3 border-t border-stone-200 pt-3">
        <Row label="E-mail">
          <a className="break-all underline" href={`mailto:${s.email}`}>
            {s.email}
          </a>
        </Row>
        {s.phone ? <Row label="Phone">{s.phone}</Row> : null}
        <Row label="Account">{order.customer ? order.customer.email : "Guest checkout"}</Row>
        {order.anonymised ? <Row label="Note">The customer deleted their account.</Row> : null}
      </dl>
    </Section>
  );
}

function PaymentCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Payment">
      <dl>
        <Row label="Provider">{order.payment.provider ?? "—"}</Row>
        <Row label="Reference">
          <span className="break-all font-mono text-xs">{order.payment.reference ?? "—"}</span>
        </Row>
        <Row label="Session">
          <span className="break-all font-mono text-xs">{order.payment.sessionId ?? "—"}</span>
        </Row>
        <Row label="Paid">{formatDateTime(order.paidAt)}</Row>
        <Row label="Customer's currency">{order.displayCurrency}</Row>
      </dl>
    </Section>
  );
}

function HistoryCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Status history">
      <ol className="space-y-3 border-l-2 border-stone-200 pl-4">
        {order.history.map((h) => (
          <li key={h.id} className="text-sm">
            <p className="font-medium text-stone-900">
              {/* A row that kept the status (a partial refund) names it once. */}
              {h.from && h.from !== h.to ? `${capitaliseStatus(h.from)} → ` : ""}
              {capitaliseStatus(h.to)}
            </p>
            <p className="text-stone-700">
              {formatDateTime(h.at)}
              {h.by ? ` · ${h.by.startsWith("admin:") ? "an administrator" : h.by}` : ""}
            </p>
            {h.note ? <p className="text-stone-800">{h.note}</p> : null}
          </li>
        ))}
        {order.history.length === 0 ? <li className="text-sm text-stone-700">No changes recorded.</li> : null}
      </ol>
    </Section>
  );
}

function NotesCard({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const mutation = useMutation({
    mutationFn: () => addOrderNote(order.id, body.trim()),
    onSuccess: () => {
      setBody("");
      toast.success("Note added");
      void queryClient.invalidateQueries({ queryKey: adminQueries.order(order.id).queryKey });
    },
    onError: (error) => toast.error("Note not added", { description: error.message }),
  });
  return (
    <Section title="Internal notes">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) mutation.mutate();
        }}
        className="space-y-2"
      >
        <TextAreaField
          label="Add a note (only admins see it)"
          rows={3}
          maxLength={5000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" disabled={!body.trim() || mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Add note"}
        </Button>
      </form>
      <ul className="mt-4 space-y-3">
        {order.notes.map((n) => (
          <li key={n.id} className="rounded-lg bg-stone-100 p-3 text-sm">
            <p className="whitespace-pre-wrap text-stone-900">{n.body}</p>
            <p className="mt-1 text-xs text-stone-700">
              {n.authorEmail ?? "Unknown"} · {formatDateTime(n.at)}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
