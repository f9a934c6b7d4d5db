import { CHANNEL_TEXTS } from "@shared/channel-texts";
import {
  type ClickAndDropSettings,
  DEFAULT_CLICK_AND_DROP_SETTINGS,
  TRACKING_IMPORT_MAX_BYTES,
  TRACKING_OUTCOME_LABELS,
  type TrackingRowReport,
} from "@shared/click-and-drop";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import {
  fetchClickAndDropSettings,
  importClickAndDropTracking,
  saveClickAndDropSettings,
} from "@web/features/admin/api";
import { Upload } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, LoadError, useAdminTitle } from "../ui";

const M = CHANNEL_TEXTS.clickAndDrop;
const KEY = ["admin", "click-and-drop", "settings"];

function ServicesCard() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: fetchClickAndDropSettings });
  const [draft, setDraft] = useState<ClickAndDropSettings>(DEFAULT_CLICK_AND_DROP_SETTINGS);
  useEffect(() => {
    if (q.data) setDraft(q.data);
  }, [q.data]);
  const save = useMutation({
    mutationFn: () => saveClickAndDropSettings(draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success(M.saved);
    },
    onError: (error) => toast.error("Not saved", { description: error.message }),
  });
  const fields: Array<[keyof ClickAndDropSettings, string]> = [
    ["ukStandardService", M.ukStandard],
    ["ukExpressService", M.ukExpress],
    ["internationalService", M.international],
  ];
  return (
    <Card className="p-5">
      <h2 className="text-xl text-stone-900">{M.servicesTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{M.servicesIntro}</p>
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      <form
        className="mt-4"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {fields.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              required
              maxLength={100}
              value={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
          ))}
        </div>
        <Button type="submit" className="mt-5" disabled={save.isPending || q.isPending}>
          {M.save}
        </Button>
      </form>
    </Card>
  );
}

function tone(outcome: TrackingRowReport["outcome"]) {
  if (outcome === "dispatched") return "success" as const;
  if (outcome === "already_dispatched" || outcome === "duplicate") return "neutral" as const;
  return "warning" as const;
}

function ImportCard() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const run = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error("Choose a file.");
      return importClickAndDropTracking(await file.text());
    },
    onSuccess: (result) => {
      toast.success(M.reportTitle, { description: M.summary(result.dispatched, result.refused) });
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    },
    onError: (e) => toast.error("Import failed", { description: e.message }),
  });
  const report = run.data;
  return (
    <Card className="p-5">
      <h2 className="text-xl text-stone-900">{M.importTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{M.importIntro}</p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          run.mutate();
        }}
      >
        <label className="grid gap-1 text-sm font-medium text-stone-800">
          {M.fileLabel}
          <input
            type="file"
            accept=".csv,text/csv"
            className="max-w-full rounded-lg border border-stone-300 bg-white p-2 text-sm"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              const tooLarge = chosen !== null && chosen.size > TRACKING_IMPORT_MAX_BYTES;
              setError(tooLarge ? M.tooLarge : undefined);
              setFile(tooLarge ? null : chosen);
            }}
          />
          {error ? (
            <span role="alert" className="text-red-700">
              {error}
            </span>
          ) : null}
        </label>
        <Button type="submit" disabled={!file || run.isPending}>
          <Upload aria-hidden="true" className="h-4 w-4" /> {M.importButton}
        </Button>
      </form>
      {report ? (
        <section aria-label={M.reportTitle} className="mt-6">
          <h3 className="text-lg text-stone-900">{M.reportTitle}</h3>
          <p className="mt-1 text-stone-800" data-testid="import-summary">
            {M.summary(report.dispatched, report.refused)}
          </p>
          <ul className="mt-3 divide-y divide-stone-200">
            {report.rows.map((r) => (
              <li key={r.line} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 text-sm">
                <span className="w-14 text-stone-700">
                  {M.line} {r.line}
                </span>
                <span className="font-mono">
                  {r.orderId ? (
                    <Link className="underline" to={`/admin/orders/${r.orderId}`}>
                      {r.reference}
                    </Link>
                  ) : (
                    r.reference || "—"
                  )}
                </span>
                <span className="font-mono text-stone-800">{r.trackingNumber}</span>
                <Badge tone={tone(r.outcome)}>{TRACKING_OUTCOME_LABELS[r.outcome]}</Badge>
                <span className="basis-full text-stone-700 sm:basis-auto">{r.message}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

/** Royal Mail Click & Drop: the services the export uses, and the tracking import with its report. */
export function ClickAndDropPage() {
  useAdminTitle(M.title);
  return (
    <>
      <AdminHeading title={M.title} intro={M.intro} />
      <div className="space-y-6">
        <ImportCard />
        <ServicesCard />
      </div>
    </>
  );
}
