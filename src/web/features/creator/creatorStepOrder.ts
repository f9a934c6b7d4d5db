import { CREATOR_STEPS, type CreatorStep, stepIndex } from "@shared/creator";

/** The step after this one; none after the last. */
export function nextStep(step: CreatorStep): CreatorStep | undefined {
  return CREATOR_STEPS[stepIndex(step) + 1];
}
