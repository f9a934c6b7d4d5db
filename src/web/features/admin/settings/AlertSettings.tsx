import { ADMIN_SETTINGS_TEXTS } from "@shared/admin-settings";
import { OWNER_ALERT_KINDS, OWNER_ALERT_LABELS, type OwnerAlertKind } from "@shared/owner-alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { alertsQuery, inboxKeys, saveAlerts } from "@web/features/admin/api";
import { toast } from "sonner";
import { Loading } from "../ui";

/** Which e-mails the owner gets (every owner alert links here). */
export function AlertSettings() {
  const client = useQueryClient();
  const q = useQuery(alertsQuery());
  const save = useMutation({
    mutationFn: saveAlerts,
    onSuccess: (data) => {
      client.setQueryData(inboxKeys.alerts, data);
      toast.success("Alert settings saved.");
    },
    onError: (error) => toast.error(error.message),
  });
  if (!q.data) return <Loading />;
  const on = new Set<OwnerAlertKind>(q.data.kinds);
  const toggle = (kind: OwnerAlertKind) => {
    const next = new Set(on);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    save.mutate(OWNER_ALERT_KINDS.filter((k) => next.has(k)));
  };
  return (
    <>
      <p className="text-sm text-stone-700">
        {q.data.to ? (
          <>
            Sent to <strong className="break-all">{q.data.to}</strong>
            {q.data.fromSetting ? " (OWNER_EMAIL)" : " (the first admin; set OWNER_EMAIL to change it)"}.
          </>
        ) : (
          "No address: set OWNER_EMAIL."
        )}
      </p>
      <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">{ADMIN_SETTINGS_TEXTS.alertsTitle}: alerts to send</legend>
        {OWNER_ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0"
              checked={on.has(kind)}
              disabled={save.isPending}
              onChange={() => toggle(kind)}
            />
            {OWNER_ALERT_LABELS[kind]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
