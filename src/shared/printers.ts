/**
 * The owner's printers (issue 48 item 3). A print project is made for a printer; a size that no
 * printer of the shop can print cannot be put on sale, and the admin says why before the owner
 * can enable it. Panels print upright (the shop's print profile): the panel's width lies along
 * the bed and its height rises from it, so the tallest printer decides the tallest panel.
 */

import { DEFAULT_PRINTER as PROJECT_DEFAULT_PRINTER, type Printer } from "@lithophane/print-project";
import { z } from "zod";

/** A printer of the shop's: the print project's printer (src/lithophane) with an id the owner names it by. */
export interface PrinterProfile extends Printer {
  readonly id: string;
}

/** The printer the print projects were made for until the owner names theirs. */
export const DEFAULT_PRINTER: PrinterProfile = { id: "default", ...PROJECT_DEFAULT_PRINTER };

export const MAX_PRINTERS = 10;

const mm = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}: enter millimetres.` })
    .min(min, `${label}: at least ${min} mm.`)
    .max(max, `${label}: at most ${max} mm.`);

export const printerSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Use lower-case letters, digits and dashes for the printer's id."),
  name: z.string().trim().min(1, "Give the printer a name.").max(80, "Keep the name under 80 characters."),
  bedWidthMm: mm("Bed width", 50, 1000),
  bedDepthMm: mm("Bed depth", 50, 1000),
  maxHeightMm: mm("Maximum height", 50, 1000),
  nozzleMm: z.coerce
    .number({ error: "Nozzle: enter millimetres." })
    .min(0.1, "Nozzle: at least 0.1 mm.")
    .max(1.2, "Nozzle: at most 1.2 mm."),
});

export const printersSchema = z
  .array(printerSchema)
  .min(1, "Keep at least one printer.")
  .max(MAX_PRINTERS, `At most ${MAX_PRINTERS} printers.`)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, "Two printers have the same id.");

/** The stored list, or the default printer when none (or nothing readable) is stored. */
export function parsePrinters(stored: unknown): PrinterProfile[] {
  const parsed = printersSchema.safeParse(stored);
  return parsed.success ? parsed.data : [DEFAULT_PRINTER];
}

/** Whether one printer can print a panel of this size upright. */
export function printerFits(printer: PrinterProfile, panel: { widthMm: number; heightMm: number }): boolean {
  return panel.heightMm <= printer.maxHeightMm && panel.widthMm <= printer.bedWidthMm;
}

/** The first printer (in the owner's order) that prints this panel, or null. */
export function printerFor(
  printers: readonly PrinterProfile[],
  panel: { widthMm: number; heightMm: number },
): PrinterProfile | null {
  return printers.find((printer) => printerFits(printer, panel)) ?? null;
}

const cm = (millimetres: number) => `${Number((millimetres / 10).toFixed(1))} cm`;

/** Why no printer prints this panel ("30 cm is taller than the 210 mm your printers can print"), or null. */
export function panelFitProblem(
  printers: readonly PrinterProfile[],
  panel: { widthMm: number; heightMm: number },
): string | null {
  if (printerFor(printers, panel)) return null;
  const tallest = Math.max(...printers.map((p) => p.maxHeightMm));
  if (panel.heightMm > tallest) return PRINTER_TEXTS.tooTall(cm(panel.heightMm), tallest);
  const widest = Math.max(...printers.map((p) => p.bedWidthMm));
  if (panel.widthMm > widest) return PRINTER_TEXTS.tooWide(cm(panel.widthMm), widest);
  // Each fits one way on some printer, but no printer fits both.
  return PRINTER_TEXTS.noPrinterFitsBoth(cm(panel.widthMm), cm(panel.heightMm));
}

export const PRINTER_TEXTS = {
  title: "Printers",
  intro:
    "The printers you print on. Every print file is made for the first printer here that can print it; a size that none can print cannot be put on sale.",
  tooTall: (height: string, tallestMm: number) =>
    `${height} is taller than the ${tallestMm} mm your printers can print`,
  tooWide: (width: string, widestMm: number) =>
    `${width} is wider than the ${widestMm} mm beds of your printers`,
  noPrinterFitsBoth: (width: string, height: string) =>
    `no printer of yours is both ${width} wide and ${height} tall`,
  cannotSell: (size: string, why: string) => `"${size}" cannot be put on sale: ${why}.`,
  cannotRemove: (size: string, why: string) =>
    `These printers would leave "${size}" on sale with no printer for it: ${why}. Take it off sale first.`,
  saved: "Printers saved. New print files are made for them.",
  saveFailed: "Could not save the printers.",
  add: "Add a printer",
  remove: "Remove",
  save: "Save printers",
  fields: {
    name: "Name",
    id: "Id",
    bedWidthMm: "Bed width (mm)",
    bedDepthMm: "Bed depth (mm)",
    maxHeightMm: "Maximum height (mm)",
    nozzleMm: "Nozzle (mm)",
  },
} as const;
