import { removeFloatNoise } from "./float";

/** Prices are held in GBP; these are the currencies a visitor may view them in. */
export const CURRENCY_CODES = ["GBP", "EUR", "USD", "CAD", "AUD", "MXN", "BRL"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export type CurrencyRegion = "Europe" | "North America" | "Latin America" | "Oceania";

export interface Currency {
  readonly code: CurrencyCode;
  readonly symbol: string;
  readonly name: string;
  readonly region: CurrencyRegion;
  /** Emoji flag shown beside the code in the currency menu and prompt. */
  readonly flag: string;
}

export const DEFAULT_CURRENCY = "GBP" satisfies CurrencyCode;

export const CURRENCIES: readonly Currency[] = [
  { code: "GBP", symbol: "£", name: "British Pound", region: "Europe", flag: "🇬🇧" },
  { code: "EUR", symbol: "€", name: "Euro", region: "Europe", flag: "🇪🇺" },
  { code: "USD", symbol: "$", name: "US Dollar", region: "North America", flag: "🇺🇸" },
  { code: "CAD", symbol: "C$", name: "Canadian Dollar", region: "North America", flag: "🇨🇦" },
  { code: "MXN", symbol: "MX$", name: "Mexican Peso", region: "Latin America", flag: "🇲🇽" },
  { code: "BRL", symbol: "R$", name: "Brazilian Real", region: "Latin America", flag: "🇧🇷" },
  { code: "AUD", symbol: "A$", name: "Australian Dollar", region: "Oceania", flag: "🇦🇺" },
];

/** Units of each currency per 1 GBP. */
export type ExchangeRates = Readonly<Record<CurrencyCode, number>>;

/** GET /api/rates: units of each currency per 1 GBP, usable whatever the source. */
export interface RatesAnswer {
  /** True when the rates came from the live source; false means the spec's fallback rates. */
  success: boolean;
  rates: ExchangeRates;
  /** When these rates were fetched (ms since epoch); for the fallback, when it was chosen. */
  timestamp: number;
  source: "live" | "fallback";
}

/** Used whenever live rates are missing, stale beyond use, or the rate source answers nonsense. */
export const FALLBACK_RATES: ExchangeRates = {
  GBP: 1,
  EUR: 1.15,
  USD: 1.25,
  CAD: 1.7,
  AUD: 1.95,
  MXN: 25.5,
  BRL: 6.2,
};

/** Rates are cached in local storage (and on the server) for 4 hours and refreshed as often. */
export const RATES_CACHE_MS = 4 * 60 * 60 * 1000;
export const RATES_REFRESH_MS = RATES_CACHE_MS;

/** Local storage keys; the strings are part of the spec, so stored values survive releases. */
export const CURRENCY_STORAGE_KEYS = {
  selectedCurrency: "selectedCurrency",
  hasSeenCurrencyPrompt: "hasSeenCurrencyPrompt",
  exchangeRates: "exchangeRates",
  exchangeRatesTimestamp: "exchangeRatesTimestamp",
} as const;

const CURRENCY_BY_CODE: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.code, c]));

export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === "string" && CURRENCY_BY_CODE.has(code);
}

export function getCurrency(code: CurrencyCode): Currency {
  // Every CurrencyCode has an entry; the fallback only satisfies the type checker.
  return CURRENCY_BY_CODE.get(code) ?? CURRENCIES[0]!;
}

/** The currency's symbol, or the code itself and a space for a code we do not know. */
export function currencySymbol(code: string): string {
  return CURRENCY_BY_CODE.get(code)?.symbol ?? `${code} `;
}

export interface CurrencyRegionGroup {
  readonly region: CurrencyRegion;
  readonly currencies: readonly Currency[];
}

/** Currencies grouped by region for the dropdown, regions and currencies in CURRENCIES order. */
export function currenciesByRegion(): CurrencyRegionGroup[] {
  const groups: { region: CurrencyRegion; currencies: Currency[] }[] = [];
  for (const currency of CURRENCIES) {
    const group = groups.find((g) => g.region === currency.region);
    if (group) group.currencies.push(currency);
    else groups.push({ region: currency.region, currencies: [currency] });
  }
  return groups;
}

/**
 * Converts a GBP price to the target currency's minor units.
 *
 * GBP is returned unchanged. Any other currency is rounded UP to a "nice" price:
 * with the converted amount split into whole units and a fraction (in minor units),
 *  - fraction .00 to .49 (inclusive)    -> whole.49
 *  - fraction above .49 up to .99       -> whole.99
 *  - fraction above .99 (e.g. .995)     -> (whole + 1).49
 * So x.00 -> x.49, x.49 -> x.49, x.50 -> x.99, x.99 -> x.99, x.995 -> (x+1).49.
 * Zero stays zero (free shipping must not become 0.49). A missing or unusable rate in
 * `rates` falls back to FALLBACK_RATES.
 */
export function convertPrice(gbpPence: number, code: CurrencyCode, rates: Partial<ExchangeRates>): number {
  if (!Number.isSafeInteger(gbpPence) || gbpPence < 0) {
    throw new RangeError(`Prices are non-negative whole pence, got ${gbpPence}`);
  }
  if (code === "GBP" || gbpPence === 0) return gbpPence;
  const rate = usableRate(rates[code]) ?? FALLBACK_RATES[code];
  const convertedMinor = removeFloatNoise(gbpPence * rate);
  const wholeUnits = Math.floor(convertedMinor / 100);
  const fractionMinor = removeFloatNoise(convertedMinor - wholeUnits * 100);
  if (fractionMinor <= 49) return wholeUnits * 100 + 49;
  if (fractionMinor <= 99) return wholeUnits * 100 + 99;
  return (wholeUnits + 1) * 100 + 49;
}

