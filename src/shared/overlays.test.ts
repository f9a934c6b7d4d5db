import { describe, expect, it } from "vitest";
import { isCreatorPath, showsCartButton, showsCurrencyBanner } from "./overlays";

describe("overlays", () => {
  it("keep the currency banner off checkout, the admin and the pages opened from an e-mail", () => {
    for (const path of [
      "/checkout",
      "/checkout/",
      "/checkout/success",
      "/admin",
      "/admin/orders/1",
      "/photo",
      "/proof",
    ]) {
      expect(showsCurrencyBanner(path), path).toBe(false);
    }
    for (const path of ["/", "/shop", "/shop/create", "/checkoutx", "/administrator", "/account"]) {
      expect(showsCurrencyBanner(path), path).toBe(true);
    }
  });

  it("hide the cart button on checkout only", () => {
    expect(showsCartButton("/checkout")).toBe(false);
    expect(showsCartButton("/checkout/payment-pending")).toBe(false);
    expect(showsCartButton("/shop")).toBe(true);
    expect(showsCartButton("/admin")).toBe(true);
  });

  it("know the creator's two addresses", () => {
    expect(isCreatorPath("/shop/create")).toBe(true);
    expect(isCreatorPath("/create/")).toBe(true);
    expect(isCreatorPath("/shop")).toBe(false);
    expect(isCreatorPath("/created")).toBe(false);
  });
});
