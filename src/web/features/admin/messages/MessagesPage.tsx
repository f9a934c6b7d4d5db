import {
  contactSubjectLabel,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageStatus,
} from "@shared/inbox";
import { OWNER_ALERT_KINDS, OWNER_ALERT_LABELS, type OwnerAlertKind } from "@shared/owner-alerts";
import { CONTACT_SUBJECTS } from "@shared/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { alertsQuery, type InboxFilters, inboxKeys, messagesQuery, saveAlerts } from "@web/api/inbox";
import { Link } from "@web/app/routing";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { useState } from "react";
import { toast } from "sonner";
import {
  AdminHeading,
  FilterInput,
  FilterSelect,
  formatDateTime,
  LoadError,
  Loading,
  useAdminTitle,
} from "../ui";
import { CustomerMailSettingsCard } from "./CustomerMailSettings";

function subjectLabel(value: string | null): string {
  return contactSubjectLabel(value) ?? "No subject";
}

/** The inbox: every contact message, newest activity first, unread in bold. */
export function MessagesPage() {
  useAdminTitle("Messages");
  const [filters, setFilters] = useState<InboxFilters>({ status: "", subject: "", q: "", page: 1 });
  const q = useQuery(messagesQuery(filters));
  const set = (patch: Partial<InboxFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  return (
    <>
      <AdminHeading
        title="Messages"
        intro={
          q.data
            ? `${q.data.unread} unread · ${q.data.total} shown by these filters`
            : "Contact messages and answers."
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <FilterSelect
          label="Status"
          value={filters.status ?? ""}
          onChange={(v) => set({ status: v as MessageStatus | "" })}
        >
          <option value="">Any status</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MESSAGE_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Subject" value={filters.subject ?? ""} onChange={(v) => set({ subject: v })}>
          <option value="">Any subject</option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </FilterSelect>
        <FilterInput
          label="Search"
          type="search"
          value={filters.q ?? ""}
          onChange={(v) => set({ q: v })}
          placeholder="Name, e-mail or words"
        />
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.messages.length === 0 ? (
        <Card className="p-6 text-stone-700">No messages match these filters.</Card>
      ) : (
        <Card className="p-0">
          <ul aria-label="Messages" className="divide-y divide-stone-100">
            {q.data.messages.map((m) => (
              <li key={m.id}>
                <Link
                  to={`/admin/messages/${m.id}`}
                  className={cn(
                    "block px-4 py-3 hover:bg-stone-50",
                    m.unread ? "font-semibold" : "font-normal",
                  )}
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="min-w-0 truncate text-stone-900">
                      {m.unread ? <span className="sr-only">Unread: </span> : null}
                      {m.name} <span className="text-sm text-stone-600">&lt;{m.email}&gt;</span>
                    </span>
                    <span className="shrink-0 text-xs text-stone-600">
                      {formatDateTime(m.lastActivityAt)}
                    </span>
                  </span>
                  <span className="mt-1 flex flex-wrap gap-2 text-xs text-stone-700">
                    <span className="rounded bg-stone-100 px-1.5 py-0.5">{subjectLabel(m.subject)}</span>
                    <span className="rounded bg-stone-100 px-1.5 py-0.5">
                      {MESSAGE_STATUS_LABELS[m.status]}
                    </span>
                    {m.replies > 0 ? <span>{m.replies} in the conversation after it</span> : null}
                  </span>
                  <span className="mt-1 block truncate text-sm text-stone-700">{m.preview}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <AlertSettings />
      <CustomerMailSettingsCard />
    </>
  );
}

/** Which e-mails the owner gets. */
function AlertSettings() {
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
  if (!q.data) return null;
  const on = new Set<OwnerAlertKind>(q.data.kinds);
  const toggle = (kind: OwnerAlertKind) => {
    const next = new Set(on);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    save.mutate(OWNER_ALERT_KINDS.filter((k) => next.has(k)));
  };
  return (
    <Card className="mt-8 p-5">
      <section aria-labelledby="owner-alerts">
        <h2 id="owner-alerts" className="text-xl text-stone-900">
          E-mail alerts
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {q.data.to ? (
            <>
              Sent to <strong>{q.data.to}</strong>
              {q.data.fromSetting ? " (OWNER_EMAIL)" : " (the first admin; set OWNER_EMAIL to change it)"}.
            </>
          ) : (
            "No address: set OWNER_EMAIL."
          )}
        </p>
        <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Alerts to send</legend>
          {OWNER_ALERT_KINDS.map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={on.has(kind)}
                disabled={save.isPending}
                onChange={() => toggle(kind)}
              />
              {OWNER_ALERT_LABELS[kind]}
            </label>
          ))}
        </fieldset>
      </section>
    </Card>
  );
}
