import { Card } from "@web/components/ui/card";
import type { ReactNode } from "react";

/** A titled card of the order page; its heading labels the section. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-xl text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-stone-700">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}
