export type MfaSetupStep = "intro" | "qr" | "verify";

const STEPS: ReadonlyArray<{ id: MfaSetupStep; label: string }> = [
  { id: "intro", label: "Confirm" },
  { id: "qr", label: "Scan" },
  { id: "verify", label: "Verify" },
];

/** "Step 2 of 3: Scan" under the MFA set-up's title. */
export function StepIndicator({ step }: { step: MfaSetupStep }) {
  const index = STEPS.findIndex((s) => s.id === step);
  return (
    <span className="mt-1 block text-sm text-stone-600">
      Step {index + 1} of {STEPS.length}: {STEPS[index]?.label}
    </span>
  );
}
