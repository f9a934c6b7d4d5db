import { capitaliseStatus } from "@shared/orders";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { formatDateTime } from "../../ui";
import { Section } from "./DetailSection";

/** The order's status changes: from and to, when, by whom, and the note. */
export function HistoryCard({ order }: { order: AdminOrderDetail }) {
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
