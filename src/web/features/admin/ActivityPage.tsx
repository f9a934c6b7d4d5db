import { operationContextLabel } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { type ActivityEntry, type ActivityFilters, adminQueries } from "@web/features/admin/api";
import { type FormEvent, useState } from "react";
import {
  AdminHeading,
  AdminTable,
  FilterInput,
  FilterSelect,
  formatDateTime,
  LoadError,
  Loading,
  Pagination,
  td,
  useAdminTitle,
} from "./ui";

function Values({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value, null, 2);
  return (
    <div>
      <p className="text-xs font-semibold text-stone-700">{label}</p>
      <pre className="mt-1 max-h-48 max-w-[28rem] overflow-auto whitespace-pre-wrap break-all rounded bg-stone-100 p-2 text-xs text-stone-900">
        {text}
      </pre>
    </div>
  );
}

function EntryRow({ e }: { e: ActivityEntry }) {
  const hasValues = e.oldValues != null || e.newValues != null;
  return (
    <tr className={e.success ? undefined : "bg-red-50"}>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
      <td className={td}>
        <span className="block break-all">{e.userEmail ?? "—"}</span>
        <span className="block text-xs text-stone-700">{e.userRole ?? ""}</span>
      </td>
      <td className={td}>
        <span className="font-mono text-xs">{e.actionType}</span>
        {e.operationContext ? (
          <span className="block text-xs text-stone-700">{operationContextLabel(e.operationContext)}</span>
        ) : null}
      </td>
      <td className={td}>
        <span className="block">{e.tableName ?? "—"}</span>
        {e.recordId ? (
          <span className="block break-all font-mono text-xs text-stone-700">{e.recordId}</span>
        ) : null}
      </td>
      <td className={td}>
        <Badge tone={e.environmentMode === "test" ? "warning" : "neutral"}>{e.environmentMode}</Badge>
      </td>
      <td className={td}>
        {e.success ? (
          <Badge tone="success">OK</Badge>
        ) : (
          <>
            <Badge tone="danger">Failed</Badge>
            <span className="mt-1 block text-xs text-red-900">{e.errorMessage}</span>
          </>
        )}
      </td>
      <td className={td}>
        {hasValues ? (
          <details>
            <summary className="cursor-pointer text-sm font-medium underline">Values</summary>
            <div className="mt-2 space-y-2">
              <Values label="Before" value={e.oldValues} />
              <Values label="After" value={e.newValues} />
            </div>
          </details>
        ) : (
          "—"
        )}
      </td>
    </tr>
  );
}

export function ActivityPage() {
  useAdminTitle("Activity");
  const [params, setParams] = useSearchParams();
  const filters: ActivityFilters = {
    action: params.get("action") ?? "",
    table: params.get("table") ?? "",
    user: params.get("user") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    outcome: (params.get("outcome") as ActivityFilters["outcome"]) || "all",
    page: Number(params.get("page")) || 1,
    pageSize: 50,
  };
  const [user, setUser] = useState(filters.user ?? "");
  const q = useQuery(adminQueries.activity(filters));
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== "all") next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
  };

  return (
    <>
      <AdminHeading
        title="Activity"
        intro="Every admin change, export and clean-up: who, what, before and after, in which mode, and whether it worked."
      />
      <Card className="mb-4 grid grid-cols-2 gap-3 p-4 md:grid-cols-4">
        <FilterSelect label="Action" value={filters.action ?? ""} onChange={(v) => set("action", v)}>
          <option value="">Any action</option>
          {(q.data?.actions ?? []).map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Table" value={filters.table ?? ""} onChange={(v) => set("table", v)}>
          <option value="">Any table</option>
          {(q.data?.tables ?? []).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </FilterSelect>
        <form
          className="col-span-2 flex items-end gap-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            set("user", user.trim());
          }}
        >
          <FilterInput label="User e-mail" type="search" value={user} onChange={setUser} className="flex-1" />
          <Button type="submit" variant="outline" size="sm" className="min-h-11">
            Filter
          </Button>
        </form>
        <FilterInput label="From" type="date" value={filters.from ?? ""} onChange={(v) => set("from", v)} />
        <FilterInput label="To" type="date" value={filters.to ?? ""} onChange={(v) => set("to", v)} />
        <FilterSelect label="Outcome" value={filters.outcome ?? "all"} onChange={(v) => set("outcome", v)}>
          <option value="all">Any</option>
          <option value="success">Succeeded</option>
          <option value="failure">Failed</option>
        </FilterSelect>
      </Card>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <>
          <AdminTable
            label="Activity log"
            caption="Activity log, newest first"
            minWidth="min-w-[980px]"
            columns={["When", "Who", "Action", "Table and record", "Mode", "Outcome", "Changes"]}
            empty={q.data.entries.length === 0 ? "No activity matches." : undefined}
          >
            {q.data.entries.map((e) => (
              <EntryRow key={e.id} e={e} />
            ))}
          </AdminTable>
          <Pagination
            label="Activity"
            page={q.data.page}
            pageSize={q.data.pageSize}
            total={q.data.total}
            onPage={(p) => set("page", String(p))}
          />
        </>
      ) : null}
    </>
  );
}
