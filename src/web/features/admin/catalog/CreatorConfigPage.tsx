import { formatGbp } from "@shared/money";
import { OPTION_TYPES, type OptionType } from "@shared/options";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { type AdminOption, adminQueries, reorderOptions, updateOption } from "@web/features/admin/api";
import { ArrowDown, ArrowUp, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AdminHeading, AdminTable, LoadError, Loading, td, useAdminTitle } from "../ui";
import { OPTION_STATUS_LABELS, OPTION_TYPE_LABELS, OptionFormDialog } from "./OptionForm";

type Editing = { type: OptionType; option: AdminOption | null } | null;

function modifier(pence: number): string {
  if (pence === 0) return "—";
  return pence > 0 ? `+${formatGbp(pence)}` : formatGbp(pence);
}

export function CreatorConfigPage() {
  useAdminTitle("Creator options");
  const queryClient = useQueryClient();
  const q = useQuery(adminQueries.options());
  const [editing, setEditing] = useState<Editing>(null);

  const reorder = useMutation({
    mutationFn: ({ type, ids }: { type: OptionType; ids: string[] }) => reorderOptions(type, ids),
    onSuccess: (options) => {
      queryClient.setQueryData(adminQueries.options().queryKey, options);
      toast.success("Order saved");
    },
    onError: (error) => toast.error("Order not saved", { description: error.message }),
  });
  const quick = useMutation({
    mutationFn: ({
      id,
      patch,
    }: {
      id: string;
      patch: { status?: "enabled" | "coming_soon"; isActive?: boolean };
    }) => updateOption(id, patch),
    onSuccess: (o) => {
      toast.success(`${o.name} saved`);
      void queryClient.invalidateQueries({ queryKey: adminQueries.options().queryKey });
    },
    onError: (error) => toast.error("Not saved", { description: error.message }),
  });

  const byType = (type: OptionType) => (q.data ?? []).filter((o) => o.optionType === type);
  const shapes = byType("shape");
  const shapeName = (value: string) => shapes.find((s) => s.value === value)?.name ?? value;

  return (
    <>
      <AdminHeading
        title="Creator options"
        intro="What the lithophane creator offers. The creator refetches these every 30 seconds; coming-soon options are shown dimmed, inactive ones are hidden."
      />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <div className="space-y-10">
          {OPTION_TYPES.map((type) => {
            const rows = byType(type);
            const headingId = `options-${type}`;
            return (
              <section key={type} aria-labelledby={headingId}>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                  <h2 id={headingId} className="text-2xl text-stone-900">
                    {OPTION_TYPE_LABELS[type].plural}
                  </h2>
                  <Button variant="outline" size="sm" onClick={() => setEditing({ type, option: null })}>
                    <Plus aria-hidden="true" className="h-4 w-4" /> Add {OPTION_TYPE_LABELS[type].singular}
                  </Button>
                </div>
                <AdminTable
                  label={OPTION_TYPE_LABELS[type].plural}
                  caption={`${OPTION_TYPE_LABELS[type].plural} in creator order`}
                  minWidth="min-w-[760px]"
                  columns={[
                    "Order",
                    "Option",
                    "Details",
                    { key: "price", label: "Price", align: "right" },
                    "Status",
                    "Active",
                    { key: "actions", label: <span className="sr-only">Actions</span> },
                  ]}
                  empty={rows.length === 0 ? "None yet: the creator uses the built-in defaults." : undefined}
                >
                  {rows.map((o, index) => (
                    <tr key={o.id} className={!o.isActive ? "bg-stone-50" : undefined}>
                      <td className={td}>
                        <div className="flex gap-1">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${o.name} up`}
                            disabled={index === 0 || reorder.isPending}
                            onClick={() => {
                              const ids = rows.map((r) => r.id);
                              [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
                              reorder.mutate({ type, ids });
                            }}
                          >
                            <ArrowUp aria-hidden="true" className="h-4 w-4" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${o.name} down`}
                            disabled={index === rows.length - 1 || reorder.isPending}
                            onClick={() => {
                              const ids = rows.map((r) => r.id);
                              [ids[index + 1], ids[index]] = [ids[index]!, ids[index + 1]!];
                              reorder.mutate({ type, ids });
                            }}
                          >
                            <ArrowDown aria-hidden="true" className="h-4 w-4" />
                          </Button>
                        </div>
                      </td>
                      <td className={td}>
                        <span className="flex items-center gap-2 font-medium text-stone-900">
                          {o.hexColor ? (
                            <span
                              aria-hidden="true"
                              className="inline-block h-5 w-5 rounded-full border border-stone-400"
                              style={{ backgroundColor: o.hexColor }}
                            />
                          ) : null}
                          {o.name}
                        </span>
                        <span className="block font-mono text-xs text-stone-700">{o.value}</span>
                      </td>
                      <td className={`${td} text-stone-700`}>
                        {o.hexColor ? <span className="font-mono">{o.hexColor}</span> : null}
                        {type === "size" ? (
                          <>
                            <span className="block">
                              {o.widthMm ?? "?"} × {o.heightMm ?? "?"} mm
                            </span>
                            <span className="block text-xs">
                              {o.shapeIds?.length ? o.shapeIds.map(shapeName).join(", ") : "Every shape"}
                            </span>
                          </>
                        ) : null}
                        {type !== "size" && !o.hexColor ? o.description : null}
                      </td>
                      <td className={`${td} text-right tabular-nums`}>{modifier(o.priceModifierPence)}</td>
                      <td className={td}>
                        <label className="sr-only" htmlFor={`ostatus-${o.id}`}>
                          Status of {o.name}
                        </label>
                        <select
                          id={`ostatus-${o.id}`}
                          value={o.status === "coming_soon" ? "coming_soon" : "enabled"}
                          disabled={quick.isPending}
                          onChange={(e) =>
                            quick.mutate({
                              id: o.id,
                              patch: { status: e.target.value as "enabled" | "coming_soon" },
                            })
                          }
                          className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900"
                        >
                          {Object.entries(OPTION_STATUS_LABELS).map(([value, label]) => (
                            <option key={value} value={value}>
                              {label}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className={td}>
                        <label className="flex min-h-11 items-center gap-2">
                          <input
                            type="checkbox"
                            className="h-5 w-5"
                            checked={o.isActive}
                            disabled={quick.isPending}
                            onChange={(e) =>
                              quick.mutate({ id: o.id, patch: { isActive: e.target.checked } })
                            }
                          />
                          <span className="sr-only">{o.name} active</span>
                          {!o.isActive ? <Badge>Hidden</Badge> : null}
                        </label>
                      </td>
                      <td className={`${td} text-right`}>
                        <Button variant="outline" size="sm" onClick={() => setEditing({ type, option: o })}>
                          <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                          <span className="sr-only"> {o.name}</span>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              </section>
            );
          })}
        </div>
      ) : null}
      {editing ? (
        <OptionFormDialog
          key={editing.option?.id ?? `new-${editing.type}`}
          type={editing.type}
          option={editing.option}
          shapes={shapes}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
