import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { cn } from "@web/components/ui/cn";
import { Check, Lock } from "lucide-react";
import { type ReactNode, useId } from "react";

/** One numbered step of the lamp creator: its title, and its content once the step before is done. */
export function LampStepSection({
  number,
  title,
  summary,
  open,
  done,
  children,
}: {
  number: number;
  title: string;
  /** What was chosen, under the title. */
  summary?: string | null;
  open: boolean;
  done: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "rounded-2xl border bg-white p-5 shadow-sm",
        open ? "border-stone-300" : "border-stone-200 bg-stone-50",
      )}
    >
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className={cn(
            "flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 font-sans text-sm font-semibold",
            done ? "border-glow-700 bg-glow-400 text-stone-950" : "border-stone-400 text-stone-700",
          )}
        >
          {done ? <Check className="h-4 w-4" /> : number}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-sans text-lg font-semibold text-stone-900">
            <span className="sr-only">{LAMP_TEXTS_WEB.steps.stepLabel(number)}</span>
            {title}
          </h2>
          {open ? (
            summary ? (
              <p className="truncate text-sm text-stone-600">{summary}</p>
            ) : null
          ) : (
            <p className="text-sm text-stone-600">{LAMP_TEXTS_WEB.steps.locked}</p>
          )}
        </div>
        {open ? null : <Lock aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-500" />}
      </div>
      {open ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}
