import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { type Carrier, isCarrier } from "@shared/fulfilment";
import { capitaliseStatus, ORDER_STATUS_LABELS, type OrderStatus } from "@shared/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextAreaField, TextField } from "@web/components/ui/field";
import { type AdminOrderDetail, adminQueries, changeOrderStatus } from "@web/features/admin/api";
import { ApiRequestError } from "@web/lib/http/http";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { FilterSelect, StatusBadge } from "../../ui";
import { CarrierSelect } from "../CarrierSelect";
import { formatCalendarDay } from "../calendarDay";
import { Section } from "./DetailSection";

/** The order's status and dispatch date, and the change to another status (a tracking number when dispatching). */
export function StatusCard({ order }: { order: AdminOrderDetail }) {
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
            {formatCalendarDay(order.dispatchBy)}
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
