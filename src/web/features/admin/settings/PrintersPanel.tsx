/**
 * The owner's printers (issue 48 item 3): each print file is made for the first printer that can
 * print it, and a size none can print cannot be put on sale. Edited as a list and saved at once;
 * the server refuses (and says why) a list that would leave a size on sale without a printer.
 */
import { DEFAULT_PRINTER, PRINTER_TEXTS as T } from "@shared/printers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { adminQueries, type PrinterView, savePrinters } from "@web/features/admin/api";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { LoadError, Loading } from "../ui";

type Draft = Record<keyof PrinterView, string>;

const NUMBER_FIELDS = ["bedWidthMm", "bedDepthMm", "maxHeightMm", "nozzleMm"] as const;

const toDraft = (p: PrinterView): Draft => ({
  id: p.id,
  name: p.name,
  bedWidthMm: String(p.bedWidthMm),
  bedDepthMm: String(p.bedDepthMm),
  maxHeightMm: String(p.maxHeightMm),
  nozzleMm: String(p.nozzleMm),
});

const fromDraft = (d: Draft): PrinterView => ({
  id: d.id.trim(),
  name: d.name.trim(),
  bedWidthMm: Number(d.bedWidthMm),
  bedDepthMm: Number(d.bedDepthMm),
  maxHeightMm: Number(d.maxHeightMm),
  nozzleMm: Number(d.nozzleMm),
});

export function PrintersPanel() {
  const q = useQuery(adminQueries.printers());
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <Loading />;
  // A fresh form whenever the saved list changes (after a save, or another admin's).
  return <PrintersForm key={JSON.stringify(q.data)} saved={q.data} />;
}

function PrintersForm({ saved }: { saved: PrinterView[] }) {
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map(toDraft));
  const save = useMutation({
    mutationFn: () => savePrinters(drafts.map(fromDraft)),
    onSuccess: (printers) => {
      client.setQueryData(adminQueries.printers().queryKey, printers);
      toast.success(T.saved);
    },
    onError: (error) => toast.error(error.message || T.saveFailed),
  });
  const change = (index: number, field: keyof Draft, value: string) =>
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
  const add = () =>
    setDrafts((list) => [
      ...list,
      toDraft({ ...DEFAULT_PRINTER, id: `printer-${list.length + 1}`, name: `Printer ${list.length + 1}` }),
    ]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={onSubmit} aria-label={T.title}>
      <p className="text-sm text-stone-700">{T.intro}</p>
      <ol className="mt-4 space-y-4">
        {drafts.map((draft, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's own order; ids may be edited
          <li key={index} className="rounded-xl border border-stone-200 p-4">
            <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <legend className="mb-2 font-medium text-stone-900">{draft.name || draft.id}</legend>
              <TextField
                label={T.fields.name}
                value={draft.name}
                required
                onChange={(e) => change(index, "name", e.target.value)}
              />
              <TextField
                label={T.fields.id}
                value={draft.id}
                required
                onChange={(e) => change(index, "id", e.target.value)}
              />
              {NUMBER_FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={T.fields[field]}
                  value={draft[field]}
                  inputMode="decimal"
                  required
                  onChange={(e) => change(index, field, e.target.value)}
                />
              ))}
            </fieldset>
            {drafts.length > 1 ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" /> {T.remove}
                <span className="sr-only"> {draft.name}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" className="h-4 w-4" /> {T.add}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}
