import { CREATOR_TEXTS } from "@shared/creator-texts";
import { useId } from "react";

/** The per-order local contrast (CLAHE) choice, under the processing options. */
export function LocalContrastToggle({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  const texts = CREATOR_TEXTS.localContrast;
  return (
    <div className="mt-4 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <label className="flex items-start gap-3 text-stone-900">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-glow-700"
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="font-medium">{texts.label}</span>
      </label>
      <p id={hintId} className="mt-1 pl-8 text-sm text-stone-600">
        {texts.hint}
      </p>
    </div>
  );
}
