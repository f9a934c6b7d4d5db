import { ADMIN_SETTINGS_TEXTS, adminSettingsPath } from "@shared/admin-settings";
import {
  contactSubjectLabel,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageStatus,
} from "@shared/inbox";
import { CONTACT_SUBJECTS } from "@shared/schemas";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { type InboxFilters, messagesQuery } from "@web/features/admin/api";
import { useState } from "react";
import {
  AdminHeading,
  FilterInput,
  FilterSelect,
  formatDateTime,
  LoadError,
  Loading,
  useAdminTitle,
} from "../ui";

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
      <Card className="mt-8 flex flex-wrap items-center justify-between gap-3 p-5">
        <p className="text-sm text-stone-700">{ADMIN_SETTINGS_TEXTS.movedToSettings}</p>
        <Link
          to={adminSettingsPath("alerts")}
          className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-900 hover:bg-stone-100"
        >
          {ADMIN_SETTINGS_TEXTS.openSettings}
        </Link>
      </Card>
    </>
  );
}
