/**
 * Production estimates (issue 19 item 5): PrusaSlicer slices each print file in the background and
 * its G-code states the print time and the filament used. These are the pure parts: reading those
 * figures from the G-code's comments, and summing an order's panels.
 */
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";

/** Print time and material of one sliced file. */
export interface GcodeEstimate {
  printSeconds: number;
  filamentGrams: number;
}

/** "1d 2h 3m 4s", "2h 1m 34s", "45m 3s", "34s" -> seconds; null if it is none of these. */
export function parseSlicerDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+d\s*)?(\d+h\s*)?(\d+m\s*)?(\d+s)?$/.test(trimmed) || trimmed === "") return null;
  const unit = (letter: string): number => Number(new RegExp(`(\\d+)${letter}`).exec(trimmed)?.[1] ?? 0);
  return unit("d") * 86_400 + unit("h") * 3600 + unit("m") * 60 + unit("s");
}

/**
 * The print time (normal mode) and the filament grams from PrusaSlicer's G-code comments:
 *   ; estimated printing time (normal mode) = 2h 1m 34s
 *   ; total filament used [g] = 10.49        (or, per extruder: ; filament used [g] = 10.49, 2.1)
 * Null when either is missing (not PrusaSlicer's G-code, or a cut-off file).
 */
export function parseGcodeEstimate(gcode: string): GcodeEstimate | null {
  const time = /^; estimated printing time \(normal mode\) = (.+)$/m.exec(gcode);
  const printSeconds = time ? parseSlicerDuration(time[1]!) : null;
  const total = /^; total filament used \[g\] = ([\d.]+)\s*$/m.exec(gcode);
  let filamentGrams: number | null = total ? Number(total[1]) : null;
  if (filamentGrams === null) {
    const perExtruder = /^; filament used \[g\] = (.+)$/m.exec(gcode);
    if (perExtruder) {
      const parts = perExtruder[1]!.split(",").map((part) => Number(part.trim()));
      filamentGrams = parts.every(Number.isFinite) ? parts.reduce((a, b) => a + b, 0) : null;
    }
  }
  if (printSeconds === null || filamentGrams === null || !Number.isFinite(filamentGrams)) return null;
  return { printSeconds, filamentGrams };
}

/**
 * Grams per filament from PrusaSlicer's "; filament used [g] = 1.2, 0.4, 3.1, 0.0" (extruder
 * order: a colour panel's four spools); null when absent or unreadable.
 */
export function parseGramsPerExtruder(gcode: string): number[] | null {
  const line = /^; filament used \[g\] = (.+)$/m.exec(gcode);
  if (!line) return null;
  const parts = line[1]!.split(",").map((part) => Number(part.trim()));
  return parts.length > 0 && parts.every(Number.isFinite)
    ? parts.map((g) => Math.round(g * 100) / 100)
    : null;
}

/** A print job's estimate as stored: null until its file is made and queued for slicing. */
export type EstimateStatus = "pending" | "running" | "done" | "unavailable" | "failed";

export interface PanelEstimateRow {
  /** The print job's own status (pending | running | done | failed). */
  jobStatus: string;
  estimateStatus: string | null;
  printSeconds: number | null;
  filamentGrams: number | null;
}

/**
 * An order's estimate: "done" once every panel is estimated (the sums are the order's); "pending"
 * while a file is being made or sliced; "unavailable" when no slicer could estimate a panel (or the
 * order has no print files). The sums cover the panels estimated so far.
 */
export interface OrderEstimate {
  state: "done" | "pending" | "unavailable";
  printSeconds: number;
  filamentGrams: number;
  panels: number;
  estimatedPanels: number;
}

export function summariseEstimates(rows: readonly PanelEstimateRow[]): OrderEstimate {
  let printSeconds = 0;
  let filamentGrams = 0;
  let estimatedPanels = 0;
  let waiting = 0;
  for (const row of rows) {
    if (row.estimateStatus === "done" && row.printSeconds !== null && row.filamentGrams !== null) {
      printSeconds += row.printSeconds;
      filamentGrams += row.filamentGrams;
      estimatedPanels++;
    } else if (
      row.jobStatus === "pending" ||
      row.jobStatus === "running" ||
      (row.jobStatus === "done" &&
        (row.estimateStatus === null || row.estimateStatus === "pending" || row.estimateStatus === "running"))
    ) {
      waiting++;
    }
  }
  const panels = rows.length;
  const state = panels > 0 && estimatedPanels === panels ? "done" : waiting > 0 ? "pending" : "unavailable";
  return { state, printSeconds, filamentGrams, panels, estimatedPanels };
}

/** "11.5 h · 66 g", "estimating…" or "not available" (the admin's order page, list and dashboard). */
export function estimateText(estimate: OrderEstimate | null): string {
  const E = ADMIN_MESSAGE_TEXTS.estimates;
  if (!estimate || estimate.state === "unavailable") return E.notAvailable;
  if (estimate.state === "pending") return E.pending;
  return E.perPanel(E.hours(estimate.printSeconds), E.grams(estimate.filamentGrams));
}
