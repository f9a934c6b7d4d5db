import { describe, expect, it } from "vitest";
import { checkoutPrefill } from "./checkout-prefill";

const UK_AND_IRELAND = new Set(["GB", "IE"]);

describe("checkoutPrefill", () => {
  it("gives only the e-mail without a profile", () => {
    expect(checkoutPrefill(null, "ann@example.com", UK_AND_IRELAND)).toEqual({ email: "ann@example.com" });
    expect(checkoutPrefill(undefined, undefined, UK_AND_IRELAND)).toEqual({});
  });

  it("takes the name and a UK phone as saved", () => {
    expect(
      checkoutPrefill(
        { firstName: "Ann", lastName: "Lee", phone: "7700 900123", phoneCountryCode: "+44" },
        "a@b.c",
        UK_AND_IRELAND,
      ),
    ).toEqual({ email: "a@b.c", firstName: "Ann", lastName: "Lee", phone: "7700 900123" });
  });

  it("writes another country's dial code before the number", () => {
    expect(
      checkoutPrefill({ phone: "85 123 4567", phoneCountryCode: "+353" }, undefined, UK_AND_IRELAND),
    ).toEqual({
      phone: "+353 85 123 4567",
    });
  });

  it("takes the saved address where the shop delivers, its country by code or by name", () => {
    const address = {
      addressLine1: "1 Main St",
      addressLine2: "Flat 2",
      city: "Dublin",
      postalCode: "D01 F5P2",
    };
    expect(checkoutPrefill({ ...address, country: "Ireland" }, undefined, UK_AND_IRELAND)).toEqual({
      ...address,
      country: "IE",
    });
    expect(checkoutPrefill({ ...address, country: "ie" }, undefined, UK_AND_IRELAND).country).toBe("IE");
  });

  it("leaves the address out where the shop does not deliver, or without a country or first line", () => {
    const address = { addressLine1: "1 Rue de Rivoli", city: "Paris", postalCode: "75001" };
    expect(checkoutPrefill({ ...address, country: "France" }, undefined, UK_AND_IRELAND)).toEqual({});
    expect(checkoutPrefill({ ...address, country: "" }, undefined, new Set(["FR"]))).toEqual({});
    expect(checkoutPrefill({ city: "Paris", country: "France" }, undefined, new Set(["FR"]))).toEqual({});
  });
});
