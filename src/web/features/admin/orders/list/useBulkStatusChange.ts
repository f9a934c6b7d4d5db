import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import type { Carrier } from "@shared/fulfilment";
import { pluralise } from "@shared/messages";
import type { OrderStatus } from "@shared/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AdminOrderSummary, adminQueries, bulkChangeStatus } from "@web/features/admin/api";
import { ApiRequestError } from "@web/lib/http/http";
import { useState } from "react";
import { toast } from "sonner";

export type BulkStatusChange = ReturnType<typeof useBulkStatusChange>;

/**
 * The selected orders' new status: chosen, checked (dispatching needs each order's tracking
 * number), confirmed, then sent in one request; the toast lists what the server refused.
 */
export function useBulkStatusChange({
  selected,
  rows,
  onChanged,
}: {
  selected: ReadonlySet<string>;
  rows: readonly AdminOrderSummary[];
  onChanged: () => void;
}) {
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [confirming, setConfirming] = useState(false);
  // Dispatching e-mails each customer their tracking number, so each selected order needs one.
  const [trackingNumbers, setTrackingNumbers] = useState<Record<string, string>>({});
  const [trackingErrors, setTrackingErrors] = useState<Record<string, string>>({});
  // One carrier for every order dispatched together (it builds each tracking link).
  const [carrier, setCarrier] = useState<Carrier>("royal_mail");
  const dispatching = status === "dispatched";
  const queryClient = useQueryClient();

  const selectedTracking = () =>
    Object.fromEntries([...selected].map((id) => [id, trackingNumbers[id]?.trim() ?? ""]));

  const mutation = useMutation({
    mutationFn: () =>
      bulkChangeStatus(
        [...selected],
        status as OrderStatus,
        dispatching ? selectedTracking() : undefined,
        dispatching ? carrier : undefined,
      ),
    onSuccess: (result) => {
      setConfirming(false);
      onChanged();
      setTrackingNumbers({});
      setTrackingErrors({});
      if (result.failed === 0)
        toast.success("Statuses updated", { description: `${pluralise(result.changed, "order")} changed.` });
      else {
        const first = result.results.find((r) => !r.ok);
        toast.error(`${pluralise(result.failed, "order")} not changed`, {
          description: `${result.changed} changed. ${first ? `#${rows.find((r) => r.id === first.id)?.displayNumber ?? first.id.slice(0, 8)}: ${first.message}` : ""}`,
        });
      }
      void queryClient.invalidateQueries({ queryKey: adminQueries.all });
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiRequestError && error.fields) {
        const prefix = "trackingNumbers.";
        setTrackingErrors(
          Object.fromEntries(
            Object.entries(error.fields)
              .filter(([key]) => key.startsWith(prefix))
              .map(([key, message]) => [key.slice(prefix.length), message]),
          ),
        );
      }
      toast.error("Bulk change failed", { description: error.message });
    },
  });

  /** Opens the confirmation, once every order to dispatch has its tracking number. */
  const start = () => {
    if (dispatching) {
      const missing = Object.entries(selectedTracking()).filter(([, value]) => !value);
      setTrackingErrors(
        Object.fromEntries(missing.map(([id]) => [id, ADMIN_MESSAGE_TEXTS.orders.trackingRequired])),
      );
      if (missing.length > 0) {
        toast.error("Statuses not changed", { description: ADMIN_MESSAGE_TEXTS.orders.bulkTrackingRequired });
        return;
      }
    }
    setConfirming(true);
  };

  const setTrackingNumber = (id: string, value: string) => {
    setTrackingNumbers((prev) => ({ ...prev, [id]: value }));
    if (value.trim()) setTrackingErrors(({ [id]: _cleared, ...rest }) => rest);
  };

  return {
    status,
    setStatus,
    carrier,
    setCarrier,
    dispatching,
    trackingNumbers,
    trackingErrors,
    setTrackingNumber,
    start,
    confirming,
    setConfirming,
    mutation,
  };
}
