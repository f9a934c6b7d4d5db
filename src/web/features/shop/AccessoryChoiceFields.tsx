import {
  type AccessoryChoiceKind,
  type AccessoryChoices,
  accessoryChoiceKinds,
  ACCESSORY_CHOICE_TEXTS as T,
} from "@shared/accessory-choices";
import { sizeIdText } from "@shared/order-line";
import { cn } from "@web/components/ui/cn";
import { SelectField } from "@web/components/ui/field";
import { lazy, Suspense, useId } from "react";
import { useSoldChoices } from "./useSoldChoices";

// The upload control brings the creator's photo pipeline: loaded only for Photo Restoration.
const RestorationPhotoField = lazy(() =>
  import("./RestorationPhotoField").then((m) => ({ default: m.RestorationPhotoField })),
);

interface Props {
  productId: string;
  choices: AccessoryChoices;
  onChange: (next: AccessoryChoices) => void;
  /** The choice Add to Cart last refused, shown beside its field. */
  error: { field: AccessoryChoiceKind; message: string } | null;
}

/**
 * A made-to-order accessory's choices in its details dialog (issue 30 item 14): the frame
 * colours and sizes the shop sells, or the photo to restore (uploaded as in the creator).
 */
export function AccessoryChoiceFields({ productId, choices, onChange, error }: Props) {
  const kinds = accessoryChoiceKinds(productId);
  const { frameColours, sizes } = useSoldChoices();
  const name = useId();
  const errorOf = (field: AccessoryChoiceKind) => (error?.field === field ? error.message : undefined);
  if (kinds.length === 0) return null;
  return (
    <section className="mt-5 space-y-4 border-t border-stone-200 pt-5">
      {kinds.includes("frameColour") ? (
        <fieldset aria-describedby={errorOf("frameColour") ? `${name}-colour-error` : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            {T.frameColour}
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          </legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {frameColours.map((colour) => (
              <label
                key={colour.id}
                className={cn(
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-2 text-sm text-stone-900",
                  "has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-glow-600",
                  choices.frameColorId === colour.id ? "border-glow-600 bg-glow-50" : "border-stone-200",
                )}
              >
                <input
                  type="radio"
                  name={`${name}-colour`}
                  value={colour.id}
                  checked={choices.frameColorId === colour.id}
                  onChange={() => onChange({ ...choices, frameColorId: colour.id })}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 rounded-full border border-stone-400"
                  style={{ backgroundColor: colour.hexColor ?? undefined }}
                />
                {colour.name}
              </label>
            ))}
          </div>
          {errorOf("frameColour") ? (
            <p id={`${name}-colour-error`} className="mt-1 text-sm font-medium text-red-700">
              {errorOf("frameColour")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {kinds.includes("size") ? (
        <SelectField
          label={T.size}
          required
          error={errorOf("size")}
          value={choices.sizeId ?? ""}
          onChange={(event) => onChange({ ...choices, sizeId: event.target.value || undefined })}
        >
          <option value="">{T.chooseSize}</option>
          {sizes.map((size) => (
            <option key={size.id} value={size.id}>
              {sizeIdText(size.id) ?? size.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kinds.includes("photo") ? (
        <Suspense fallback={<p className="text-sm text-stone-600">Loading...</p>}>
          <RestorationPhotoField choices={choices} onChange={onChange} error={errorOf("photo")} />
        </Suspense>
      ) : null}
    </section>
  );
}
