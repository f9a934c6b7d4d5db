/**
 * What the shop says about colour lithophanes (issue 22) on its FAQ and care pages: what a colour
 * panel is, what it needs (a multi-material printer, two more production days) and how to look
 * after it. The figures come from the shared constants, so the pages and the delivery dates agree.
 */
import { COLOUR_EXTRA_PRODUCTION_DAYS } from "./delivery-dates";
import { PRODUCTION_DAYS_FAQ } from "./shipping";

/** "5-7" plus 2 -> "7-9": a day range as the pages print it, moved by `days`. */
export function shiftDayRange(range: string, days: number): string {
  return range
    .split("-")
    .map((part) => String(Number(part) + days))
    .join("-");
}

/** Production of a colour panel as the FAQ states it (the FAQ's 5-7 business days, plus 2). */
export const COLOUR_PRODUCTION_DAYS_FAQ = shiftDayRange(PRODUCTION_DAYS_FAQ, COLOUR_EXTRA_PRODUCTION_DAYS);

export const COLOUR_TEXTS = {
  /** The creator's 3D preview of a colour panel (lazy: kept out of the first load's messages). */
  preview: {
    intro:
      "Your colour panel as we will print it: a white relief behind thin cyan, magenta and yellow layers, glowing in its lightbox. Drag to turn it.",
    gamutInside: "Every colour of this photo is one the panel can show.",
    gamutOutside: (percent: number): string =>
      `About ${percent}% of this photo is brighter or more saturated than a colour panel can show: those areas glow in the nearest colour it can make.`,
    gamutHighlight: "Highlight them",
    gamutHighlightHint: "Highlighted areas are hatched in green.",
  },
  faq: {
    question: "Can my lithophane be in colour?",
    answer: [
      "Yes. A colour lithophane has a white relief that carries your photo's light and shade, with thin cyan, magenta and yellow layers in front of it: lit from behind, your photo glows in colour. Choose Colour at the Processing step; the 3D preview shows the panel as it will glow, and tells you honestly if some of your photo's colours are brighter or more saturated than a printed panel can show (you can highlight those areas).",
      `Colour panels are printed on a multi-material printer that changes between four filaments layer by layer, which takes longer: production is ${COLOUR_PRODUCTION_DAYS_FAQ} business days instead of ${PRODUCTION_DAYS_FAQ} (${COLOUR_EXTRA_PRODUCTION_DAYS} more), and the delivery dates at checkout include them.`,
    ],
    productionNote: `Colour panels take ${COLOUR_EXTRA_PRODUCTION_DAYS} business days more (${COLOUR_PRODUCTION_DAYS_FAQ}), as they are printed on a multi-material printer in four filaments.`,
  },
  care: {
    title: "Colour panels",
    points: [
      "A colour panel is printed in four filaments on a multi-material printer: the colours sit in thin layers at its front face. Clean it like any panel, with a soft, dry cloth and never a solvent.",
      "Keep it out of direct sunlight: strong sunlight fades coloured filament over the months, yellow first, and the picture shifts towards blue.",
      "Its colours are made for the lightbox's own white LEDs. A warm, cool or coloured light behind it changes every colour of the picture.",
      `Because it is printed in four filaments, a colour panel takes ${COLOUR_EXTRA_PRODUCTION_DAYS} business days longer to make (${COLOUR_PRODUCTION_DAYS_FAQ} rather than ${PRODUCTION_DAYS_FAQ}); a replacement panel takes as long.`,
    ],
  },
} as const;
