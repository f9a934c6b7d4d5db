/**
 * Exchange rates per 1 GBP from a public source (RATES_URL, default open.er-api.com), cached
 * for 4 hours. When the source fails, times out or answers nonsense, the spec's fixed rates
 * are served instead; a failure is remembered for a few minutes so visitors never wait on a
 * source that is down.
 */
import {
  type ExchangeRates,
  FALLBACK_RATES,
  parseRates,
  RATES_CACHE_MS,
  type RatesAnswer,
} from "@shared/currency";
import { MESSAGES } from "@shared/messages";
import type { Logger } from "../lib/logger.js";

export const DEFAULT_RATES_URL = "https://open.er-api.com/v6/latest/GBP";
export const RATES_FETCH_TIMEOUT_MS = 3000;
/** After a failed fetch, the fallback is served this long before the source is asked again. */
export const RATES_RETRY_MS = 5 * 60 * 1000;
const MAX_RESPONSE_BYTES = 256 * 1024;

export type { RatesAnswer };

export interface RatesService {
  getRates(): Promise<RatesAnswer>;
}

export interface RatesServiceOptions {
  url?: string | undefined;
  log?: Pick<Logger, "warn" | "info">;
  timeoutMs?: number;
  cacheMs?: number;
  retryMs?: number;
  now?: () => number;
}

class RatesSourceError extends Error {}

/** The spec's wording, with what was wrong, for the log. */
function invalidResponse(detail: string): RatesSourceError {
  return new RatesSourceError(`${MESSAGES.currency.invalidRatesResponse}: ${detail}`);
}

/**
 * Reads the rates out of a source's answer. Accepts the open.er-api.com shape
 * ({result: "success", base_code: "GBP", rates}) and the common {base: "GBP", rates} shape;
 * anything else, another base, or implausible rates are refused.
 */
export function ratesFromSourceBody(body: unknown): ExchangeRates {
  if (typeof body !== "object" || body === null) throw invalidResponse("not an object");
  const record = body as Record<string, unknown>;
  if (record.result !== undefined && record.result !== "success")
    throw invalidResponse("result is not success");
  const base = record.base_code ?? record.base;
  if (base !== undefined && base !== "GBP") throw invalidResponse(`base is ${String(base)}`);
  const rates = parseRates(record.rates);
  if (!rates) throw invalidResponse("implausible or missing rates");
  return rates;
}

export function createRatesService(options: RatesServiceOptions = {}): RatesService {
  const url = options.url ?? DEFAULT_RATES_URL;
  const timeoutMs = options.timeoutMs ?? RATES_FETCH_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? RATES_CACHE_MS;
  const retryMs = options.retryMs ?? RATES_RETRY_MS;
  const now = options.now ?? Date.now;

  let cached: { answer: RatesAnswer; until: number } | null = null;
  let inFlight: Promise<RatesAnswer> | null = null;

  async function fetchLive(): Promise<ExchangeRates> {
    const res = await fetch(url, {
      headers: { accept: "application/json" },
      redirect: "follow",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new RatesSourceError(`HTTP ${res.status}`);
    const declared = Number(res.headers.get("content-length"));
    if (declared > MAX_RESPONSE_BYTES) throw invalidResponse("answer too large");
    const text = await res.text();
    if (text.length > MAX_RESPONSE_BYTES) throw invalidResponse("answer too large");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidResponse("not JSON");
    }
    return ratesFromSourceBody(body);
  }

  async function refresh(): Promise<RatesAnswer> {
    try {
      const rates = await fetchLive();
      const fetchedAt = now();
      const answer: RatesAnswer = { success: true, rates, timestamp: fetchedAt, source: "live" };
      cached = { answer, until: fetchedAt + cacheMs };
      return answer;
    } catch (error) {
      options.log?.warn(
        { err: (error as Error).message, url },
        "exchange rates unavailable; using fallback rates",
      );
      const at = now();
      const answer: RatesAnswer = {
        success: false,
        rates: FALLBACK_RATES,
        timestamp: at,
        source: "fallback",
      };
      cached = { answer, until: at + retryMs };
      return answer;
    }
  }

  return {
    getRates() {
      if (cached && now() < cached.until) return Promise.resolve(cached.answer);
      // Concurrent visitors share one fetch.
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
