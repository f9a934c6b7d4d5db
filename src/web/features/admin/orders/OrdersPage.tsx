import { CARRIER_LABELS } from "@shared/fulfilment";
import { pluralise } from "@shared/messages";

import { ORDER_STATUS_LABELS } from "@shared/orders";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { adminQueries, type OrderFilters } from "@web/features/admin/api";

import { useState } from "react";

import { AdminHeading, ConfirmDialog, LoadError, Loading, Pagination, useAdminTitle } from "../ui";

import { BulkStatusBar } from "./list/BulkStatusBar";
import { OrderCards } from "./list/OrderCards";
import { OrderFiltersCard } from "./list/OrderFiltersCard";
import { OrdersTable } from "./list/OrdersTable";
import { filtersFrom } from "./list/orderFilters";
import { useBulkStatusChange } from "./list/useBulkStatusChange";

export function OrdersPage() {
  useAdminTitle("Orders");
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const q = useQuery(adminQueries.orders(filters));

  const setFilter = (key: keyof OrderFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== "all") next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
    setSelected(new Set());
  };

  const rows = q.data?.orders ?? [];
  const bulk = useBulkStatusChange({ selected, rows, onChanged: () => setSelected(new Set()) });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () => {
    const next = new Set(selected);
    if (allOnPage) for (const r of rows) next.delete(r.id);
    else for (const r of rows) next.add(r.id);
    setSelected(next);
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <>
      <AdminHeading
        title="Orders"
        intro="Search by order number, e-mail or name; filter; open an order to change its status."
      />

      <OrderFiltersCard filters={filters} onFilter={setFilter} />

      {selected.size > 0 ? (
        <BulkStatusBar bulk={bulk} selected={selected} rows={rows} onClear={() => setSelected(new Set())} />
      ) : null}

      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <>
          <OrderCards rows={rows} selected={selected} onToggle={toggle} />
          <OrdersTable
            rows={rows}
            selected={selected}
            allOnPage={allOnPage}
            onToggle={toggle}
            onToggleAll={toggleAll}
            urgencyFirst={filters.sort === "urgency"}
          />
          <Pagination
            label="Orders"
            page={q.data.page}
            pageSize={q.data.pageSize}
            total={q.data.total}
            onPage={(p) => setFilter("page", String(p))}
          />
        </>
      ) : null}

      <ConfirmDialog
        open={bulk.confirming}
        onOpenChange={bulk.setConfirming}
        title="Change the status of the selected orders?"
        description={
          bulk.status
            ? `${pluralise(selected.size, "order")} will become ${ORDER_STATUS_LABELS[bulk.status]}. Orders that cannot move to that status are left as they are and listed afterwards.${bulk.dispatching ? ` Each customer gets the dispatch e-mail with their tracking number (${CARRIER_LABELS[bulk.carrier]}).` : ""}`
            : undefined
        }
        confirmLabel="Change status"
        pending={bulk.mutation.isPending}
        onConfirm={() => bulk.mutation.mutate()}
      />
    </>
  );
}
