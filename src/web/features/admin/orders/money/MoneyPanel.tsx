import { formatGbp } from "@shared/money";
import { canRefundStatus } from "@shared/refunds";
import { useQueryClient } from "@tanstack/react-query";
import { Card } from "@web/components/ui/card";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { formatDateTime } from "../../ui";
import { CancelForm } from "./CancelForm";
import { RefundForm } from "./RefundForm";
import { WriteToCustomer } from "./WriteToCustomer";

/** The order's money (paid, refunded, net), refunds and cancellation, and writing to the customer. */
export function MoneyPanel({ order }: { order: AdminOrderDetail }) {
  const client = useQueryClient();
  const refresh = (data: { order: AdminOrderDetail | null }) => {
    if (data.order) client.setQueryData(["admin", "order", order.id], data.order);
  };
  const { ledger, refunds } = order.money;
  return (
    <Card className="p-5">
      <section aria-labelledby="section-money">
        <h2 id="section-money" className="mb-3 text-xl text-stone-900">
          Money
        </h2>
        <dl className="text-sm">
          <div className="flex justify-between py-1">
            <dt>Paid</dt>
            <dd className="font-medium">{formatGbp(ledger.paid)}</dd>
          </div>
          <div className="flex justify-between py-1">
            <dt>Refunded</dt>
            <dd className="font-medium">{formatGbp(ledger.refunded)}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-200 py-1">
            <dt>Net</dt>
            <dd className="font-semibold">{formatGbp(ledger.net)}</dd>
          </div>
        </dl>
        {refunds.length > 0 ? (
          <ul aria-label="Refunds" className="mt-2 space-y-1 text-xs text-stone-700">
            {refunds.map((r) => (
              <li key={r.id}>
                {formatGbp(r.amount)} · {r.reason ?? "no reason"} ·{" "}
                {r.provider === "test" ? "test refund" : "Stripe"} · {r.by ?? ""} · {formatDateTime(r.at)}
              </li>
            ))}
          </ul>
        ) : null}
        {ledger.refundable > 0 && canRefundStatus(order.status) ? (
          <RefundForm order={order} onDone={refresh} />
        ) : null}
        {order.status === "pending" ? <CancelForm order={order} onDone={refresh} /> : null}
        {!order.anonymised ? <WriteToCustomer order={order} onDone={refresh} /> : null}
      </section>
    </Card>
  );
}
