// Runs before the app's modules (a deferred script placed before them in index.html).
// zod would probe `new Function("")` to decide whether it may compile fast parsers; under the
// shop's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a
// violation. Telling zod up front to stay "jitless" skips the probe; validation is unchanged.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// A pre-rendered page names its entry in <meta name="lithobox-entry"> instead of a module
// script: the page paints from its HTML first, then the app loads and hydrates it, so the
// first paint never waits on (or shares the connection with) the JavaScript. The app starts
// once the first contentful paint is reported; a hidden tab paints nothing, so it starts at
// once there, and a browser that reports no paint starts it after a second.
(() => {
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
})();
