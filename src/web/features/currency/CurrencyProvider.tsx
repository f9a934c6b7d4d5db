import {
  CURRENCY_STORAGE_KEYS,
  type Currency,
  type CurrencyCode,
  convertPrice,
  DEFAULT_CURRENCY,
  type ExchangeRates,
  FALLBACK_RATES,
  getCurrency,
  isSupportedCurrency,
  parseRates,
  RATES_CACHE_MS,
  RATES_REFRESH_MS,
  readCachedRates,
  shouldShowCurrencyPrompt,
  timeZoneToCurrency,
} from "@shared/currency";
import { MESSAGES } from "@shared/messages";
import { formatMoney, type Pence, type ShownTotals, shownTotals } from "@shared/money";
import { isHydrating } from "@web/app/hydration";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { fetchRates } from "./api";

export type RatesSource = "live" | "fallback";

export interface CurrencyContextValue {
  /** The currency prices are shown in (GBP until the visitor picks another). */
  readonly currency: CurrencyCode;
  readonly currencyInfo: Currency;
  setCurrency: (code: CurrencyCode) => void;
  /** Units per 1 GBP: live (cached 4 h) or the spec's fallback rates. */
  readonly rates: ExchangeRates;
  readonly ratesSource: RatesSource;
  /** A GBP price in the selected currency's minor units (.49/.99 rule; GBP unchanged). */
  convert: (gbpPence: Pence) => number;
  /** A GBP price converted and formatted, e.g. 5450 -> "€62.99". */
  formatPrice: (gbpPence: Pence) => string;
  /**
   * A receipt's figures in the selected currency: the lines converted, then added; the discount
   * the same share of the shown subtotal (shared shownTotals), so they add up as shown.
   */
  totals: (gbp: {
    readonly linesPence: readonly Pence[];
    readonly discountPence: Pence;
    readonly shippingPence: Pence;
  }) => ShownTotals;
  /** Minor units of the selected currency formatted: 13048 -> "€130.48". */
  formatShown: (minorUnits: number) => string;
  /** The "Switch Currency?" prompt. */
  readonly promptVisible: boolean;
  /**
   * True while hydrating a pre-rendered page (and when pre-rendering it), before local storage
   * is read: the banner is rendered as the HTML has it, shown or not by public/csp-boot.js.
   */
  readonly promptPending: boolean;
  /** The currency suggested by the browser's time zone. */
  readonly suggestedCurrency: CurrencyCode;
  /** Records that the prompt was seen (dismissed or answered). */
  dismissPrompt: () => void;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn("Could not save a currency setting", error);
  }
}

/**
 * The browser's IANA time zone, as public/csp-boot.js found it before the first paint (the
 * first Intl.DateTimeFormat of a page is slow: asked here, it would be a long task while the
 * app starts). Null when unknown (the spec: USD is suggested).
 */
function browserTimeZone(): string | null {
  return (typeof document === "undefined" ? undefined : document.documentElement.dataset.timeZone) ?? null;
}

interface RatesResult {
  readonly rates: ExchangeRates;
  readonly source: RatesSource;
}

/** GET /api/rates, validated; cached in local storage under the spec's keys. Throws on failure. */
async function loadRates(): Promise<RatesResult> {
  const answer = await fetchRates();
  if (!answer.success || answer.source === "fallback") {
    // The server could not reach a live source either and answers the same fixed rates.
    console.info("Live exchange rates unavailable; using fallback rates");
    return { rates: FALLBACK_RATES, source: "fallback" };
  }
  const rates = parseRates(answer.rates);
  if (!rates) throw new Error(MESSAGES.currency.invalidRatesResponse);
  writeStorage(CURRENCY_STORAGE_KEYS.exchangeRates, JSON.stringify(rates));
  writeStorage(CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp, String(Date.now()));
  return { rates, source: "live" };
}

function cachedRates(): { data: RatesResult; updatedAt: number } | null {
  const cached = readCachedRates(
    readStorage(CURRENCY_STORAGE_KEYS.exchangeRates),
    readStorage(CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp),
    Date.now(),
  );
  return cached ? { data: { rates: cached.rates, source: "live" }, updatedAt: cached.fetchedAtMs } : null;
}

function storedCurrency(): CurrencyCode {
  const stored = readStorage(CURRENCY_STORAGE_KEYS.selectedCurrency);
  return isSupportedCurrency(stored) ? stored : DEFAULT_CURRENCY;
}

