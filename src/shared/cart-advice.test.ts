import { describe, expect, it } from "vitest";
import {
  BULK_ORDER_TEXTS,
  bulkOrderContactHref,
  linesOverOnlineLimit,
  MAX_ONLINE_ORDER_LINES,
  READD_TEXTS,
} from "./cart-advice";
import { needsSupportForQuantity } from "./shipping";

describe("bulk orders (issue 30: say exactly what to do)", () => {
  it("keeps the spec's cap: 5 lines need the shop, 4 can be paid online", () => {
    expect(MAX_ONLINE_ORDER_LINES).toBe(4);
    expect(needsSupportForQuantity(MAX_ONLINE_ORDER_LINES)).toBe(false);
    expect(needsSupportForQuantity(MAX_ONLINE_ORDER_LINES + 1)).toBe(true);
    expect(linesOverOnlineLimit(3)).toBe(0);
    expect(linesOverOnlineLimit(5)).toBe(1);
    expect(linesOverOnlineLimit(7)).toBe(3);
  });

  it("names how many lines to remove, and the other way", () => {
    expect(BULK_ORDER_TEXTS.removeToCheckOut(5)).toBe(
      "To pay online now, remove 1 item so your cart has 4 or fewer; you can order the rest straight afterwards as a second order.",
    );
    expect(BULK_ORDER_TEXTS.removeToCheckOut(6)).toContain("remove 2 items");
    expect(BULK_ORDER_TEXTS.sendCart(24)).toContain("we reply within 24 hours");
  });

  it("prefills the contact form with the wholesale subject and one line per item", () => {
    const href = bulkOrderContactHref(["Essentials Collection · 1 panel", "Spare LED Strip"]);
    const url = new URL(href, "http://shop.test");
    expect(url.pathname).toBe("/contact");
    expect(url.searchParams.get("subject")).toBe("wholesale");
    expect(url.searchParams.get("message")).toBe(
      "I'd like to order these 2 items together:\n- Essentials Collection · 1 panel\n- Spare LED Strip",
    );
  });
});

describe("re-added lines", () => {
  it("say how many were in the cart already", () => {
    expect(READD_TEXTS.alreadyInCart(1)).toBe("1 item was in your cart already.");
    expect(READD_TEXTS.alreadyInCart(3)).toBe("3 items were in your cart already.");
  });
});
