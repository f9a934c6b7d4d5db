import type { AdminOrderDetail } from "@web/features/admin/api";
import { Row, Section } from "./DetailSection";

/** The delivery address and the customer's contact details. */
export function AddressCard({ order }: { order: AdminOrderDetail }) {
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
