// Runs in <head>, before the first paint (a small render-blocking script; the page's CSP allows
// no inline script).
//
// zod would probe `new Function("")` to decide whether it may compile fast parsers; under the
// shop's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a
// violation. Telling zod up front to stay "jitless" skips the probe; validation is unchanged.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// The visitor's time zone and the "Switch Currency?" banner, decided before the first paint:
// - <html data-time-zone> holds the IANA zone (CurrencyProvider reads the attribute). Temporal
//   answers it without ICU's locale data (0.2-0.4 ms in Chromium); the first Intl.DateTimeFormat
//   of a page costs 12-20 ms, which the landing pages otherwise never pay (their prices are
//   formatted without Intl). Where Temporal is missing, that formatter is paid here, before the
//   first paint, rather than as a long task while the app starts.
// - <html data-currency-prompt="EUR"> says the banner is wanted (and the suggested currency). The
//   landing pages carry the banner pre-rendered and hidden; this shows it (styles.css) in the
//   first paint, so the app starting later shifts nothing (issue 20: CLS).
// The rule is the spec's (src/shared/currency.ts: shouldShowCurrencyPrompt, timeZoneToCurrency),
// written again in plain JavaScript; src/web/csp-boot.test.ts checks both agree on every zone.
(() => {
  const root = document.documentElement;
  let timeZone = null;
  try {
    timeZone = typeof Temporal === "object" && Temporal.Now ? Temporal.Now.timeZoneId() || null : null;
  } catch {
    timeZone = null;
  }
  if (!timeZone) {
    try {
      // A formatter with one field and a fixed locale is built faster than the default one
      // (measured in Chromium: 20-36 ms against 33-61 ms on a loaded machine); the zone is the same.
      timeZone = new Intl.DateTimeFormat("en", { hour: "numeric" }).resolvedOptions().timeZone || null;
    } catch {
      timeZone = null;
    }
  }
  if (timeZone) root.dataset.timeZone = timeZone;
  const UK = [
    "Europe/London",
    "Europe/Belfast",
    "Europe/Jersey",
    "Europe/Guernsey",
    "Europe/Isle_of_Man",
    "GB",
    "GB-Eire",
  ];
  const EURO = [
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
  ];
  const US = ["Pacific/Honolulu", "Pacific/Johnston", "Navajo"];
  const suggest = (zone) => {
    if (!zone) return "USD";
    if (UK.includes(zone)) return "GBP";
    if (zone.startsWith("Europe/") || EURO.includes(zone)) return "EUR";
    if (zone === "America/Toronto" || zone === "America/Vancouver") return "CAD";
    if (zone === "America/Mexico_City") return "MXN";
    if (zone === "America/Sao_Paulo") return "BRL";
    if (zone.startsWith("America/") || zone.startsWith("US/") || US.includes(zone)) return "USD";
    if (zone.startsWith("Australia/") || zone === "Pacific/Auckland") return "AUD";
    return "USD";
  };
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const suggested = suggest(timeZone);
  if (!read("selectedCurrency") && read("hasSeenCurrencyPrompt") !== "true" && suggested !== "GBP") {
    root.dataset.currencyPrompt = suggested;
  }
})();

// A pre-rendered page names its entry in <meta name="lithobox-entry"> instead of a module
// script: the page paints from its HTML first, then the app loads and hydrates it, so the
// first paint never waits on (or shares the connection with) the JavaScript. The app starts
// once the first contentful paint is reported; a hidden tab paints nothing, so it starts at
// once there, and a browser that reports no paint starts it after a second. The <meta> is at
// the end of <body>: it is looked for once the document is parsed.
(() => {
  const boot = () => {
    const entry = document.querySelector('meta[name="lithobox-entry"]');
    if (!entry) return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = entry.getAttribute("content");
      document.head.append(script);
    };
    if (document.visibilityState === "hidden") return start();
    setTimeout(start, 1000);
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: "paint", buffered: true });
    } catch {
      start();
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot, { once: true });
  else boot();
})();
