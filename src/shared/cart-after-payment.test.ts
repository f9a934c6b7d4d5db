import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart";
import { cartAfterPayment } from "./cart-after-payment";

const line = (id: string) => ({ id }) as CartItem;

describe("cartAfterPayment", () => {
  it("takes out only the lines the paid order was placed from", () => {
    const cart = [line("paid-1"), line("again-1"), line("paid-2"), line("again-2")];
    expect(cartAfterPayment(cart, ["paid-1", "paid-2"]).map((l) => l.id)).toEqual(["again-1", "again-2"]);
  });

  it("empties a cart that is exactly the paid order", () => {
    expect(cartAfterPayment([line("a"), line("b")], ["a", "b"])).toEqual([]);
  });

  it("keeps lines added after another tab took the paid ones out", () => {
    expect(cartAfterPayment([line("again-1")], ["paid-1"]).map((l) => l.id)).toEqual(["again-1"]);
  });

  it("empties the cart when the paid lines are not known", () => {
    expect(cartAfterPayment([line("a")], undefined)).toEqual([]);
  });
});
