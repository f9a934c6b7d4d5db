import { CREATOR_STEP_LABELS, CREATOR_STEPS } from "@shared/creator";
import { cn } from "@web/components/ui/cn";

/** Six numbered dots (Upload … Bundle), filled by the number of completed steps. */
export function ProgressDots({ completed }: { completed: number }) {
  return (
    <ol
      aria-label={`Progress: ${completed} of ${CREATOR_STEPS.length} steps completed`}
      className="flex items-start"
    >
      {CREATOR_STEPS.map((step, index) => {
        const filled = index < completed;
        return (
          <li key={step} className="relative flex flex-1 flex-col items-center gap-1.5 text-center">
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute right-1/2 top-4 z-0 h-0.5 w-full -translate-y-1/2",
                  index < completed ? "bg-glow-600" : "bg-stone-300",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              data-filled={filled}
              className={cn(
                "relative z-10 flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                filled
                  ? "border-glow-700 bg-glow-400 text-stone-950"
                  : "border-stone-400 bg-white text-stone-700",
              )}
            >
              {index + 1}
            </span>
            <span className={cn("text-xs font-medium", filled ? "text-stone-900" : "text-stone-600")}>
              {CREATOR_STEP_LABELS[step]}
              <span className="sr-only">{filled ? ", completed" : ", not completed"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
