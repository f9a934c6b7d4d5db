import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { CHANNEL_TEXTS } from "@shared/channel-texts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@shared/orders";
import { Button, buttonClasses } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { type AdminOrderSummary, clickAndDropExportUrl } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { FilterSelect } from "../../ui";
import { CarrierSelect } from "../CarrierSelect";
import type { BulkStatusChange } from "./useBulkStatusChange";

/** Under the filters while orders are selected: their new status (with tracking numbers to dispatch) and the Click & Drop export. */
export function BulkStatusBar({
  bulk,
  selected,
  rows,
  onClear,
}: {
  bulk: BulkStatusChange;
  selected: ReadonlySet<string>;
  rows: readonly AdminOrderSummary[];
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Bulk status change"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-300 bg-stone-100 p-4"
    >
      <p className="self-center font-medium text-stone-900">{selected.size} selected</p>
      <FilterSelect
        label="New status"
        value={bulk.status}
        onChange={(v) => bulk.setStatus(v as OrderStatus | "")}
      >
        <option value="">Choose…</option>
        {ORDER_STATUSES.filter((s) => s !== "pending").map((s) => (
          <option key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </option>
        ))}
      </FilterSelect>
      {bulk.dispatching ? <CarrierSelect value={bulk.carrier} onChange={bulk.setCarrier} /> : null}
      {bulk.dispatching ? (
        <fieldset className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm text-stone-800">
            Each customer is e-mailed their tracking number: enter one per order.
          </legend>
          {[...selected].map((id) => {
            const displayNumber = rows.find((r) => r.id === id)?.displayNumber ?? id.slice(0, 8);
            return (
              <TextField
                key={id}
                label={ADMIN_MESSAGE_TEXTS.orders.trackingFor(displayNumber)}
                required
                maxLength={100}
                error={bulk.trackingErrors[id]}
                value={bulk.trackingNumbers[id] ?? ""}
                onChange={(e) => bulk.setTrackingNumber(id, e.target.value)}
              />
            );
          })}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button disabled={!bulk.status} onClick={bulk.start}>
          Change status
        </Button>
        <Button variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <div className="flex w-full flex-wrap items-center gap-3 border-t border-stone-300 pt-3">
        <a href={clickAndDropExportUrl([...selected])} download className={buttonClasses("outline", "md")}>
          <Download aria-hidden="true" className="h-4 w-4" /> {CHANNEL_TEXTS.clickAndDrop.exportButton}
        </a>
        <p className="text-sm text-stone-800">{CHANNEL_TEXTS.clickAndDrop.exportHint}</p>
      </div>
    </section>
  );
}
