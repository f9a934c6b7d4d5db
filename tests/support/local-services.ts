/**
 * The exchange rates every test's shop reads: a fixed answer in a `data:` URL (RATES_URL), so no
 * test asks the public rates service (DEFAULT_RATES_URL) and prices never depend on the network.
 * The rates are the spec's fallback rates, the ones the expected prices are written from.
 */
import { FALLBACK_RATES } from "../../src/shared/currency.js";

/** RATES_URL for a test's server: open.er-api.com's answer shape, with the fallback rates. */
export const FIXED_RATES_URL = `data:application/json,${encodeURIComponent(
  JSON.stringify({ result: "success", base_code: "GBP", rates: FALLBACK_RATES }),
)}`;

/** What every test's server gets in its environment unless the test says otherwise. */
export const LOCAL_SERVICES_ENV: Readonly<Record<string, string>> = { RATES_URL: FIXED_RATES_URL };
