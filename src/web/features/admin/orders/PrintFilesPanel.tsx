/**
 * The order's print files: one 3MF per lithophane panel (main photo and each additional photo),
 * generated on the server once the order is paid. Shows each panel's progress, a download when
 * ready, and the reason plus Retry when generation failed. Polls while any file is in progress.
 */
import { MESSAGES } from "@shared/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  fetchPrintFiles,
  type OrderPrintJobs,
  type PrintJobView,
  printFileUrl,
  retryPrintFile,
} from "@web/api/admin";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Download, RotateCcw } from "lucide-react";
import { toast } from "sonner";
import { LoadError, Loading } from "../ui";

const T = MESSAGES.printFiles;
/** While a file is queued or generating. */
const POLL_MS = 1500;
/** Paid, but the jobs are not listed yet (e.g. an order paid by another server a moment ago). */
const WAITING_POLL_MS = 4000;

const STATUS_TONE = {
  pending: "neutral",
  running: "glow",
  done: "success",
  failed: "danger",
} as const;

function inProgress(data: OrderPrintJobs | undefined): boolean {
  return Boolean(data?.jobs.some((j) => j.status === "pending" || j.status === "running"));
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function PrintFilesPanel({ orderId }: { orderId: string }) {
  const q = useQuery({
    // Under the order's key: a status change (e.g. marked paid) refreshes it too.
    queryKey: ["admin", "order", orderId, "print-files"],
    queryFn: () => fetchPrintFiles(orderId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (inProgress(data)) return POLL_MS;
      if (data?.paid && data.panelCount > 0 && data.jobs.length === 0) return WAITING_POLL_MS;
      return false;
    },
  });

  return (
    <Card className="p-5">
      <section aria-labelledby="section-print-files">
        <h2 id="section-print-files" className="mb-3 text-xl text-stone-900">
          {T.title}
        </h2>
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <PrintFilesBody data={q.data} />
        )}
      </section>
    </Card>
  );
}

function PrintFilesBody({ data }: { data: OrderPrintJobs }) {
  if (!data.paid) return <p className="text-sm text-stone-700">{T.notPaid}</p>;
  if (data.panelCount === 0 && data.jobs.length === 0) {
    return <p className="text-sm text-stone-700">{T.noLithophanes}</p>;
  }
  if (data.jobs.length === 0) return <p className="text-sm text-stone-700">{T.waiting}</p>;
  return (
    <ul className="divide-y divide-stone-100">
      {data.jobs.map((job) => (
        <PrintJobRow key={job.id} orderId={data.orderId} job={job} />
      ))}
    </ul>
  );
}

function PrintJobRow({ orderId, job }: { orderId: string; job: PrintJobView }) {
  const queryClient = useQueryClient();
  const label = T.panelLabel(job.itemNumber, job.panelNumber, job.panelCount);
  const retry = useMutation({
    mutationFn: () => retryPrintFile(orderId, job.id),
    onSuccess: (data) => {
      queryClient.setQueryData(["admin", "order", orderId, "print-files"], data);
      toast.success(T.retried);
    },
    onError: (error) => {
      toast.error(T.retryFailed, { description: error instanceof Error ? error.message : undefined });
    },
  });
  const percent = Math.round(job.progress * 100);

  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="print-file" data-status={job.status}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
            {label}
            <Badge tone={STATUS_TONE[job.status]}>{T.status[job.status]}</Badge>
          </p>
          <p className="mt-0.5 break-all font-mono text-xs text-stone-700">
            {job.fileName}
            {job.status === "done" && job.bytes !== null ? ` · ${formatSize(job.bytes)}` : ""}
            {job.status === "done" && job.triangles !== null
              ? ` · ${job.triangles.toLocaleString("en-GB")} triangles`
              : ""}
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
      {job.status === "failed" && job.error ? (
        <div className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          <p>{job.error}</p>
          <p className="mt-1 text-xs">{T.failedHint}</p>
        </div>
      ) : null}
    </li>
  );
}
