import {
  CREATOR_STEP_LABELS,
  type CreatorState,
  type CreatorStep,
  isStepDone,
  isStepOpen,
} from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import {
  AccordionContent,
  AccordionHeader,
  AccordionItem,
  AccordionTrigger,
} from "@web/components/ui/accordion";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Check, ChevronDown, Lock } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { nextStep } from "./creatorStepOrder";
import { STEP_TITLES } from "./creatorStepTitles";

/** One of the creator's six steps: its numbered title with the choice made (or a lock), its controls, and Continue. */
export function CreatorStepItem({
  step,
  index,
  state,
  expanded,
  summary,
  triggers,
  onContinue,
  children,
}: {
  step: CreatorStep;
  index: number;
  state: CreatorState;
  expanded: boolean;
  summary: string | null;
  /** Each step's title button, kept so a step can take the focus when it opens. */
  triggers: RefObject<Partial<Record<CreatorStep, HTMLButtonElement | null>>>;
  /** Opens the next step, the focus moved to its title. */
  onContinue: (step: CreatorStep, moveFocus: boolean) => void;
  children: ReactNode;
}) {
  // The earlier steps are done: this one can be opened.
  const open = isStepOpen(state, step);
  const done = isStepDone(state, step);
  const next = nextStep(step);
  return (
    <AccordionItem
      value={step}
      disabled={!open}
      className={cn(
        "overflow-hidden rounded-2xl border bg-white shadow-sm",
        expanded ? "border-stone-400" : "border-stone-200",
      )}
    >
      <AccordionHeader
        render={(headerProps) => (
          <h2 {...headerProps}>
            <AccordionTrigger
              ref={(el) => {
                triggers.current[step] = el;
              }}
              className="group flex w-full items-center gap-4 px-5 py-4 text-left disabled:cursor-not-allowed"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 font-sans text-sm font-semibold",
                  done ? "border-glow-700 bg-glow-400 text-stone-950" : "border-stone-400 text-stone-700",
                )}
              >
                {done ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-sans text-lg font-semibold text-stone-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {STEP_TITLES[step]}
                </span>
                <span className="block truncate font-sans text-sm font-normal text-stone-600">
                  {open
                    ? (summary ?? CREATOR_MESSAGES.creator.notSelected)
                    : "Complete the previous step first"}
                </span>
              </span>
              {open ? (
                <ChevronDown
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 text-stone-600 transition-transform group-data-[state=open]:rotate-180"
                />
              ) : (
                <Lock aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-500" />
              )}
            </AccordionTrigger>
          </h2>
        )}
      />
      <AccordionContent className="border-t border-stone-200 px-5 py-5">
        {children}
        {done && next ? (
          <div className="mt-4 flex justify-end">
            <Button variant="outline" size="sm" onClick={() => onContinue(step, true)}>
              Continue to {CREATOR_STEP_LABELS[next]}
            </Button>
          </div>
        ) : null}
      </AccordionContent>
    </AccordionItem>
  );
}
