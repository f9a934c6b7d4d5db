import { cn } from "@web/components/ui/cn";
import type { ReactNode } from "react";

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
