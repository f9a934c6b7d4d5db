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

/** Temporal as a browser that has it: only Temporal.Now.timeZoneId is asked for. */
function fakeTemporal(timeZone: string | undefined) {
  return { Now: { timeZoneId: () => timeZone } };
}

/** Intl that must not be touched (a browser with Temporal pays no ICU locale data at boot). */
const UNTOUCHABLE_INTL = new Proxy(
  {},
  {
    get: (_target, name) => {
      throw new Error(`Intl.${String(name)} was used`);
    },
  },
);

/**
 * Runs public/csp-boot.js in a page with this time zone and local storage; answers <html>'s data.
 * `via`: where the page finds the zone, Intl.DateTimeFormat (no Temporal) or Temporal.
 */
function boot(
  timeZone: string | undefined,
  storage: Record<string, string> = {},
  via: "intl" | "temporal" = "intl",
): DOMStringMap {
  const dataset: DOMStringMap = {};
  const document = {
    documentElement: { dataset },
    readyState: "complete",
    querySelector: () => null,
  };
  runInNewContext(SOURCE, {
    document,
    window: { localStorage: { getItem: (key: string) => storage[key] ?? null } },
    ...(via === "temporal"
      ? { Temporal: fakeTemporal(timeZone), Intl: UNTOUCHABLE_INTL }
      : { Intl: { DateTimeFormat: fakeDateTimeFormat(timeZone) } }),
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

  it("reads the zone from Temporal where the browser has it, without touching Intl", () => {
    for (const zone of ["Europe/London", "Europe/Dublin", "America/Toronto", "Australia/Sydney"]) {
      const data = boot(zone, {}, "temporal");
      expect(data.timeZone, zone).toBe(zone);
      expect(data.currencyPrompt, zone).toBe(boot(zone).currencyPrompt);
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
