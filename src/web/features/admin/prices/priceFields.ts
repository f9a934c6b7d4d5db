import { formatMinorUnitsAsDecimal, poundsToPence } from "@shared/money";

/** "54.50" -> 5450; blank -> null; anything else NaN (refused before sending). */
export function penceOf(text: string): number | null {
  const trimmed = text.trim().replace(/^£/, "");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? poundsToPence(value) : Number.NaN;
}

export const pounds = (pence: number | null) => (pence == null ? "" : formatMinorUnitsAsDecimal(pence));
