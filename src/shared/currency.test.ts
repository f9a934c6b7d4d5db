import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  areRatesFresh,
  CURRENCIES,
  CURRENCY_CODES,
  CURRENCY_STORAGE_KEYS,
  convertPrice,
  currenciesByRegion,
  currencySymbol,
  DEFAULT_CURRENCY,
  FALLBACK_RATES,
  getCurrency,
  isSupportedCurrency,
  parseRates,
  RATES_CACHE_MS,
  shouldShowCurrencyPrompt,
  timeZoneToCurrency,
} from "./currency";

describe("currency table", () => {
  it("lists the spec's currencies and symbols, GBP the default", () => {
    expect(CURRENCIES.map((c) => [c.code, c.symbol])).toEqual([
      ["GBP", "£"],
      ["EUR", "€"],
      ["USD", "$"],
      ["CAD", "C$"],
      ["MXN", "MX$"],
      ["BRL", "R$"],
      ["AUD", "A$"],
    ]);
    expect(DEFAULT_CURRENCY).toBe("GBP");
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCIES.map((c) => c.code).sort());
  });

  it("gives every currency a name, a region and a flag emoji", () => {
    for (const currency of CURRENCIES) {
      expect(currency.name.length).toBeGreaterThan(0);
      expect(["Europe", "North America", "Latin America", "Oceania"]).toContain(currency.region);
      expect(currency.flag).toMatch(/^\p{Regional_Indicator}{2}$/u);
    }
  });

  it("has the spec's fallback rates per 1 GBP", () => {
    expect(FALLBACK_RATES).toEqual({
      GBP: 1,
      EUR: 1.15,
      USD: 1.25,
      CAD: 1.7,
      AUD: 1.95,
      MXN: 25.5,
      BRL: 6.2,
    });
  });

  it("caches rates for four hours under the spec's storage keys", () => {
    expect(RATES_CACHE_MS).toBe(14_400_000);
    expect(CURRENCY_STORAGE_KEYS).toEqual({
      selectedCurrency: "selectedCurrency",
      hasSeenCurrencyPrompt: "hasSeenCurrencyPrompt",
      exchangeRates: "exchangeRates",
      exchangeRatesTimestamp: "exchangeRatesTimestamp",
    });
  });

  it("groups currencies by region in table order", () => {
    expect(currenciesByRegion().map((g) => [g.region, g.currencies.map((c) => c.code)])).toEqual([
      ["Europe", ["GBP", "EUR"]],
      ["North America", ["USD", "CAD"]],
      ["Latin America", ["MXN", "BRL"]],
      ["Oceania", ["AUD"]],
    ]);
  });

  it("recognises supported codes only", () => {
    expect(isSupportedCurrency("EUR")).toBe(true);
    expect(isSupportedCurrency("eur")).toBe(false);
    expect(isSupportedCurrency("JPY")).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
    expect(getCurrency("BRL").symbol).toBe("R$");
    expect(currencySymbol("CAD")).toBe("C$");
    expect(currencySymbol("XYZ")).toBe("XYZ ");
  });
});

