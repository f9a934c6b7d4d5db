/**
 * Discount codes: the rule that decides whether a code applies to a cart and how much it takes
 * off. Pure, so the cart and checkout pages show what the server will charge; the server runs
 * the same rule when it prices an order, with the code's uses counted in the database.
 */
import { COMMERCE_MESSAGES } from "./commerce-messages";
import { type Pence, roundHalfUpToPence, sumPence } from "./money";
import { productTypeOf } from "./product-types";

export const DISCOUNT_KINDS = ["percent", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Which lines a code applies to: every line, only lithophanes, or only accessories. */
export const DISCOUNT_SCOPES = ["all", "lithophanes", "accessories"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** Codes are letters, digits, dashes and underscores; entry is case-insensitive. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** How a code is stored and compared: trimmed, upper case. */
export function normaliseDiscountCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export interface DiscountRule {
  readonly code: string;
  readonly kind: DiscountKind;
  /** percent: 1-100; fixed: pence; free_shipping: 0. */
  readonly value: number;
  /** The cart's item subtotal must be at least this (pence); null: no minimum. */
  readonly minSpendPence: Pence | null;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
  /** Paid or reserved orders the code may have in all; null: no limit. */
  readonly maxUses: number | null;
  /** Per customer (account, or e-mail for guests); null: no limit. */
  readonly maxUsesPerCustomer: number | null;
  readonly scope: DiscountScope;
  readonly paused: boolean;
}

/** The code's uses so far: every reserved or paid order, and those of this customer. */
export interface DiscountUsage {
  readonly total: number;
  readonly byCustomer: number;
}

export interface DiscountLine {
  /** The line's product kind: its type says which scope covers it. */
  readonly kind: string;
  readonly pricePence: Pence;
}

export const DISCOUNT_REFUSALS = [
  "unknown",
  "paused",
  "not_started",
  "expired",
  "minimum",
  "used_up",
  "customer_limit",
  "not_applicable",
] as const;
export type DiscountRefusalReason = (typeof DISCOUNT_REFUSALS)[number];

export type DiscountResult =
  | {
      readonly ok: true;
      readonly code: string;
      /** Taken off the items (pence); 0 for a free-shipping code. */
      readonly discountPence: Pence;
      /** Standard shipping becomes free. */
      readonly freeShipping: boolean;
    }
  | { readonly ok: false; readonly reason: DiscountRefusalReason; readonly message: string };

function refuse(reason: DiscountRefusalReason, rule?: DiscountRule): DiscountResult {
  return { ok: false, reason, message: discountRefusalMessage(reason, rule?.minSpendPence ?? null) };
}

/** The reason as the cart and checkout show it ("This code has expired.", "…minimum spend of £60…"). */
export function discountRefusalMessage(reason: DiscountRefusalReason, minSpendPence: Pence | null): string {
  const m = COMMERCE_MESSAGES.discounts;
  switch (reason) {
    case "unknown":
      return m.unknown;
    case "paused":
      return m.paused;
    case "not_started":
      return m.notStarted;
    case "expired":
      return m.expired;
    case "minimum":
      return m.minimum(minSpendPence ?? 0);
    case "used_up":
      return m.usedUp;
    case "customer_limit":
      return m.customerLimit;
    case "not_applicable":
      return m.notApplicable;
  }
}

/**
 * The refusals a shopper sees as "we don't recognise that code": a code that is paused, not
 * started, expired or used up answers exactly as one that never existed, so nobody can learn
 * which inactive codes the shop has (issue 28). What the shopper can act on stays said: the
 * minimum spend, the items in scope, their own earlier use.
 */
const HIDDEN_REFUSALS: ReadonlySet<DiscountRefusalReason> = new Set([
  "paused",
  "not_started",
  "expired",
  "used_up",
]);

/** The refusal as a shopper is told it (see HIDDEN_REFUSALS). */
export function shopperRefusal(result: { reason: DiscountRefusalReason; message: string }): {
  reason: DiscountRefusalReason;
  message: string;
} {
  if (!HIDDEN_REFUSALS.has(result.reason)) return { reason: result.reason, message: result.message };
  return { reason: "unknown", message: discountRefusalMessage("unknown", null) };
}

function inScope(scope: DiscountScope, line: DiscountLine): boolean {
  if (scope === "all") return true;
  return productTypeOf(line.kind).discountScope === scope;
}

/**
 * Whether `rule` applies to these lines at `now` with these uses, and what it takes off.
 * Checks in the order a customer can act on: paused, dates, minimum spend, scope, uses.
 * The minimum is the whole item subtotal; a percentage is taken off the lines in scope and
 * rounded half up once; a fixed amount never takes off more than those lines cost.
 */
export function evaluateDiscount(
  rule: DiscountRule | null,
  usage: DiscountUsage,
  lines: readonly DiscountLine[],
  now: Date,
): DiscountResult {
  if (!rule) return refuse("unknown");
  if (rule.paused) return refuse("paused", rule);
  if (rule.startsAt && now < rule.startsAt) return refuse("not_started", rule);
  if (rule.endsAt && now >= rule.endsAt) return refuse("expired", rule);
  const subtotal = sumPence(lines.map((l) => l.pricePence));
  if (rule.minSpendPence != null && subtotal < rule.minSpendPence) return refuse("minimum", rule);
  const eligible = sumPence(lines.filter((l) => inScope(rule.scope, l)).map((l) => l.pricePence));
  if (rule.kind !== "free_shipping" && eligible === 0) return refuse("not_applicable", rule);
  if (rule.maxUses != null && usage.total >= rule.maxUses) return refuse("used_up", rule);
  if (rule.maxUsesPerCustomer != null && usage.byCustomer >= rule.maxUsesPerCustomer)
    return refuse("customer_limit", rule);
  const discountPence =
    rule.kind === "percent"
      ? Math.min(eligible, roundHalfUpToPence((eligible * rule.value) / 100))
      : rule.kind === "fixed"
        ? Math.min(eligible, rule.value)
        : 0;
  return { ok: true, code: rule.code, discountPence, freeShipping: rule.kind === "free_shipping" };
}

/**
 * Spreads `discountPence` over the lines in scope in proportion to their prices (largest
 * remainder), so each line's charged price is whole pence and the lines add up to exactly the
 * discounted subtotal: what Stripe Checkout receives. Lines out of scope get 0.
 */
export function allocateDiscount(
  lines: readonly DiscountLine[],
  scope: DiscountScope,
  discountPence: Pence,
): Pence[] {
  const eligible = lines.map((l) => (inScope(scope, l) ? l.pricePence : 0));
  const base = sumPence(eligible);
  if (discountPence <= 0 || base <= 0) return lines.map(() => 0);
  const take = Math.min(discountPence, base);
  const exact = eligible.map((p) => (p * take) / base);
  const shares = exact.map(Math.floor);
  let left = take - sumPence(shares);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .filter(({ index }) => (eligible[index] ?? 0) > 0)
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    const share = shares[index] ?? 0;
    if (share < (eligible[index] ?? 0)) {
      shares[index] = share + 1;
      left -= 1;
    }
  }
  return shares;
}
