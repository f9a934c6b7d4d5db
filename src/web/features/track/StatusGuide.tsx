import { TRACKING_STAGES } from "@shared/orders";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import type { TrackedOrder } from "@web/features/track/api";
import { Check, PackageCheck, PackageOpen, Truck, Wrench } from "lucide-react";

const STAGE_ICONS = {
  processing: Wrench,
  dispatched: PackageOpen,
  in_transit: Truck,
  delivered: PackageCheck,
} as const;

/** What each stage of an order means, with its icon. */
export function StatusGuide({ order }: { order: TrackedOrder | null }) {
  const reached = order?.stage ? TRACKING_STAGES.findIndex((s) => s.id === order.stage) : -1;
  return (
    <Card className="p-6 md:p-8">
      <h2 className="text-xl text-stone-900">{order ? "Where your order is" : "How tracking works"}</h2>
      <ol className="mt-4 space-y-4" data-testid="track-guide">
        {TRACKING_STAGES.map((stage, index) => {
          const Icon = STAGE_ICONS[stage.id];
          const done = index <= reached;
          const current = index === reached;
          return (
            <li key={stage.id} className="flex gap-4" aria-current={current ? "step" : undefined}>
              <span
                className={cn(
                  "flex h-10 w-10 shrink-0 items-center justify-center rounded-full border",
                  done
                    ? "border-glow-500 bg-glow-400 text-stone-950"
                    : "border-stone-300 bg-white text-stone-500",
                )}
              >
                {done && !current ? (
                  <Check aria-hidden="true" className="h-5 w-5" />
                ) : (
                  <Icon aria-hidden="true" className="h-5 w-5" />
                )}
              </span>
              <div>
                <p className={cn("font-semibold", done ? "text-stone-900" : "text-stone-700")}>
                  {stage.label}
                  {current ? <span className="sr-only"> (current)</span> : null}
                </p>
                <p className="text-sm text-stone-700">{stage.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
