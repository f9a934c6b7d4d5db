/**
 * The pre-rendered home page (built by vite.config.ts from src/web/prerender.tsx) is hydrated,
 * not replaced: the first render must match the HTML, which was rendered with nothing stored
 * (no cart, GBP, no currency prompt, the session unknown). While `isHydrating()` the app-wide
 * providers start from those defaults and read local storage in a layout effect, showing what
 * it holds in a transition (the page was painted from its HTML before the app started: a
 * synchronous re-render here would be a long task while the page loads).
 */
let hydrating = false;

/** True while the server-rendered HTML is being hydrated, and on the server itself. */
export function isHydrating(): boolean {
  return hydrating || typeof window === "undefined";
}

export function setHydrating(value: boolean): void {
  hydrating = value;
}
