import type { AdminOrderDetail } from "@web/features/admin/api";
import { formatDateTime } from "../../ui";
import { Row, Section } from "./DetailSection";

/** How the order was paid: provider, reference, session, when, and the customer's currency. */
export function PaymentCard({ order }: { order: AdminOrderDetail }) {
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
