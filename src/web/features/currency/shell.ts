/**
 * The currency's small entry for the app shell (app/, components/layout): its provider and the
 * prompt banner, in the first load already. Not index.ts, whose currency picker would join the
 * first load's chunk through it (the pages that show the picker load it themselves).
 */
export { CurrencyPrompt } from "./CurrencyPrompt";
export { CurrencyProvider } from "./CurrencyProvider";
