/**
 * GET /api/rates -> RatesAnswer (@shared/currency): units of each currency per 1 GBP (GBP is
 * 1). `source: "fallback"` (with `success: false`) means the server could not use a live
 * source and answers the spec's fixed rates; the answer is usable either way.
 */
import { api, ok } from "./client";

export type { RatesAnswer } from "@shared/currency";

/** Throws ApiRequestError (or a network TypeError) when the server cannot be reached. */
export function fetchRates() {
  return ok(api.rates.$get());
}
