import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { cancelOrder } from "@web/features/admin/api";
import { useState } from "react";
import { toast } from "sonner";
import { type Done, input, label } from "./moneyForms";

/** Cancels an unpaid order (an optional reason recorded); the customer is e-mailed. */
export function CancelForm({ order, onDone }: { order: AdminOrderDetail; onDone: Done }) {
  const [reason, setReason] = useState("");
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id, reason),
    onSuccess: (data) => {
      onDone(data);
      toast.success("Order cancelled. The customer has been e-mailed.");
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <form
      className="mt-4 space-y-3 border-t border-stone-200 pt-4"
      aria-label="Cancel order"
      onSubmit={(e) => {
        e.preventDefault();
        cancel.mutate();
      }}
    >
      <label className={label}>
        Reason for cancelling (optional)
        <input className={input} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <Button type="submit" variant="outline" disabled={cancel.isPending}>
        Cancel unpaid order
      </Button>
    </form>
  );
}
