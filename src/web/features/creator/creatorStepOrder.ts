import { CREATOR_STEPS, type CreatorStep, stepIndex } from "@shared/creator";

export function nextStep(step: CreatorStep): CreatorStep | undefined {
  return CREATOR_STEPS[stepIndex(step) + 1];
}
