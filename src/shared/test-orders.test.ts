import { describe, expect, it } from "vitest";
import {
  figuresInScope,
  includeTestOrdersByDefault,
  ordersScope,
  resolveIncludeTestOrders,
  SHOP_MODE_TEXTS,
  shopIsLive,
  shopModeReason,
  shopModeText,
  TEST_ORDERS_TEXTS,
} from "./test-orders";

const stripe = { livePayments: true, testShop: false };
const testPage = { livePayments: false, testShop: false };
const testShop = { livePayments: false, testShop: true };

describe("test orders: one switch for the admin's figures (issue 30)", () => {
  it("never says payments are real while the shop takes test payments", () => {
    expect(shopModeText(stripe)).toBe(SHOP_MODE_TEXTS.live);
    expect(shopModeText(testPage)).toBe("Test mode: no real payments");
    expect(shopModeText(testShop)).toBe("Test mode: no real payments");
  });

  it("includes test orders by default while the shop has no live payments", () => {
    expect(includeTestOrdersByDefault(testPage)).toBe(true);
    expect(includeTestOrdersByDefault(testShop)).toBe(true);
    expect(includeTestOrdersByDefault(stripe)).toBe(false);
  });

  it("lets the owner's stored choice win over the default", () => {
    expect(resolveIncludeTestOrders("off", testPage)).toBe(false);
    expect(resolveIncludeTestOrders("on", stripe)).toBe(true);
    expect(resolveIncludeTestOrders(null, testPage)).toBe(true);
    expect(resolveIncludeTestOrders("garbage", stripe)).toBe(false);
  });

  it("adds test figures to live ones only when included", () => {
    expect(figuresInScope(2, 13, true)).toBe(15);
    expect(figuresInScope(2, 13, false)).toBe(2);
    expect(ordersScope(true)).toBe("all");
    expect(ordersScope(false)).toBe("live");
    expect(TEST_ORDERS_TEXTS.salesScope(true)).toBe("(paid orders, test orders included)");
  });
});

describe("one answer for the shop's mode (issue 47 item 7)", () => {
  it("the header, Data management and Settings read the same reason", () => {
    expect(shopModeReason(stripe)).toBe("live");
    expect(shopModeReason({ ...stripe, environmentMode: "production" })).toBe("live");
    expect(shopModeReason({ ...stripe, environmentMode: "test" })).toBe("environment");
    expect(shopModeReason({ ...testPage, environmentMode: "production" })).toBe("testPayments");
    expect(shopModeReason({ ...testShop, environmentMode: "production" })).toBe("testShop");
  });
  it("never says Production or real payments while any of the three says test", () => {
    expect(shopIsLive(stripe)).toBe(true);
    expect(shopIsLive({ ...stripe, environmentMode: "test" })).toBe(false);
    expect(shopIsLive({ ...testPage, environmentMode: "production" })).toBe(false);
    expect(shopModeText({ ...stripe, environmentMode: "test" })).toBe(
      "Test mode: new orders are test orders",
    );
    expect(shopModeText({ ...testShop, environmentMode: "production" })).toBe("Test mode: no real payments");
  });
});
