import { COLOUR_TEXTS } from "@shared/colour-texts";
import { Palette } from "lucide-react";

/** Below this share the note says every colour fits (a few stray pixels are not worth a warning). */
const GAMUT_NOTE_MIN = 0.005;

/** The honest note under a colour panel: how much of the photo it cannot show, and a toggle to see where. */
export function GamutNote({
  fraction,
  highlight,
  onHighlight,
}: {
  fraction: number;
  highlight: boolean;
  onHighlight: (on: boolean) => void;
}) {
  const texts = COLOUR_TEXTS.preview;
  if (fraction < GAMUT_NOTE_MIN) {
    return (
      <p className="mx-auto mt-3 flex max-w-sm gap-2 text-sm text-stone-700" data-testid="gamut-note">
        <Palette aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {texts.gamutInside}
      </p>
    );
  }
  const percent = Math.max(1, Math.round(fraction * 100));
  return (
    <div
      className="mx-auto mt-3 max-w-sm rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-stone-800"
      data-testid="gamut-note"
    >
      <p className="flex gap-2">
        <Palette aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        <span>{texts.gamutOutside(percent)}</span>
      </p>
      <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          checked={highlight}
          onChange={(event) => onHighlight(event.target.checked)}
          className="h-5 w-5 accent-stone-900"
        />
        {texts.gamutHighlight}
      </label>
      {highlight ? <p className="text-xs text-stone-600">{texts.gamutHighlightHint}</p> : null}
    </div>
  );
}
