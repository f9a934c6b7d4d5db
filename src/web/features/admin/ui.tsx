/**
 * Small building blocks shared by the admin screens: page heading, loading and error states,
 * stat cards, table shells, pagination, status badges and a confirmation dialog.
 */
import { capitaliseStatus } from "@shared/orders";
import { adminDocumentTitle } from "@shared/titles";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Dialog } from "@web/components/ui/dialog";
import { format } from "date-fns";
import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";

export function useAdminTitle(section: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = adminDocumentTitle(section);
    return () => {
      document.title = previous;
    };
  }, [section]);
}

export function AdminHeading({
  title,
  intro,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl text-stone-900 md:text-4xl">{title}</h1>
        {intro ? <p className="mt-2 max-w-3xl text-stone-700">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p role="status" className="py-10 text-center text-stone-600">
      {label}
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <Card role="alert" className="border-red-200 bg-red-50 text-red-900">
      <p className="font-medium">We couldn't load this just now.</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={cn(buttonClasses("outline", "sm"), "mt-3")}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
        </button>
      ) : null}
    </Card>
  );
}

export function StatCard({
  label,
  value,
  hint,
  tone = "default",
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: "default" | "test";
}) {
  return (
    <Card className={cn("p-5", tone === "test" && "border-dashed border-orange-300 bg-orange-50")}>
      <p className="text-sm font-medium text-stone-700">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">{value}</p>
      {hint ? <p className="mt-1 text-sm text-stone-700">{hint}</p> : null}
    </Card>
  );
}

/** A horizontally scrollable, labelled table container (keyboard users can scroll it too). */
export function TableShell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm",
        className,
      )}
    >
      {children}
    </section>
  );
}

/** One column heading of an AdminTable: a plain label, or a label with alignment or extra classes. */
export type AdminColumn =
  | string
  | {
      readonly key: string;
      readonly label: ReactNode;
      readonly align?: "right";
      readonly className?: string;
    };

/**
 * The admin's list table: a labelled scrollable shell, a screen-reader caption, the column
 * headings and the body rows. `empty` is shown as one full-width row (the caller decides when).
 */
export function AdminTable({
  label,
  caption,
  minWidth,
  columns,
  empty,
  children,
  className,
  stackOnPhones = false,
}: {
  /** Classes for the scrolling shell (e.g. "hidden md:block" where a phone shows cards instead). */
  className?: string;
  /**
   * Below md the rows stack as cards (the headings stay for screen readers); each row lays out its
   * own cells with `max-md:` classes, and minWidth is given from md up ("md:min-w-[980px]").
   */
  stackOnPhones?: boolean;
  label: string;
  caption: string;
  /** A Tailwind min-width class such as "min-w-[820px]", so narrow screens scroll. */
  minWidth: string;
  columns: readonly AdminColumn[];
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableShell label={label} className={className}>
      <table className={cn("w-full", minWidth, stackOnPhones && "max-md:block")}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn("bg-stone-50", stackOnPhones && "max-md:sr-only")}>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col" className={th}>
                  {column}
                </th>
              ) : (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(th, column.align === "right" && "text-right", column.className)}
                >
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={cn("divide-y divide-stone-100", stackOnPhones && "max-md:block")}>
          {empty ? (
            <tr>
              <td colSpan={columns.length} className={`${td} py-8 text-center text-stone-700`}>
                {empty}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </TableShell>
  );
}

export const th =
  "px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-stone-700 whitespace-nowrap";
export const td = "px-3 py-2.5 align-top text-sm text-stone-800";
/** A row of a table that stacks on phones (AdminTable stackOnPhones): a card of wrapping cells. */
export const phoneRow =
  "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:p-4";
/** A cell of such a card: no table padding, its place set by the row's flex order. */
export const phoneCell = "max-md:block max-md:p-0";

export function statusTone(status: string) {
  const s = status.toLowerCase();
  if (s === "delivered") return "success" as const;
  if (s === "cancelled" || s === "refunded") return "danger" as const;
  if (s === "pending") return "warning" as const;
  if (s === "dispatched" || s === "in_transit") return "neutral" as const;
  return "glow" as const;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{capitaliseStatus(status)}</Badge>;
}

export function TestBadge() {
  return (
    <Badge tone="warning" className="whitespace-nowrap">
      TEST
    </Badge>
  );
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return format(new Date(iso), "d MMM yyyy, HH:mm");
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return "—";
  return format(new Date(iso), "d MMM yyyy");
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700" aria-live="polite">
        {total === 0 ? "Nothing found" : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </Button>
        <span className="text-sm text-stone-700">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}

/** A dialog that asks before a change; the confirm button shows progress and stays disabled meanwhile. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
  children,
  confirmDisabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
  confirmDisabled?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant={destructive ? "destructive" : "primary"}
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
        >
          {pending ? "Working..." : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** Native select styled like the shop's inputs, with a visible label. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  // An explicit label: wrapped, the select's name would run on into its options' text (issue 30).
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1 text-sm font-medium text-stone-800", className)}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900"
      >
        {children}
      </select>
    </div>
  );
}

export function FilterInput({
  label,
  value,
  onChange,
  type = "text",
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date" | "search" | "number";
  placeholder?: string;
  className?: string;
}) {
  return (
    <label className={cn("flex flex-col gap-1 text-sm font-medium text-stone-800", className)}>
      {label}
      <input
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500"
      />
    </label>
  );
}
