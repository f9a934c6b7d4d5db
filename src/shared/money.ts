import {
  type CurrencyCode,
  convertPrice,
  currencySymbol,
  type ExchangeRates,
  isSupportedCurrency,
} from "./currency";
import { removeFloatNoise } from "./float";

/**
 * Money in code is ALWAYS an integer count of minor units (pence for GBP, cents for EUR…).
 * The alias documents intent; only the formatting functions below produce decimals.
 */
export type Pence = number;

/**
 * Rounds an amount of (possibly fractional) minor units to a whole number, halves away from
 * zero ("round half up" for the positive amounts a shop deals in): 12962.5 -> 12963.
 * Float noise is removed first, so 100.49999999999999 (from 1.005 * 100) counts as 100.5.
 * This is the one rounding used everywhere money is derived (bundle discounts, pounds -> pence).
 */
export function roundHalfUpToPence(minorUnits: number): Pence {
  const clean = removeFloatNoise(minorUnits);
  const rounded = Math.sign(clean) * Math.floor(Math.abs(clean) + 0.5);
  // Math.sign(-0.2) * 0 is -0; money has no negative zero.
  return rounded === 0 ? 0 : rounded;
}

/** Decimal pounds (e.g. from a spec table or an admin form) to integer pence: 54.5 -> 5450, 129.625 -> 12963. */
export function poundsToPence(pounds: number): Pence {
  return roundHalfUpToPence(pounds * 100);
}

/** Sums integer amounts; throws on a non-integer so a float never leaks into a total unnoticed. */
export function sumPence(amounts: readonly Pence[]): Pence {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) {
      throw new RangeError(`Money amounts must be whole minor units, got ${amount}`);
    }
    total += amount;
  }
  return total;
}

/**
 * "12345" minor units -> "123.45"; always two decimals, thousands grouped with commas.
 * A fractional input is rounded half up first (it should not happen, but must not print 1.005).
 */
export function formatMinorUnitsAsDecimal(minorUnits: number): string {
  const whole = roundHalfUpToPence(minorUnits);
  const sign = whole < 0 ? "-" : "";
  const absolute = Math.abs(whole);
  const units = Math.floor(absolute / 100).toString();
  const fraction = (absolute % 100).toString().padStart(2, "0");
  const groupedUnits = units.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${groupedUnits}.${fraction}`;
}

/**
 * Formats minor units with the currency's symbol: (5450, "GBP") -> "£54.50",
 * (6349, "EUR") -> "€63.49", (1000, "CAD") -> "C$10.00", (-500, "GBP") -> "-£5.00".
 * Unknown codes print as "XYZ 1.00".
 */
export function formatMoney(minorUnits: number, currencyCode: CurrencyCode | string): string {
  const decimal = formatMinorUnitsAsDecimal(minorUnits);
  const symbol = currencySymbol(currencyCode);
  return decimal.startsWith("-") ? `-${symbol}${decimal.slice(1)}` : `${symbol}${decimal}`;
}

/** GBP pence formatted as pounds; the cart panel always shows £. */
export function formatGbp(pence: Pence): string {
  return formatMoney(pence, "GBP");
}

/** Pounds for running copy: 7500 -> "£75", 899 -> "£8.99" (whole pounds lose the ".00"). */
export function formatGbpForCopy(pence: Pence): string {
  const formatted = formatGbp(pence);
  return formatted.endsWith(".00") ? formatted.slice(0, -3) : formatted;
}

/** A GBP price converted (with the .49/.99 rule) and formatted in the visitor's currency. */
export function formatConvertedPrice(
  gbpPence: Pence,
  code: CurrencyCode,
  rates: Partial<ExchangeRates>,
): string {
  return formatMoney(convertPrice(gbpPence, code, rates), code);
}

/** What a shopper is shown in their currency: every figure, adding up to the cent as shown. */
export interface ShownTotals {
  readonly currency: CurrencyCode;
  /** Each line converted on its own (as the line shows it). */
  readonly linesMinor: readonly number[];
  /** The lines as shown, added up. */
  readonly subtotalMinor: number;
  /** The code's share of the shown subtotal: the GBP discount's fraction of the GBP subtotal. */
  readonly discountMinor: number;
  readonly shippingMinor: number;
  /** subtotal - discount + shipping, exactly. */
  readonly totalMinor: number;
}

/**
 * One money conversion for every receipt a shopper reads (issue 47 item 3): convert each line and
 * the shipping (the .49/.99 rule, decision 002), then add. The discount is never converted on its
 * own (that rounded it up separately: €158.99 - €15.99 = €143.00 beside a total of €142.99); it is
 * the same fraction of the shown subtotal as of the GBP one, rounded half up, so a 10 % code takes
 * 10 % of the euro subtotal and subtotal - discount + shipping = total to the cent. GBP is
 * returned as it is charged.
 */
export function shownTotals(
  gbp: {
    readonly linesPence: readonly Pence[];
    readonly discountPence: Pence;
    readonly shippingPence: Pence;
  },
  code: CurrencyCode,
  rates: Partial<ExchangeRates>,
): ShownTotals {
  const linesMinor = gbp.linesPence.map((p) => convertPrice(p, code, rates));
  const subtotalPence = sumPence(gbp.linesPence);
  const subtotalMinor = sumPence(linesMinor);
  const discountPence = Math.min(Math.max(0, gbp.discountPence), subtotalPence);
  const discountMinor =
    code === "GBP" || subtotalPence === 0
      ? discountPence
      : Math.min(subtotalMinor, roundHalfUpToPence((subtotalMinor * discountPence) / subtotalPence));
  const shippingMinor = convertPrice(gbp.shippingPence, code, rates);
  return {
    currency: code,
    linesMinor,
    subtotalMinor,
    discountMinor,
    shippingMinor,
    totalMinor: subtotalMinor - discountMinor + shippingMinor,
  };
}

/**
 * An order's figures as its customer saw them at checkout, from what the order kept (its currency
 * and the rate it was converted at): the same shownTotals, so the success page, the e-mails and the
 * invoice add up as the checkout did. Null for a GBP order, or one placed before the rate was kept.
 */
export function orderShownTotals(order: {
  readonly displayCurrency: string;
  readonly displayRate: number | null;
  readonly linesPence: readonly Pence[];
  readonly discountPence: Pence;
  readonly shippingPence: Pence;
}): ShownTotals | null {
  const code = order.displayCurrency;
  if (code === "GBP" || !isSupportedCurrency(code) || order.displayRate === null) return null;
  return shownTotals(order, code, { [code]: order.displayRate });
}

/** A figure in the customer's currency beside the GBP charged: "€130.48 (£113.14)". */
export function formatShownBesideGbp(minorUnits: number, code: CurrencyCode, gbpPence: Pence): string {
  return `${formatMoney(minorUnits, code)} (${formatGbp(gbpPence)})`;
}

/**
 * How a receipt prints each figure: with the order's shown totals, the customer's currency beside
 * the GBP ("€130.48 (£113.14)"); without, the GBP alone. `pick` takes the figure's shown amount.
 */
export function receiptMoney(
  shown: ShownTotals | null,
): (gbpPence: Pence, pick: (shown: ShownTotals) => number) => string {
  return (gbpPence, pick) =>
    shown ? formatShownBesideGbp(pick(shown), shown.currency, gbpPence) : formatGbp(gbpPence);
}