function usableRate(rate: unknown): number | null {
  return typeof rate === "number" && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** Zones inside the UK (and its Crown dependencies, which use sterling). */
const UK_TIME_ZONES = new Set([
  "Europe/London",
  "Europe/Belfast",
  "Europe/Jersey",
  "Europe/Guernsey",
  "Europe/Isle_of_Man",
  "GB",
  "GB-Eire",
]);

/** Zones outside Europe/* that belong to euro countries (Spain, Portugal, Ireland's alias). */
const EXTRA_EURO_TIME_ZONES = new Set([
  "Atlantic/Canary",
  "Atlantic/Madeira",
  "Atlantic/Azores",
  "Atlantic/Faroe",
  "Atlantic/Reykjavik",
  "Arctic/Longyearbyen",
  "Eire",
  "CET",
  "MET",
  "EET",
  "WET",
]);

/** The US outside America/*: Hawaii and the legacy US/* aliases. */
const EXTRA_US_TIME_ZONES = new Set(["Pacific/Honolulu", "Pacific/Johnston", "Navajo"]);

/**
 * The currency we suggest for a browser time zone (IANA name). Per the spec: UK GBP;
 * every other European zone EUR ("most European zones" — we deliberately include non-euro
 * zones such as Europe/Zurich and Europe/Oslo, since EUR is the closest supported
 * currency); US zones USD; America/Toronto and America/Vancouver CAD; America/Mexico_City
 * MXN; America/Sao_Paulo BRL; every other America/* USD (as the spec says, even other
 * Canadian or Mexican zones); Australia/* and Pacific/Auckland AUD; anything else USD.
 */
export function timeZoneToCurrency(timeZone: string | null | undefined): CurrencyCode {
  if (!timeZone) return "USD";
  if (UK_TIME_ZONES.has(timeZone)) return "GBP";
  if (timeZone.startsWith("Europe/") || EXTRA_EURO_TIME_ZONES.has(timeZone)) return "EUR";
  if (timeZone === "America/Toronto" || timeZone === "America/Vancouver") return "CAD";
  if (timeZone === "America/Mexico_City") return "MXN";
  if (timeZone === "America/Sao_Paulo") return "BRL";
  if (timeZone.startsWith("America/") || timeZone.startsWith("US/") || EXTRA_US_TIME_ZONES.has(timeZone)) {
    return "USD";
  }
  if (timeZone.startsWith("Australia/") || timeZone === "Pacific/Auckland") return "AUD";
  return "USD";
}

/**
 * The spec's prompt rule: show "Switch Currency?" only when no currency is stored, the time
 * zone maps to a supported non-GBP currency, and the prompt has not been seen.
 */
export function shouldShowCurrencyPrompt(input: {
  storedCurrency: string | null | undefined;
  hasSeenPrompt: boolean;
  timeZone: string | null | undefined;
}): boolean {
  if (input.storedCurrency || input.hasSeenPrompt) return false;
  return timeZoneToCurrency(input.timeZone) !== "GBP";
}

/**
 * A rate further than this factor from its fallback is treated as nonsense (a source quoting
 * per USD, a missing decimal point) rather than shown to customers as a price.
 */
export const RATE_PLAUSIBILITY_FACTOR = 5;

/**
 * Validates a rates map from a rate source or local storage: every supported non-GBP code
 * must be a finite positive number within RATE_PLAUSIBILITY_FACTOR of its fallback; GBP may
 * be absent (the base) but if present must be 1. Unknown codes are dropped. Returns null for
 * anything else so callers fall back to FALLBACK_RATES.
 */
export function parseRates(input: unknown): ExchangeRates | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const source = input as Record<string, unknown>;
  const gbp = source.GBP;
  if (gbp !== undefined && (typeof gbp !== "number" || Math.abs(gbp - 1) > 1e-9)) return null;
  const parsed: Record<string, number> = { GBP: 1 };
  for (const code of CURRENCY_CODES) {
    if (code === "GBP") continue;
    const rate = usableRate(source[code]);
    if (rate === null) return null;
    const fallback = FALLBACK_RATES[code];
    if (rate > fallback * RATE_PLAUSIBILITY_FACTOR || rate < fallback / RATE_PLAUSIBILITY_FACTOR) return null;
    parsed[code] = rate;
  }
  return parsed as ExchangeRates;
}

/** True when rates fetched at `fetchedAtMs` are still fresh at `nowMs`. */
export function areRatesFresh(fetchedAtMs: number | null | undefined, nowMs: number): boolean {
  if (typeof fetchedAtMs !== "number" || !Number.isFinite(fetchedAtMs)) return false;
  const age = nowMs - fetchedAtMs;
  return age >= 0 && age < RATES_CACHE_MS;
}

/**
 * Reads the rates cached in local storage (the exchangeRates JSON and the exchangeRatesTimestamp
 * in epoch ms). Null when missing, unreadable, implausible or older than RATES_CACHE_MS, so the
 * caller fetches again (and meanwhile shows FALLBACK_RATES).
 */
export function readCachedRates(
  ratesText: string | null | undefined,
  timestampText: string | null | undefined,
  nowMs: number,
): { rates: ExchangeRates; fetchedAtMs: number } | null {
  if (!ratesText || !timestampText) return null;
  const fetchedAtMs = Number(timestampText);
  if (!areRatesFresh(fetchedAtMs, nowMs)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ratesText);
  } catch {
    return null;
  }
  const rates = parseRates(parsed);
  return rates ? { rates, fetchedAtMs } : null;
}
