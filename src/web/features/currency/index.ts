/** What other features use of the currency choice. */
export { useCurrency } from "./CurrencyProvider";
export { CurrencySelect } from "./CurrencySelect";
