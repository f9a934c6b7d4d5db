/**
 * GET /api/rates -> RatesAnswer (@shared/currency): units of each currency per 1 GBP (GBP is
 * 1). `source: "fallback"` (with `success: false`) means the server could not use a live
 * source and answers the spec's fixed rates; the answer is usable either way.
 */
export type { RatesAnswer } from "@shared/currency";
export { fetchRates } from "./first-load";
