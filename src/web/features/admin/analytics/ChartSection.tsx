import { Card } from "@web/components/ui/card";
import type { ReactNode } from "react";

/** A chart with its numbers as a table beside it (for screen readers and anyone who prefers numbers). */
export function ChartSection({
  id,
  title,
  summary,
  table,
  note,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  table: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl text-stone-900">
          {title}
        </h2>
        {note ? <p className="mt-1 text-sm text-stone-700">{note}</p> : null}
        <figure className="mt-3">
          <div role="img" aria-label={`${title}. ${summary}`}>
            {children}
          </div>
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-stone-900 underline">
            Show the numbers as a table
          </summary>
          {table}
        </details>
      </section>
    </Card>
  );
}