describe("convertPrice", () => {
  const euroAt = (rate: number) => ({ EUR: rate });

  it.each([
    ["x.00 -> x.49", 1000, 1, 1049],
    ["x.49 -> x.49", 1049, 1, 1049],
    ["x.50 -> x.99", 1050, 1, 1099],
    ["x.99 -> x.99", 1099, 1, 1099],
    ["x.995 -> (x+1).49", 1000, 1.0995, 1149],
    ["x.491 -> x.99", 1000, 1.0491, 1099],
    ["x.01 -> x.49", 1001, 1, 1049],
  ])("%s", (_label, pence, rate, expected) => {
    expect(convertPrice(pence, "EUR", euroAt(rate))).toBe(expected);
  });

  it("is not fooled by float error at the boundaries", () => {
    // 5450 * 1.15 is 6267.499999999999 in floating point: €62.675 -> €62.99.
    expect(convertPrice(5450, "EUR", euroAt(1.15))).toBe(6299);
    // 1000 * 1.049 is 1049.0000000000002: exactly €10.49 must stay €10.49.
    expect(convertPrice(1000, "EUR", euroAt(1.049))).toBe(1049);
    // 1000 * 1.099 is 1098.9999999999998 / 1099.0000000000002: exactly €10.99.
    expect(convertPrice(1000, "EUR", euroAt(1.099))).toBe(1099);
  });

  it("converts the bundles at the fallback rates", () => {
    expect(convertPrice(5450, "USD", FALLBACK_RATES)).toBe(6849); // 68.125
    expect(convertPrice(9315, "EUR", FALLBACK_RATES)).toBe(10749); // 107.1225
    expect(convertPrice(12963, "MXN", FALLBACK_RATES)).toBe(330599); // 3305.565
  });

  it("leaves GBP alone, and zero as zero", () => {
    expect(convertPrice(5450, "GBP", FALLBACK_RATES)).toBe(5450);
    expect(convertPrice(0, "EUR", FALLBACK_RATES)).toBe(0);
  });

  it("falls back to the fixed rate when the given one is missing or unusable", () => {
    expect(convertPrice(5450, "EUR", {})).toBe(6299);
    expect(convertPrice(5450, "EUR", { EUR: Number.NaN })).toBe(6299);
    expect(convertPrice(5450, "EUR", { EUR: -2 })).toBe(6299);
  });

  it("refuses amounts that are not whole non-negative pence", () => {
    expect(() => convertPrice(-1, "EUR", FALLBACK_RATES)).toThrow(RangeError);
    expect(() => convertPrice(10.5, "EUR", FALLBACK_RATES)).toThrow(RangeError);
  });

  it("always gives the smallest price ending .49 or .99 not below the exact conversion", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...CURRENCY_CODES.filter((c) => c !== "GBP")),
        fc.double({ min: 0.05, max: 40, noNaN: true }),
        (pence, code, rate) => {
          const converted = convertPrice(pence, code, { [code]: rate });
          const exact = pence * rate;
          expect([49, 99]).toContain(converted % 100);
          expect(converted).toBeGreaterThanOrEqual(exact - 1e-6);
          // The previous price point (50 lower) would be below the exact amount.
          expect(converted - 50).toBeLessThan(exact + 1e-6);
        },
      ),
    );
  });

  it("never lowers a price when the GBP price rises", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (pence, extra) => {
          expect(convertPrice(pence + extra, "CAD", FALLBACK_RATES)).toBeGreaterThanOrEqual(
            convertPrice(pence, "CAD", FALLBACK_RATES),
          );
        },
      ),
    );
  });
});

describe("timeZoneToCurrency", () => {
  it.each([
    ["Europe/London", "GBP"],
    ["Europe/Belfast", "GBP"],
    ["Europe/Jersey", "GBP"],
    ["Europe/Isle_of_Man", "GBP"],
    ["GB", "GBP"],
    ["Europe/Dublin", "EUR"],
    ["Europe/Paris", "EUR"],
    ["Europe/Berlin", "EUR"],
    ["Europe/Madrid", "EUR"],
    ["Atlantic/Canary", "EUR"],
    ["Europe/Zurich", "EUR"],
    ["Europe/Oslo", "EUR"],
    ["America/New_York", "USD"],
    ["America/Chicago", "USD"],
    ["America/Denver", "USD"],
    ["America/Los_Angeles", "USD"],
    ["America/Phoenix", "USD"],
    ["America/Anchorage", "USD"],
    ["Pacific/Honolulu", "USD"],
    ["US/Eastern", "USD"],
    ["America/Toronto", "CAD"],
    ["America/Vancouver", "CAD"],
    ["America/Mexico_City", "MXN"],
    ["America/Sao_Paulo", "BRL"],
    ["America/Bogota", "USD"],
    ["America/Argentina/Buenos_Aires", "USD"],
    ["Australia/Sydney", "AUD"],
    ["Australia/Perth", "AUD"],
    ["Pacific/Auckland", "AUD"],
    ["Asia/Tokyo", "USD"],
    ["Africa/Lagos", "USD"],
    ["UTC", "USD"],
    ["Not/A_Zone", "USD"],
    ["", "USD"],
  ])("%s -> %s", (zone, currency) => {
    expect(timeZoneToCurrency(zone)).toBe(currency);
  });

  it("treats a missing zone as unknown", () => {
    expect(timeZoneToCurrency(undefined)).toBe("USD");
    expect(timeZoneToCurrency(null)).toBe("USD");
  });

  it("always answers a supported currency", () => {
    fc.assert(
      fc.property(fc.string(), (zone) => {
        expect(isSupportedCurrency(timeZoneToCurrency(zone))).toBe(true);
      }),
    );
  });
});

