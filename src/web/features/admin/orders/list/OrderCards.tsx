import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { estimateText } from "@shared/production-estimates";
import { Link } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Card } from "@web/components/ui/card";
import type { AdminOrderSummary } from "@web/features/admin/api";
import { formatDateTime, StatusBadge, TestBadge } from "../../ui";
import { formatCalendarDay } from "../calendarDay";
import { ProofBadge } from "./ProofBadge";

/** The orders on a phone: one card each (the table needs 940 px), the same facts and selection. */
export function OrderCards({
  rows,
  selected,
  onToggle,
}: {
  rows: readonly AdminOrderSummary[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  if (rows.length === 0)
    return <Card className="p-4 text-stone-700 md:hidden">No orders match these filters.</Card>;
  return (
    <ul aria-label="Orders" className="space-y-3 md:hidden">
      {rows.map((o) => (
        <li key={o.id}>
          <Card className={`flex gap-3 p-4 ${selected.has(o.id) ? "bg-glow-50" : ""}`}>
            <input
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0"
              aria-label={`Select order #${o.displayNumber}`}
              checked={selected.has(o.id)}
              onChange={() => onToggle(o.id)}
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <Link to={`/admin/orders/${o.id}`} className="font-mono font-medium underline">
                    #{o.displayNumber}
                  </Link>{" "}
                  {o.testMode ? <TestBadge /> : null}
                </span>
                <span className="font-medium tabular-nums">{formatGbp(o.totalAmount)}</span>
              </p>
              <p className="mt-2 flex flex-wrap items-center gap-2">
                <StatusBadge status={o.status} />
                <ProofBadge state={o.proofState} />
                {o.waitingForPhoto ? (
                  <Badge tone="warning">{ADMIN_MESSAGE_TEXTS.photoReview.waiting}</Badge>
                ) : null}
                {o.express ? <Badge tone="glow">Express</Badge> : null}
              </p>
              {o.dispatchBy ? (
                <p className={`mt-2 ${o.overdue ? "font-semibold text-red-800" : "text-stone-800"}`}>
                  {o.overdue ? "Overdue · dispatch by " : "Dispatch by "}
                  {formatCalendarDay(o.dispatchBy)}
                </p>
              ) : null}
              <p className="mt-2 truncate text-stone-900">
                {o.name} <span className="text-stone-700">· {o.isGuest ? "Guest" : "Customer"}</span>
              </p>
              <p className="truncate text-stone-700">{o.email}</p>
              <p className="mt-1 text-xs text-stone-700">
                {formatDateTime(o.createdAt)} · {pluralise(o.itemCount, "item")}
                {o.estimate ? ` · ${estimateText(o.estimate)}` : ""}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
