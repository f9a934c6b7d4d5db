import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { type CreatorOption, isSelectable } from "@shared/options";
import { cn } from "@web/components/ui/cn";
import { type ReactNode, useId, useRef } from "react";
import { useCurrency } from "../currency";

interface OptionRadioGroupProps {
  legend: string;
  options: readonly CreatorOption[];
  selectedId: string | null;
  /** `viaPointer` is true for a click or tap; keyboard choices do not move the wizard on. */
  onSelect: (option: CreatorOption, viaPointer: boolean) => void;
  /** A visual before the name, e.g. a colour swatch. */
  renderVisual?: (option: CreatorOption) => ReactNode;
  columns?: 2 | 3;
}

/**
 * One creator step's options as a native radio group (arrow keys move between enabled
 * options). Coming-soon options are dimmed, marked '(Coming Soon)' and cannot be chosen.
 */
export function OptionRadioGroup({
  legend,
  options,
  selectedId,
  onSelect,
  renderVisual,
  columns = 2,
}: OptionRadioGroupProps) {
  const name = useId();
  const { formatPrice } = useCurrency();
  const pointer = useRef(false);
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className={cn("grid gap-3", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => {
          const selectable = isSelectable(option);
          const checked = option.id === selectedId;
          const descriptionId = `${name}-${option.id}-description`;
          return (
            <label
              key={option.id}
              onPointerDown={() => {
                pointer.current = true;
              }}
              className={cn(
                "relative flex min-h-16 gap-3 rounded-xl border-2 p-4 transition-colors",
                selectable ? "cursor-pointer" : "cursor-not-allowed border-dashed bg-stone-100",
                checked
                  ? "border-glow-600 bg-glow-50"
                  : selectable
                    ? "border-stone-200 bg-white hover:border-stone-400"
                    : "border-stone-300",
                "has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-glow-600",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={checked}
                disabled={!selectable}
                aria-disabled={!selectable || undefined}
                aria-describedby={option.description ? descriptionId : undefined}
                onChange={() => {
                  const viaPointer = pointer.current;
                  pointer.current = false;
                  if (selectable) onSelect(option, viaPointer);
                }}
                onKeyDown={() => {
                  pointer.current = false;
                }}
                className="mt-0.5 h-5 w-5 shrink-0 accent-glow-700 focus-visible:outline-none"
              />
              {renderVisual ? renderVisual(option) : null}
              <span className="min-w-0 flex-1">
                <span className={cn("block font-semibold", selectable ? "text-stone-900" : "text-stone-600")}>
                  {option.name}
                  {selectable ? null : (
                    <span className="font-normal"> {CREATOR_MESSAGES.creator.comingSoonSuffix}</span>
                  )}
                </span>
                {option.description ? (
                  <span id={descriptionId} className="mt-0.5 block text-sm text-stone-600">
                    {option.description}
                  </span>
                ) : null}
                {option.priceModifierPence > 0 ? (
                  <span className="mt-1 block text-sm font-medium text-stone-800">
                    + {formatPrice(option.priceModifierPence)}
                    {option.optionType === "processing" ? ` ${CREATOR_TEXTS.perPanel}` : null}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
