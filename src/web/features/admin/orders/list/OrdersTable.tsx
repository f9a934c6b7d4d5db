import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { estimateText } from "@shared/production-estimates";
import { Link } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import type { AdminOrderSummary } from "@web/features/admin/api";
import { AdminTable, formatDateTime, StatusBadge, TestBadge, td } from "../../ui";
import { formatCalendarDay } from "../calendarDay";
import { ProofBadge } from "./ProofBadge";

/** The orders from 768 px: one row each with its selection box (phones get OrderCards). */
export function OrdersTable({
  rows,
  selected,
  allOnPage,
  onToggle,
  onToggleAll,
  urgencyFirst,
}: {
  rows: readonly AdminOrderSummary[];
  selected: ReadonlySet<string>;
  allOnPage: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  urgencyFirst: boolean;
}) {
  return (
    <AdminTable
      className="hidden md:block"
      label="Orders"
      caption={urgencyFirst ? "Orders, most urgent first" : "Orders, newest first"}
      // Fits the admin's content at 1280 px (issue 47 item 10: Total was cut off at 1100).
      minWidth="min-w-[940px]"
      columns={[
        {
          key: "select",
          className: "w-10",
          label: (
            <input
              type="checkbox"
              className="h-5 w-5"
              aria-label="Select every order on this page"
              checked={allOnPage}
              onChange={onToggleAll}
            />
          ),
        },
        "Order",
        "Customer",
        "Status",
        "Dispatch by",
        { key: "printing", label: ADMIN_MESSAGE_TEXTS.estimates.listColumn },
        { key: "total", label: "Total", align: "right" },
      ]}
      empty={rows.length === 0 ? "No orders match these filters." : undefined}
    >
      {rows.map((o) => (
        <tr key={o.id} className={selected.has(o.id) ? "bg-glow-50" : undefined}>
          <td className={td}>
            <input
              type="checkbox"
              className="h-5 w-5"
              aria-label={`Select order #${o.displayNumber}`}
              checked={selected.has(o.id)}
              onChange={() => onToggle(o.id)}
            />
          </td>
          <td className={td}>
            <Link to={`/admin/orders/${o.id}`} className="font-mono font-medium underline">
              #{o.displayNumber}
            </Link>{" "}
            {o.testMode ? <TestBadge /> : null}
            <span className="block whitespace-nowrap text-xs text-stone-700">
              {formatDateTime(o.createdAt)}
            </span>
            <span className="block text-xs text-stone-700">{pluralise(o.itemCount, "item")}</span>
          </td>
          <td className={`${td} max-w-64`}>
            <span className="block font-medium">{o.name}</span>
            <span className="block truncate text-stone-700" title={o.email}>
              {o.email}
            </span>
            <span className="block text-xs text-stone-700">{o.isGuest ? "Guest" : "Customer"}</span>
          </td>
          <td className={td}>
            <StatusBadge status={o.status} />
            {o.proofState ? (
              <span className="mt-1 block">
                <ProofBadge state={o.proofState} />
              </span>
            ) : null}
            {o.waitingForPhoto ? (
              <Badge tone="warning" className="mt-1">
                {ADMIN_MESSAGE_TEXTS.photoReview.waiting}
              </Badge>
            ) : null}
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {o.express ? (
              <Badge tone="glow" className="mb-1">
                Express
              </Badge>
            ) : null}
            {o.dispatchBy ? (
              <span className={`block ${o.overdue ? "font-semibold text-red-800" : ""}`}>
                {o.overdue ? "Overdue · " : ""}
                {formatCalendarDay(o.dispatchBy)}
              </span>
            ) : (
              <span className="block text-stone-700">—</span>
            )}
          </td>
          <td className={`${td} whitespace-nowrap tabular-nums text-stone-800`} data-testid="order-estimate">
            {o.estimate ? estimateText(o.estimate) : "—"}
          </td>
          <td className={`${td} text-right tabular-nums`}>{formatGbp(o.totalAmount)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
