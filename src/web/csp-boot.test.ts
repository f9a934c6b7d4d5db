import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { shouldShowCurrencyPrompt, timeZoneToCurrency } from "@shared/currency";
import { describe, expect, it } from "vitest";

const SOURCE = readFileSync(new URL("./public/csp-boot.js", import.meta.url), "utf8");

/** Intl.DateTimeFormat as the page sees it: only its time zone is asked for. */
function fakeDateTimeFormat(timeZone: string | undefined) {
  return class {
    resolvedOptions() {
      return { timeZone };
    }
  };
}

/** Runs public/csp-boot.js in a page with this time zone and local storage; answers <html>'s data. */
function boot(timeZone: string | undefined, storage: Record<string, string> = {}): DOMStringMap {
  const dataset: DOMStringMap = {};
  const document = {
    documentElement: { dataset },
    readyState: "complete",
    querySelector: () => null,
  };
  runInNewContext(SOURCE, {
    document,
    window: { localStorage: { getItem: (key: string) => storage[key] ?? null } },
    Intl: { DateTimeFormat: fakeDateTimeFormat(timeZone) },
  });
  return dataset;
}

const ZONES = [
  ...Intl.supportedValuesOf("timeZone"),
  // Aliases and legacy names the browser may report.
  "Europe/Belfast",
  "GB",
  "GB-Eire",
  "Eire",
  "CET",
  "MET",
  "EET",
  "WET",
  "US/Eastern",
  "Navajo",
  "Pacific/Johnston",
  "Etc/UTC",
];

describe("public/csp-boot.js", () => {
  it("decides the currency banner as the app does, for every time zone", () => {
    for (const zone of ZONES) {
      const data = boot(zone);
      expect(data.timeZone, zone).toBe(zone);
      const wanted = shouldShowCurrencyPrompt({ storedCurrency: null, hasSeenPrompt: false, timeZone: zone });
      expect(data.currencyPrompt, zone).toBe(wanted ? timeZoneToCurrency(zone) : undefined);
    }
  });

  it("suggests USD when the time zone is unknown", () => {
    const data = boot(undefined);
    expect(data.timeZone).toBeUndefined();
    expect(data.currencyPrompt).toBe("USD");
  });

  it("shows no banner once a currency is chosen or the prompt was seen", () => {
    expect(boot("America/New_York", { selectedCurrency: "USD" }).currencyPrompt).toBeUndefined();
    expect(boot("America/New_York", { hasSeenCurrencyPrompt: "true" }).currencyPrompt).toBeUndefined();
    expect(boot("America/New_York", { hasSeenCurrencyPrompt: "false" }).currencyPrompt).toBe("USD");
  });
});
