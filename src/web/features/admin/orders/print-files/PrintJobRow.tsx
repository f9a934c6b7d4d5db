import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { adminQueries, type PrintJobView, printFileUrl, retryPrintFile } from "@web/features/admin/api";
import { Download, RotateCcw } from "lucide-react";
import { toast } from "sonner";
import { TwinCheck } from "./TwinCheck";

const T = ADMIN_MESSAGE_TEXTS.printFiles;
const E = ADMIN_MESSAGE_TEXTS.estimates;

/** One panel's estimate: "11.5 h · 66 g", "estimating…" or "not available" (with the reason in a title). */
function panelEstimateText(job: PrintJobView): string {
  if (job.estimateStatus === "done" && job.printSeconds !== null && job.filamentGrams !== null) {
    return E.perPanel(E.hours(job.printSeconds), E.grams(job.filamentGrams));
  }
  if (job.estimateStatus === null || job.estimateStatus === "pending" || job.estimateStatus === "running") {
    return E.pending;
  }
  return job.estimateError ? `${E.notAvailable} (${job.estimateError})` : E.notAvailable;
}

const STATUS_TONE = {
  pending: "neutral",
  running: "glow",
  done: "success",
  failed: "danger",
} as const;

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function PrintJobRow({ orderId, job }: { orderId: string; job: PrintJobView }) {
  const queryClient = useQueryClient();
  const label = T.panelLabel(job.itemNumber, job.panelNumber, job.panelCount);
  const retry = useMutation({
    mutationFn: () => retryPrintFile(orderId, job.id),
    onSuccess: (data) => {
      queryClient.setQueryData(adminQueries.printFiles(orderId).queryKey, data);
      toast.success(T.retried);
    },
    onError: (error) => {
      toast.error(T.retryFailed, { description: error instanceof Error ? error.message : undefined });
    },
  });
  const percent = Math.round(job.progress * 100);

  return (
    <li
      className="py-3 first:pt-0 last:pb-0"
      data-testid="print-file"
      data-status={job.status}
      data-processing={job.processing}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
            {label}
            <Badge tone={STATUS_TONE[job.status]}>{T.status[job.status]}</Badge>
            {job.processing === "colour" ? <Badge tone="glow">{T.colour}</Badge> : null}
          </p>
          <p className="mt-0.5 break-all font-mono text-xs text-stone-700">
            {job.fileName}
            {/* The file name may break anywhere (break-all); a figure never breaks inside. */}
            <span className="break-normal whitespace-nowrap">
              {job.status === "done" && job.bytes !== null ? ` · ${formatSize(job.bytes)}` : ""}
            </span>
            <span className="break-normal whitespace-nowrap">
              {job.status === "done" && job.triangles !== null
                ? ` · ${job.triangles.toLocaleString("en-GB")} triangles`
                : ""}
            </span>
          </p>
          {job.processing === "colour" && job.colourFilaments && job.colourFilaments.length > 0 ? (
            <p className="mt-0.5 text-xs text-stone-700" data-testid="print-file-spools">
              {T.colourSpools(job.colourFilaments.map((s) => `T${s.extruder - 1} ${s.name}`).join(", "))}
            </p>
          ) : null}
          <p className="mt-0.5 text-xs text-stone-700" data-testid="print-file-estimate">
            {job.processing === "colour"
              ? T.colour
              : `${job.filamentName ?? E.defaultFilament} · k ${job.attenuationPerMm.toFixed(2)}/mm`}
            {job.status === "done" ? ` · ${panelEstimateText(job)}` : ""}
          </p>
        </div>
        {job.status === "done" ? (
          <a
            href={printFileUrl(orderId, job.id)}
            download={job.fileName}
            aria-label={T.downloadLabel(job.fileName)}
            className={buttonClasses("outline", "sm")}
          >
            <Download aria-hidden="true" className="h-4 w-4" /> {T.download}
          </a>
        ) : null}
        {job.status === "failed" ? (
          <Button variant="outline" size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" /> {T.retry}
          </Button>
        ) : null}
      </div>
      {job.status === "pending" || job.status === "running" ? (
        <div
          role="progressbar"
          aria-label={T.progressLabel(label)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-100"
        >
          <div
            className="h-full rounded-full bg-glow-400 transition-[width] duration-500"
            style={{ width: `${Math.max(2, percent)}%` }}
          />
        </div>
      ) : null}
      {job.status === "done" ? <TwinCheck orderId={orderId} job={job} label={label} /> : null}
      {job.status === "failed" && job.error ? (
        <div className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          <p>{job.error}</p>
          <p className="mt-1 text-xs">{T.failedHint}</p>
        </div>
      ) : null}
    </li>
  );
}
