import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { PHOTO_REQUEST_REASONS, type PhotoRequestReason } from "@shared/photo-review";
import { productTypeOf } from "@shared/product-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { newActionKey, requestBetterPhoto, withdrawPhotoRequest } from "@web/features/admin/api";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../ui";

const T = ADMIN_MESSAGE_TEXTS.photoReview;
const input = "min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900";
const label = "flex flex-col gap-1 text-sm font-medium text-stone-800";

interface Panel {
  value: string;
  itemId: string;
  panelIndex: number;
  label: string;
}

/** Every lithophane panel of the order, labelled as the print files are ("Item 2 · panel 1 of 3"). */
function panelsOf(order: AdminOrderDetail): Panel[] {
  const panels: Panel[] = [];
  order.items.forEach((item, index) => {
    const type = productTypeOf(item.kind);
    if (!type.madeFromPhotos) return;
    const count = type.photoCount(item);
    for (let p = 0; p < count; p++) {
      panels.push({
        value: `${item.id}:${p}`,
        itemId: item.id,
        panelIndex: p,
        label: ADMIN_MESSAGE_TEXTS.printFiles.panelLabel(index + 1, p + 1, count),
      });
    }
  });
  return panels;
}

/**
 * Photo review on the admin order (issue 17): ask the customer for a better photo for a panel
 * (they get an e-mail with a link to upload one), see each request and its photos before and
 * after, withdraw an open one. The order waits for the photo while a request is open.
 */
export function PhotoReviewPanel({ order }: { order: AdminOrderDetail }) {
  const client = useQueryClient();
  const panels = panelsOf(order);
  const [key, setKey] = useState(newActionKey);
  const [panel, setPanel] = useState(panels[0]?.value ?? "");
  const [reason, setReason] = useState<PhotoRequestReason>("too_dark");
  const [note, setNote] = useState("");
  const refresh = (data: { order: AdminOrderDetail | null }) => {
    if (data.order) client.setQueryData(["admin", "order", order.id], data.order);
  };
  const ask = useMutation({
    mutationFn: () => {
      const chosen = panels.find((p) => p.value === panel);
      if (!chosen) throw new Error(T.noSuchPanel);
      return requestBetterPhoto(order.id, {
        itemId: chosen.itemId,
        panelIndex: chosen.panelIndex,
        reason,
        ...(note.trim() ? { note } : {}),
        idempotencyKey: key,
      });
    },
    onSuccess: (data) => {
      refresh(data);
      toast.success(T.sent);
      setKey(newActionKey());
      setNote("");
    },
    onError: (error) => toast.error(error.message),
  });
  const withdraw = useMutation({
    mutationFn: (requestId: string) => withdrawPhotoRequest(order.id, requestId),
    onSuccess: (data) => {
      refresh(data);
      toast.success(T.withdrawnToast);
    },
    onError: (error) => toast.error(error.message),
  });
  if (panels.length === 0) return null;
  const canAsk = ["paid", "processing", "printing"].includes(order.status) && !order.anonymised;
  const labelOf = (itemId: string, panelIndex: number) =>
    panels.find((p) => p.itemId === itemId && p.panelIndex === panelIndex)?.label ?? "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate();
  };
  return (
    <Card className="p-5">
      <section aria-labelledby="section-photo-review">
        <h2
          id="section-photo-review"
          className="mb-3 flex flex-wrap items-center gap-2 text-xl text-stone-900"
        >
          {T.title}
          {order.waitingForPhoto ? <Badge tone="warning">{T.waiting}</Badge> : null}
        </h2>
        {order.photoRequests.length > 0 ? (
          <ul aria-label="Photo requests" className="mb-4 space-y-3">
            {order.photoRequests.map((r) => (
              <li key={r.id} className="rounded-lg border border-stone-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                  {labelOf(r.itemId, r.panelIndex)} · {T.reasons[r.reason as PhotoRequestReason] ?? r.reason}
                  <Badge
                    tone={r.status === "open" ? "warning" : r.status === "replaced" ? "success" : "neutral"}
                  >
                    {r.status === "open" ? T.waiting : r.status === "replaced" ? T.replaced : T.withdrawn}
                  </Badge>
                </p>
                <p className="text-xs text-stone-700">
                  {r.requestedBy ?? ""} · {formatDateTime(r.createdAt)}
                  {r.resolvedAt ? ` → ${formatDateTime(r.resolvedAt)}` : ""}
                </p>
                {r.note ? <p className="mt-1 whitespace-pre-wrap text-stone-800">{r.note}</p> : null}
                <div className="mt-2 flex flex-wrap gap-3">
                  {r.previousImageUrl ? (
                    <figure className="text-center text-xs text-stone-700">
                      <img
                        src={r.previousImageUrl}
                        alt={`${T.previous}: ${labelOf(r.itemId, r.panelIndex)}`}
                        className="h-20 w-20 rounded border border-stone-200 object-cover"
                        loading="lazy"
                      />
                      <figcaption>{T.previous}</figcaption>
                    </figure>
                  ) : null}
                  {r.newImageUrl ? (
                    <figure className="text-center text-xs text-stone-700">
                      <img
                        src={r.newImageUrl}
                        alt={`${T.next}: ${labelOf(r.itemId, r.panelIndex)}`}
                        className="h-20 w-20 rounded border border-stone-200 object-cover"
                        loading="lazy"
                      />
                      <figcaption>{T.next}</figcaption>
                    </figure>
                  ) : null}
                </div>
                {r.status === "open" ? (
                  <Button
                    variant="outline"
                    className="mt-2"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate(r.id)}
                  >
                    {T.withdraw}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {canAsk ? (
          <form onSubmit={submit} aria-label={T.ask} className="space-y-3">
            <h3 className="font-medium text-stone-900">{T.ask}</h3>
            {panels.length > 1 ? (
              <label className={label}>
                Panel
                <select className={input} value={panel} onChange={(e) => setPanel(e.target.value)}>
                  {panels.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className={label}>
              {T.reasonLabel}
              <select
                className={input}
                value={reason}
                onChange={(e) =>
                  setReason(PHOTO_REQUEST_REASONS.find((r) => r === e.target.value) ?? "other")
                }
              >
                {PHOTO_REQUEST_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {T.reasons[r]}
                  </option>
                ))}
              </select>
            </label>
            <label className={label}>
              {T.noteLabel}
              <textarea
                className={input}
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <Button type="submit" variant="outline" disabled={ask.isPending || !panel}>
              {T.send}
            </Button>
          </form>
        ) : null}
      </section>
    </Card>
  );
}
