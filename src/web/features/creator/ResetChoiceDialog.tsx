import { CREATOR_STEP_LABELS, type CreatorStep } from "@shared/creator";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { Button } from "@web/components/ui/button";
import { LazyDialog } from "@web/components/ui/lazy-dialog";

/** A changed choice that would clear later steps is asked about first (issue 30): what it clears, keep or change. */
export function ResetChoiceDialog({
  pendingStep,
  resetSteps,
  additionalImages,
  onCancel,
  onConfirm,
}: {
  /** The step whose new choice waits for an answer; null: the dialog is closed. */
  pendingStep: CreatorStep | null;
  resetSteps: readonly CreatorStep[];
  additionalImages: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <LazyDialog
      open={pendingStep !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={CREATOR_TEXTS.resetConfirm.title(pendingStep ? CREATOR_STEP_LABELS[pendingStep] : "")}
      description={CREATOR_TEXTS.resetConfirm.description(
        resetSteps.map((step) => CREATOR_STEP_LABELS[step]),
        additionalImages,
      )}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {CREATOR_TEXTS.resetConfirm.cancel}
        </Button>
        <Button onClick={onConfirm}>{CREATOR_TEXTS.resetConfirm.confirm}</Button>
      </div>
    </LazyDialog>
  );
}
