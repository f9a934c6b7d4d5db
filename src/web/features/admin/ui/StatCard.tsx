import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import type { ReactNode } from "react";

/** One figure of the dashboard with its label. */
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
