import { describe, expect, it } from "vitest";
import { countryCodeOf, countryName, searchCountries, WORLD_COUNTRIES } from "./world-countries";

describe("the country list", () => {
  it("is every ISO 3166 country, the UK first, then Ireland", () => {
    expect(WORLD_COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(WORLD_COUNTRIES.slice(0, 3).map((c) => c.name)).toEqual([
      "United Kingdom",
      "Ireland",
      "Afghanistan",
    ]);
  });

  it("uses the spec's names where it has one", () => {
    expect(countryName("US")).toBe("United States");
    expect(countryName("RU")).toBe("Russia");
  });

  it("finds codes by name, alias or code", () => {
    expect(countryCodeOf("Ireland")).toBe("IE");
    expect(countryCodeOf("uk")).toBe("GB");
    expect(countryCodeOf("United States of America")).toBe("US");
    expect(countryCodeOf("Cote d'Ivoire")).toBe("CI");
    expect(countryCodeOf("Narnia")).toBeUndefined();
  });

  it("searches ignoring case and accents", () => {
    expect(searchCountries("irel").map((c) => c.code)).toEqual(["IE"]);
    expect(searchCountries("cote").map((c) => c.code)).toContain("CI");
    expect(searchCountries("great britain").map((c) => c.code)).toEqual(["GB"]);
  });
});