function promptWanted(timeZone: string | null): boolean {
  return shouldShowCurrencyPrompt({
    storedCurrency: readStorage(CURRENCY_STORAGE_KEYS.selectedCurrency),
    hasSeenPrompt: readStorage(CURRENCY_STORAGE_KEYS.hasSeenCurrencyPrompt) === "true",
    timeZone,
  });
}

/**
 * The exchange rates as a small query of their own (react-query is not part of the first
 * load): cached rates younger than RATES_CACHE_MS are used as they are, otherwise (and every
 * RATES_REFRESH_MS) GET /api/rates; a failure keeps what was there (no retry) and is logged.
 */
function useRates(readAfterHydration: boolean) {
  const [cached] = useState(() => (readAfterHydration ? null : cachedRates()));
  const [data, setData] = useState<RatesResult | null>(cached?.data ?? null);
  const updatedAt = useRef(cached?.updatedAt ?? 0);
  useLayoutEffect(() => {
    if (!readAfterHydration) return;
    const stored = cachedRates();
    if (!stored) return;
    updatedAt.current = stored.updatedAt;
    startTransition(() => setData(stored.data));
  }, [readAfterHydration]);
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      try {
        const result = await loadRates();
        if (cancelled) return;
        updatedAt.current = Date.now();
        // Every price on the page follows: a time-sliced render, not one long task while it loads.
        startTransition(() => setData(result));
      } catch (error) {
        // The spec: a failed rates fetch falls back to fixed rates, logged only.
        if (!cancelled) console.warn("Exchange rates unavailable; using fallback rates", error);
      }
    };
    const age = Date.now() - updatedAt.current;
    const first = window.setTimeout(
      () => void load(),
      age >= 0 && age < RATES_CACHE_MS ? RATES_CACHE_MS - age : 0,
    );
    const interval = window.setInterval(() => void load(), RATES_REFRESH_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, []);
  return data;
}

/** The selected currency, exchange rates and price formatting for the whole app. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  // The pre-rendered home page shows GBP and no prompt; storage is read right after hydration.
  const [readAfterHydration] = useState(isHydrating);
  const [currency, setCurrencyState] = useState<CurrencyCode>(() =>
    readAfterHydration ? DEFAULT_CURRENCY : storedCurrency(),
  );
  const [timeZone] = useState(browserTimeZone);
  const [promptVisible, setPromptVisible] = useState(() => !readAfterHydration && promptWanted(timeZone));
  const [promptPending, setPromptPending] = useState(readAfterHydration);
  useLayoutEffect(() => {
    if (!readAfterHydration) return;
    // In a transition: the pre-rendered page was painted before the app started (GBP, the
    // banner as csp-boot.js showed it); a synchronous re-render of every price here would be
    // one long task while the page loads (Total Blocking Time).
    const stored = storedCurrency();
    const wanted = promptWanted(timeZone);
    startTransition(() => {
      setCurrencyState(stored);
      setPromptVisible(wanted);
      setPromptPending(false);
    });
  }, [readAfterHydration, timeZone]);

  const ratesData = useRates(readAfterHydration);
  const rates = ratesData?.rates ?? FALLBACK_RATES;
  const ratesSource: RatesSource = ratesData?.source ?? "fallback";

  const dismissPrompt = useCallback(() => {
    setPromptVisible(false);
    writeStorage(CURRENCY_STORAGE_KEYS.hasSeenCurrencyPrompt, "true");
  }, []);

  /** Choosing a currency anywhere also answers the prompt. */
  const setCurrency = useCallback(
    (code: CurrencyCode) => {
      setCurrencyState(code);
      writeStorage(CURRENCY_STORAGE_KEYS.selectedCurrency, code);
      dismissPrompt();
    },
    [dismissPrompt],
  );

  const value = useMemo<CurrencyContextValue>(() => {
    const convert = (gbpPence: Pence) => convertPrice(gbpPence, currency, rates);
    return {
      currency,
      currencyInfo: getCurrency(currency),
      setCurrency,
      rates,
      ratesSource,
      convert,
      formatPrice: (gbpPence: Pence) => formatMoney(convert(gbpPence), currency),
      totals: (gbp) => shownTotals(gbp, currency, rates),
      formatShown: (minorUnits: number) => formatMoney(minorUnits, currency),
      promptVisible,
      promptPending,
      suggestedCurrency: timeZoneToCurrency(timeZone),
      dismissPrompt,
    };
  }, [currency, rates, ratesSource, setCurrency, promptVisible, promptPending, timeZone, dismissPrompt]);

  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const context = useContext(CurrencyContext);
  if (!context) throw new Error(MESSAGES.providers.currency);
  return context;
}
