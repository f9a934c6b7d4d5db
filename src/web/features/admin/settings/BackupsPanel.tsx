import { ADMIN_SETTINGS_TEXTS, backupHealth, formatBytes } from "@shared/admin-settings";
import { useQuery } from "@tanstack/react-query";
import { cn } from "@web/components/ui/cn";
import { adminQueries } from "@web/features/admin/api";
import { formatDateTime, LoadError, Loading } from "../ui";

const T = ADMIN_SETTINGS_TEXTS.backups;

/** The scheduled backups as storage records them: the newest one's time and size, or none yet. */
export function BackupsPanel() {
  const q = useQuery(adminQueries.backups());
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  const status = q.data;
  const health = backupHealth(
    status.last ? new Date(status.last.at) : null,
    status.intervalHours,
    new Date(),
  );
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{T.intro(status.intervalHours, status.retention)}</p>
      <p
        data-testid="backup-health"
        className={cn(
          "rounded-lg px-3 py-2 text-sm font-medium",
          health === "ok" ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-950",
        )}
      >
        {T.health[health]}
      </p>
      {status.last ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-700">{T.last}</dt>
          <dd className="font-medium text-stone-900">{formatDateTime(status.last.at)}</dd>
          <dt className="text-stone-700">{T.size}</dt>
          <dd className="font-medium text-stone-900">
            {status.last.bytes === null ? "?" : formatBytes(status.last.bytes)}
          </dd>
          <dt className="text-stone-700">{T.kept}</dt>
          <dd className="font-medium text-stone-900">{status.count}</dd>
          <dt className="text-stone-700">{T.location}</dt>
          <dd className="font-medium text-stone-900">
            {status.storage === "s3" ? "the S3 bucket, backups/" : "DATA_DIR/uploads/backups"}
          </dd>
        </dl>
      ) : null}
    </div>
  );
}