describe("shouldShowCurrencyPrompt", () => {
  it("shows for a new visitor outside the UK", () => {
    expect(
      shouldShowCurrencyPrompt({ storedCurrency: null, hasSeenPrompt: false, timeZone: "Europe/Paris" }),
    ).toBe(true);
    expect(
      shouldShowCurrencyPrompt({ storedCurrency: undefined, hasSeenPrompt: false, timeZone: "Asia/Tokyo" }),
    ).toBe(true);
  });

  it("does not show in the UK, once a currency is stored, or once seen", () => {
    expect(
      shouldShowCurrencyPrompt({ storedCurrency: null, hasSeenPrompt: false, timeZone: "Europe/London" }),
    ).toBe(false);
    expect(
      shouldShowCurrencyPrompt({ storedCurrency: "GBP", hasSeenPrompt: false, timeZone: "Europe/Paris" }),
    ).toBe(false);
    expect(
      shouldShowCurrencyPrompt({ storedCurrency: null, hasSeenPrompt: true, timeZone: "Europe/Paris" }),
    ).toBe(false);
  });
});

describe("parseRates", () => {
  const good = { EUR: 1.17, USD: 1.27, CAD: 1.74, AUD: 1.93, MXN: 23.1, BRL: 6.9 };

  it("accepts a full map, adding GBP as 1 and dropping unknown codes", () => {
    expect(parseRates({ ...good, JPY: 190 })).toEqual({ GBP: 1, ...good });
    expect(parseRates({ GBP: 1, ...good })).toEqual({ GBP: 1, ...good });
  });

  it.each([
    ["null", null],
    ["a string", "1.15"],
    ["an array", [1.15]],
    ["a missing code", { ...good, BRL: undefined }],
    ["a string rate", { ...good, EUR: "1.15" }],
    ["a zero rate", { ...good, USD: 0 }],
    ["a negative rate", { ...good, USD: -1.2 }],
    ["NaN", { ...good, CAD: Number.NaN }],
    ["Infinity", { ...good, AUD: Number.POSITIVE_INFINITY }],
    ["a GBP rate other than 1", { ...good, GBP: 0.8 }],
    ["an implausibly large rate", { ...good, MXN: 2550 }],
    ["an implausibly small rate", { ...good, EUR: 0.01 }],
  ])("rejects %s", (_label, input) => {
    expect(parseRates(input)).toBeNull();
  });

  it("accepts the fallback rates themselves", () => {
    expect(parseRates(FALLBACK_RATES)).toEqual(FALLBACK_RATES);
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        parseRates(input);
      }),
    );
  });
});

describe("areRatesFresh", () => {
  it("is fresh for under four hours after fetching", () => {
    expect(areRatesFresh(1_000, 1_000)).toBe(true);
    expect(areRatesFresh(0, RATES_CACHE_MS - 1)).toBe(true);
    expect(areRatesFresh(0, RATES_CACHE_MS)).toBe(false);
  });

  it("is stale without a usable timestamp or with one in the future", () => {
    expect(areRatesFresh(null, 0)).toBe(false);
    expect(areRatesFresh(Number.NaN, 0)).toBe(false);
    expect(areRatesFresh(10_000, 0)).toBe(false);
  });
});
