/**
 * VAT on VAT-inclusive prices (the shop's prices always include it). The VAT in a gross
 * amount at rate r% is gross × r / (100 + r), rounded half up to the penny once per line; the
 * invoice's total VAT is the sum of its lines' VAT.
 */
import { type Pence, roundHalfUpToPence, sumPence } from "./money";

export const STANDARD_VAT_RATE_PERCENT = 20;

export function vatIncluded(grossPence: Pence, ratePercent: number): Pence {
  if (ratePercent <= 0 || grossPence === 0) return 0;
  return roundHalfUpToPence((grossPence * ratePercent) / (100 + ratePercent));
}

export interface VatLine {
  readonly grossPence: Pence;
  readonly vatPence: Pence;
  readonly netPence: Pence;
}

export function vatLines(grossPence: readonly Pence[], ratePercent: number): VatLine[] {
  return grossPence.map((gross) => {
    const vat = vatIncluded(gross, ratePercent);
    return { grossPence: gross, vatPence: vat, netPence: gross - vat };
  });
}

export function totalVat(lines: readonly VatLine[]): Pence {
  return sumPence(lines.map((l) => l.vatPence));
}

/** "2026-Q1" -> the quarter's first day and the next quarter's first day (UTC dates). */
export function quarterRange(quarter: string): { from: Date; to: Date } | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) return null;
  const year = Number(m[1]);
  const q = Number(m[2]);
  return { from: new Date(Date.UTC(year, (q - 1) * 3, 1)), to: new Date(Date.UTC(year, q * 3, 1)) };
}
