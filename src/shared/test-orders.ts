import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";

/**
 * Test orders in the admin (issue 30): one switch, "Include test orders", decides whether the
 * dashboard (sales, orders waiting, printing queue), the VAT report and the analytics count test
 * orders. While the shop takes no live payments (the built-in test payment page, or a test shop)
 * every order is a test order, so the switch is on by default; the owner's own choice wins.
 */

export const TEST_ORDERS_TEXTS = {
  switchLabel: "Include test orders",
  switchHint: (livePayments: boolean): string =>
    livePayments
      ? "Off by default: the shop takes real payments, so figures count real orders only."
      : "On by default: the shop takes test payments only, so every order so far is a test order.",
  /** The dashboard's sales heading, after "Sales". */
  salesScope: (includeTest: boolean): string =>
    includeTest ? "(paid orders, test orders included)" : "(paid orders, test orders excluded)",
  /** Beside a VAT report or analytics that counts test orders. */
  includedNote: "Test orders are included: these figures are not real money.",
} as const;

/** The admin header's statement of whether the shop takes real money (issue 17's texts). */
export const SHOP_MODE_TEXTS = ADMIN_MESSAGE_TEXTS.shopMode;

export interface ShopPayments {
  /** The shop takes real payments (Stripe), not the built-in test payment page. */
  readonly livePayments: boolean;
  /** TEST_PAYMENTS=on: a production shop run on the test payment page. */
  readonly testShop: boolean;
}

/** Whether the header may say the payments are real: only with live payments and not a test shop. */
export function shopModeText(shop: ShopPayments): string {
  return shop.livePayments && !shop.testShop ? SHOP_MODE_TEXTS.live : SHOP_MODE_TEXTS.test;
}

/** The switch's value before the owner touches it: on while the shop has no live payments. */
export function includeTestOrdersByDefault(shop: ShopPayments): boolean {
  return !shop.livePayments || shop.testShop;
}

/** The switch's value: the owner's stored choice ("on"/"off"), else the default. */
export function resolveIncludeTestOrders(stored: string | null | undefined, shop: ShopPayments): boolean {
  if (stored === "on") return true;
  if (stored === "off") return false;
  return includeTestOrdersByDefault(shop);
}

/** Which orders a report counts: live ones only, or all of them. */
export type OrdersScope = "live" | "all";

export function ordersScope(includeTest: boolean): OrdersScope {
  return includeTest ? "all" : "live";
}

/** Figures kept apart for live and test orders, added up as the switch says. */
export function figuresInScope(live: number, test: number, includeTest: boolean): number {
  return includeTest ? live + test : live;
}
