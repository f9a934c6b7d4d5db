// Runs before the app's modules (a deferred script placed before them in index.html).
// zod would probe `new Function("")` to decide whether it may compile fast parsers; under the
// shop's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a
// violation. Telling zod up front to stay "jitless" skips the probe; validation is unchanged.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
