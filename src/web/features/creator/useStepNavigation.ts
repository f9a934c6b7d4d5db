import type { CreatorStep } from "@shared/creator";
import { useCallback, useEffect, useRef, useState } from "react";
import { nextStep } from "./creatorStepOrder";

/**
 * Which creator step is open, and the move to the next one: completing a step opens the next; a
 * pointer choice also moves the focus to its title once it can take it.
 */
export function useStepNavigation() {
  const [expanded, setExpanded] = useState<string>("upload");
  const triggers = useRef<Partial<Record<CreatorStep, HTMLButtonElement | null>>>({});
  // The step whose trigger takes the focus once it is rendered open (no longer disabled): a
  // finished upload or a choice re-renders the steps first, and the control that had the focus
  // (the file input, a radio) may be gone by then.
  const focusStep = useRef<CreatorStep | null>(null);
  const [, setFocusRequest] = useState(0);
  useEffect(() => {
    const step = focusStep.current;
    const trigger = step ? triggers.current[step] : null;
    if (!trigger || trigger.disabled) return;
    focusStep.current = null;
    // focus() alone scrolls only when the title is off screen, ignoring the sticky header (a
    // title under it counts as shown); scrollIntoView keeps the page's scroll-padding clear of it.
    // A frame later: the step just closed is unmounted only after this render (Radix Presence).
    trigger.focus({ preventScroll: true });
    requestAnimationFrame(() => trigger.scrollIntoView({ block: "nearest" }));
  });

  /** Completing a step opens the next; a pointer choice also moves focus there. */
  const advanceFrom = useCallback((step: CreatorStep, moveFocus: boolean) => {
    const next = nextStep(step);
    if (!next) return;
    setExpanded(next);
    if (moveFocus) {
      focusStep.current = next;
      setFocusRequest((n) => n + 1);
    }
  }, []);

  return { expanded, setExpanded, triggers, advanceFrom };
}
