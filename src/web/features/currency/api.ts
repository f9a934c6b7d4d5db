/**
 * GET /api/rates -> RatesAnswer (@shared/currency): units of each currency per 1 GBP (GBP is
 * 1). `source: "fallback"` (with `success: false`) means the server could not use a live
 * source and answers the spec's fixed rates; the answer is usable either way. Asked for by the
 * first load without the RPC client (lib/http/get-json.ts).
 */
import type { RatesAnswer } from "@shared/currency";
import { getJson } from "@web/lib/http/get-json";

export type { RatesAnswer };

/** Throws ApiRequestError (or a network TypeError) when the server cannot be reached. */
export const fetchRates = () => getJson<RatesAnswer>("/rates");
