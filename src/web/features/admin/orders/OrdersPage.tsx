import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { CHANNEL_TEXTS } from "@shared/channel-texts";
import { CARRIER_LABELS, type Carrier } from "@shared/fulfilment";
import { pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@shared/orders";
import { estimateText } from "@shared/production-estimates";
import { PROOF_ADMIN_TEXTS, PROOF_STATE_LABELS, type ProofState, proofDecided } from "@shared/proofs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminOrderSummary,
  adminQueries,
  bulkChangeStatus,
  clickAndDropExportUrl,
  type OrderFilters,
} from "@web/api/admin";
import { ApiRequestError } from "@web/api/http";
import { Link, useSearchParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { Download, Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import {
  AdminHeading,
  AdminTable,
  ConfirmDialog,
  FilterInput,
  FilterSelect,
  formatDateTime,
  LoadError,
  Loading,
  Pagination,
  StatusBadge,
  TestBadge,
  td,
  useAdminTitle,
} from "../ui";
import { CarrierSelect } from "./CarrierSelect";

const PAGE_SIZE = 25;

/** "Mon 8 Dec" for a calendar day. */
function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

function filtersFrom(params: URLSearchParams): OrderFilters {
  return {
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    mode: (params.get("mode") as OrderFilters["mode"]) || "all",
    customer: (params.get("customer") as OrderFilters["customer"]) || "all",
    sort: params.get("sort") === "urgency" ? "urgency" : "newest",
    page: Number(params.get("page")) || 1,
    pageSize: PAGE_SIZE,
  };
}

export function OrdersPage() {
  useAdminTitle("Orders");
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [search, setSearch] = useState(filters.q ?? "");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<OrderStatus | "">("");
  const [confirming, setConfirming] = useState(false);
  // Dispatching e-mails each customer their tracking number, so each selected order needs one.
  const [trackingNumbers, setTrackingNumbers] = useState<Record<string, string>>({});
  const [trackingErrors, setTrackingErrors] = useState<Record<string, string>>({});
  // One carrier for every order dispatched together (it builds each tracking link).
  const [carrier, setCarrier] = useState<Carrier>("royal_mail");
  const dispatching = bulkStatus === "dispatched";
  const queryClient = useQueryClient();

  const q = useQuery(adminQueries.orders(filters));

  const setFilter = (key: keyof OrderFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== "all") next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
    setSelected(new Set());
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter("q", search.trim());
  };

  const selectedTracking = () =>
    Object.fromEntries([...selected].map((id) => [id, trackingNumbers[id]?.trim() ?? ""]));

  const bulk = useMutation({
    mutationFn: () =>
      bulkChangeStatus(
        [...selected],
        bulkStatus as OrderStatus,
        dispatching ? selectedTracking() : undefined,
        dispatching ? carrier : undefined,
      ),
    onSuccess: (result) => {
      setConfirming(false);
      setSelected(new Set());
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
  const startBulkChange = () => {
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

  const rows = q.data?.orders ?? [];
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

      <Card className="mb-4 p-4">
        <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
          <FilterInput
            className="min-w-56 flex-1"
            label="Search orders"
            type="search"
            value={search}
            placeholder="Order number, e-mail or name"
            onChange={setSearch}
          />
          <Button type="submit" variant="primary">
            <Search aria-hidden="true" className="h-4 w-4" /> Search
          </Button>
        </form>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-6">
          <FilterSelect label="Status" value={filters.status ?? ""} onChange={(v) => setFilter("status", v)}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          <FilterInput
            label="From"
            type="date"
            value={filters.from ?? ""}
            onChange={(v) => setFilter("from", v)}
          />
          <FilterInput label="To" type="date" value={filters.to ?? ""} onChange={(v) => setFilter("to", v)} />
          <FilterSelect
            label="Test or live"
            value={filters.mode ?? "all"}
            onChange={(v) => setFilter("mode", v)}
          >
            <option value="all">Live and test</option>
            <option value="live">Live only</option>
            <option value="test">Test only</option>
          </FilterSelect>
          <FilterSelect
            label="Customer"
            value={filters.customer ?? "all"}
            onChange={(v) => setFilter("customer", v)}
          >
            <option value="all">Guests and customers</option>
            <option value="guest">Guest orders</option>
            <option value="customer">Customers' orders</option>
          </FilterSelect>
          <FilterSelect
            label="Sort"
            value={filters.sort ?? "newest"}
            onChange={(v) => setFilter("sort", v === "urgency" ? v : "")}
          >
            <option value="newest">Newest first</option>
            <option value="urgency">Most urgent first</option>
          </FilterSelect>
        </div>
      </Card>

      {selected.size > 0 ? (
        <section
          aria-label="Bulk status change"
          className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-stone-300 bg-stone-100 p-4"
        >
          <p className="self-center font-medium text-stone-900">{selected.size} selected</p>
          <FilterSelect
            label="New status"
            value={bulkStatus}
            onChange={(v) => setBulkStatus(v as OrderStatus | "")}
          >
            <option value="">Choose…</option>
            {ORDER_STATUSES.filter((s) => s !== "pending").map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </FilterSelect>
          {dispatching ? <CarrierSelect value={carrier} onChange={setCarrier} /> : null}
          {dispatching ? (
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
                    error={trackingErrors[id]}
                    value={trackingNumbers[id] ?? ""}
                    onChange={(e) => {
                      const value = e.target.value;
                      setTrackingNumbers((prev) => ({ ...prev, [id]: value }));
                      if (value.trim()) setTrackingErrors(({ [id]: _cleared, ...rest }) => rest);
                    }}
                  />
                );
              })}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button disabled={!bulkStatus} onClick={startBulkChange}>
              Change status
            </Button>
            <Button variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
          <div className="flex w-full flex-wrap items-center gap-3 border-t border-stone-300 pt-3">
            <a
              href={clickAndDropExportUrl([...selected])}
              download
              className={buttonClasses("outline", "md")}
            >
              <Download aria-hidden="true" className="h-4 w-4" /> {CHANNEL_TEXTS.clickAndDrop.exportButton}
            </a>
            <p className="text-sm text-stone-800">{CHANNEL_TEXTS.clickAndDrop.exportHint}</p>
          </div>
        </section>
      ) : null}

      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <>
          <OrderCards rows={rows} selected={selected} onToggle={toggle} />
          <AdminTable
            className="hidden md:block"
            label="Orders"
            caption={filters.sort === "urgency" ? "Orders, most urgent first" : "Orders, newest first"}
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
                    onChange={toggleAll}
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
                    onChange={() => toggle(o.id)}
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
                      {formatDay(o.dispatchBy)}
                    </span>
                  ) : (
                    <span className="block text-stone-700">—</span>
                  )}
                </td>
                <td
                  className={`${td} whitespace-nowrap tabular-nums text-stone-800`}
                  data-testid="order-estimate"
                >
                  {o.estimate ? estimateText(o.estimate) : "—"}
                </td>
                <td className={`${td} text-right tabular-nums`}>{formatGbp(o.totalAmount)}</td>
              </tr>
            ))}
          </AdminTable>
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
        open={confirming}
        onOpenChange={setConfirming}
        title="Change the status of the selected orders?"
        description={
          bulkStatus
            ? `${pluralise(selected.size, "order")} will become ${ORDER_STATUS_LABELS[bulkStatus]}. Orders that cannot move to that status are left as they are and listed afterwards.${dispatching ? ` Each customer gets the dispatch e-mail with their tracking number (${CARRIER_LABELS[carrier]}).` : ""}`
            : undefined
        }
        confirmLabel="Change status"
        pending={bulk.isPending}
        onConfirm={() => bulk.mutate()}
      />
    </>
  );
}

/** The customer's proof beside the status: what the bench waits for before printing. */
function ProofBadge({ state }: { state: ProofState | null }) {
  if (!state) return null;
  return (
    <Badge tone={proofDecided(state) ? "success" : "warning"}>
      {PROOF_ADMIN_TEXTS.state(PROOF_STATE_LABELS[state])}
    </Badge>
  );
}

/** The orders on a phone: one card each (the table needs 940 px), the same facts and selection. */
function OrderCards({
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
                  {formatDay(o.dispatchBy)}
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
