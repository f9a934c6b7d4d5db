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
  /**
   * The environment switch (system_settings environment_mode): 'test' marks every new order as
   * a test order even while Stripe takes the payments. Absent: not known yet, read as production.
   */
  readonly environmentMode?: "production" | "test" | undefined;
}

/** Why the shop is in its mode: the one answer the header, Data management and Settings show. */
export type ShopModeReason = "live" | "testPayments" | "testShop" | "environment";

/**
 * The shop's mode, from the three things that decide it (issue 47 item 7: the header's badge and
 * Data management's "Now:" said different things because each read one of them): test payments
 * (no Stripe) or a test shop make every order a test order; else the environment switch on test
 * marks new orders as tests; else the shop is live.
 */
export function shopModeReason(shop: ShopPayments): ShopModeReason {
  if (shop.testShop) return "testShop";
  if (!shop.livePayments) return "testPayments";
  if (shop.environmentMode === "test") return "environment";
  return "live";
}

/** Whether new orders are real orders: the badge's Production or Test. */
export function shopIsLive(shop: ShopPayments): boolean {
  return shopModeReason(shop) === "live";
}

/** The header's statement: real payments only with live payments, no test shop, the switch on production. */
export function shopModeText(shop: ShopPayments): string {
  const reason = shopModeReason(shop);
  if (reason === "live") return SHOP_MODE_TEXTS.live;
  return reason === "environment" ? SHOP_MODE_TEXTS.testOrders : SHOP_MODE_TEXTS.test;
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
