/**
 * GET /api/rates -> { success, rates, timestamp, source }: units of each currency per 1 GBP
 * (GBP is 1). `source: "fallback"` (with `success: false`) means the server could not use a
 * live source and answers the spec's fixed rates; the answer is usable either way.
 */
import type { ExchangeRates } from "@shared/currency";
import { readJson } from "./http";

export interface RatesAnswer {
  readonly success: boolean;
  readonly rates: ExchangeRates;
  /** When the server fetched these rates (ms since epoch). */
  readonly timestamp: number;
  readonly source: "live" | "fallback";
}

/** Throws ApiRequestError (or a network TypeError) when the server cannot be reached. */
export async function fetchRates(): Promise<RatesAnswer> {
  // A plain fetch (not the RPC client): the rates are read in the shop's first load.
  return readJson<RatesAnswer>(
    fetch("/api/rates", { credentials: "same-origin", headers: { Accept: "application/json" } }),
  );
}
