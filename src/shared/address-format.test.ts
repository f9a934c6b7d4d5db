import { describe, expect, it } from "vitest";
import { addressFormat, isValidPostalCode, normalisePostalCode } from "./address-format";
import { shippingInfoSchema } from "./schemas";

const base = {
  firstName: "Aoife",
  lastName: "Byrne",
  email: "aoife@example.ie",
  addressLine1: "1 Grafton Street",
  city: "Dublin",
};

describe("address fields per country", () => {
  it("asks Ireland for a county and an Eircode, the US for a state and ZIP, Canada for a province", () => {
    expect(addressFormat("IE").fields.map((f) => f.label)).toEqual(["Town/City", "County", "Eircode"]);
    expect(addressFormat("US").fields.map((f) => f.label)).toEqual(["City", "State", "ZIP code"]);
    expect(addressFormat("CA").fields.map((f) => f.label)).toEqual(["City", "Province", "Postal code"]);
    expect(addressFormat("GB").fields.map((f) => f.label)).toEqual(["Town/City", "County", "Postcode"]);
  });

  it("has no region where a country has none, and puts the postal code first where that is the custom", () => {
    expect(addressFormat("DE").fields.map((f) => f.key)).toEqual(["postalCode", "city"]);
    expect(addressFormat("HK").fields.find((f) => f.key === "postalCode")?.required).toBe(false);
  });
});

describe("postal codes", () => {
  it("checks the country's format", () => {
    expect(isValidPostalCode("IE", "d02x285")).toBe(true);
    expect(isValidPostalCode("IE", "12345")).toBe(false);
    expect(isValidPostalCode("US", "90210")).toBe(true);
    expect(isValidPostalCode("US", "90210-1234")).toBe(true);
    expect(isValidPostalCode("US", "9021")).toBe(false);
    expect(isValidPostalCode("CA", "k1a0b1")).toBe(true);
    expect(isValidPostalCode("CA", "12345")).toBe(false);
    expect(isValidPostalCode("GB", "bt11aa")).toBe(true);
  });

  it("normalises the spacing", () => {
    expect(normalisePostalCode("IE", "d02x285")).toBe("D02 X285");
    expect(normalisePostalCode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalisePostalCode("GB", " bt1  1aa ")).toBe("BT1 1AA");
  });
});

describe("the checkout address schema", () => {
  it("takes an Irish address with an Eircode, by country name or code", () => {
    const parsed = shippingInfoSchema.parse({
      ...base,
      state: "Dublin",
      postalCode: "d02x285",
      country: "Ireland",
    });
    expect(parsed).toMatchObject({ country: "IE", postalCode: "D02 X285", state: "Dublin" });
  });

  it("refuses an invalid Eircode and ZIP with a message on the field", () => {
    const ie = shippingInfoSchema.safeParse({ ...base, state: "Dublin", postalCode: "12345", country: "IE" });
    expect(ie.error?.issues).toEqual([
      expect.objectContaining({
        path: ["postalCode"],
        message: "Please enter a valid Eircode (for example D02 X285).",
      }),
    ]);
    const us = shippingInfoSchema.safeParse({ ...base, state: "NY", postalCode: "ABC", country: "US" });
    expect(us.error?.issues[0]).toMatchObject({
      path: ["postalCode"],
      message: "Please enter a valid ZIP code (for example 10001).",
    });
  });

  it("requires the state in the US and drops a region where the country has none", () => {
    const us = shippingInfoSchema.safeParse({ ...base, postalCode: "10001", country: "US" });
    expect(us.error?.issues[0]?.path).toEqual(["state"]);
    const de = shippingInfoSchema.parse({ ...base, state: "Berlin", postalCode: "10115", country: "DE" });
    expect(de.state).toBe("");
  });

  it("refuses a country that is not one", () => {
    const parsed = shippingInfoSchema.safeParse({ ...base, country: "Atlantis" });
    expect(parsed.error?.issues.map((i) => i.message)).toContain("Please choose the country to deliver to.");
  });
});
