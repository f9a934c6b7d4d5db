import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_COUNTRY,
  COUNTRIES,
  DEFAULT_PHONE_COUNTRY_CODE,
  DEFAULT_PROFILE_COUNTRY,
  findCountryByDialCode,
  findCountryByIso2,
  findCountryByName,
  flagForIso2,
  isKnownDialCode,
  nationalPhoneDigits,
  normalisePhone,
  phoneDialCodeChoices,
  phoneDigitHint,
  validatePhone,
} from "./countries";

describe("COUNTRIES", () => {
  it("has about 130 countries", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(125);
    expect(COUNTRIES.length).toBeLessThanOrEqual(140);
  });

  it.each([
    ["United Kingdom", "+44", 10, 11],
    ["Ireland", "+353", 9, 9],
    ["United States", "+1", 10, 10],
    ["Canada", "+1", 10, 10],
    ["France", "+33", 9, 10],
    ["Germany", "+49", 10, 11],
  ])("keeps the spec's example %s %s %i-%i", (name, dialCode, minDigits, maxDigits) => {
    expect(findCountryByName(name)).toMatchObject({ dialCode, minDigits, maxDigits });
  });

  it("has unique names and codes, flags matching the code, and ranges within 6-15 digits", () => {
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.iso2)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.iso2).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(country.flag).toBe(flagForIso2(country.iso2));
      expect(country.minDigits).toBeGreaterThanOrEqual(6);
      expect(country.maxDigits).toBeLessThanOrEqual(15);
      expect(country.minDigits).toBeLessThanOrEqual(country.maxDigits);
    }
  });

  it("is in alphabetical order", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("makes flag emoji from codes", () => {
    expect(flagForIso2("GB")).toBe("🇬🇧");
    expect(flagForIso2("ie")).toBe("🇮🇪");
  });
});

describe("defaults", () => {
  it("match the spec", () => {
    expect(DEFAULT_PHONE_COUNTRY_CODE).toBe("+44");
    expect(DEFAULT_PROFILE_COUNTRY).toBe("United States");
    expect(CHECKOUT_COUNTRY).toBe("United Kingdom");
    expect(findCountryByName(DEFAULT_PROFILE_COUNTRY)).toBeDefined();
    expect(findCountryByName(CHECKOUT_COUNTRY)).toBeDefined();
    expect(isKnownDialCode(DEFAULT_PHONE_COUNTRY_CODE)).toBe(true);
  });
});

describe("lookups", () => {
  it("find countries by iso code, name and dial code", () => {
    expect(findCountryByIso2("gb")?.name).toBe("United Kingdom");
    expect(findCountryByName("Narnia")).toBeUndefined();
    expect(findCountryByDialCode("+44")?.name).toBe("United Kingdom");
    expect(findCountryByDialCode("+353")?.name).toBe("Ireland");
    expect(findCountryByDialCode("+1")?.name).toBe("United States");
    expect(findCountryByDialCode("+7")?.name).toBe("Russia");
    expect(findCountryByDialCode("+999")).toBeUndefined();
    expect(isKnownDialCode("+999")).toBe(false);
  });

  it("offers each dial code once for the phone select", () => {
    const choices = phoneDialCodeChoices();
    expect(new Set(choices.map((c) => c.dialCode)).size).toBe(choices.length);
    expect(choices.find((c) => c.dialCode === "+1")?.iso2).toBe("US");
    expect(choices.map((c) => c.dialCode)).toContain("+44");
  });
});

describe("nationalPhoneDigits", () => {
  it("drops the trunk 0 a UK or Irish number is typed with, keeps Italy's and a number without one", () => {
    expect(nationalPhoneDigits("+44", "07700 900123")).toBe("7700900123");
    expect(nationalPhoneDigits("+44", "(0)28 9012 3456")).toBe("2890123456");
    expect(nationalPhoneDigits("+44", "7700 900123")).toBe("7700900123");
    expect(nationalPhoneDigits("+353", "087 123 4567")).toBe("871234567");
    expect(nationalPhoneDigits("+39", "06 1234 5678")).toBe("0612345678");
    expect(nationalPhoneDigits("+1", "(212) 555-0100")).toBe("2125550100");
  });
});

describe("phone rules", () => {
  it("hint at the country's digit range", () => {
    expect(phoneDigitHint(findCountryByName("United Kingdom"))).toBe("Enter 10-11 digits");
    expect(phoneDigitHint(findCountryByName("Ireland"))).toBe("Enter 9 digits");
    expect(phoneDigitHint(undefined)).toBe("Enter 6-15 digits");
    expect(phoneDigitHint(null)).toBe("Enter 6-15 digits");
  });

  it("strip non-digits", () => {
    expect(normalisePhone("+44 (0)28 9012-3456")).toBe("4402890123456");
    expect(normalisePhone("abc")).toBe("");
  });

  it("accept 6 to 15 digits", () => {
    expect(validatePhone("028 9012 3456")).toEqual({ ok: true, digits: "02890123456" });
    expect(validatePhone("123456")).toEqual({ ok: true, digits: "123456" });
    expect(validatePhone("123456789012345")).toMatchObject({ ok: true });
    for (const bad of ["", "12345", "1234567890123456", "phone"]) {
      expect(validatePhone(bad)).toEqual({
        ok: false,
        message: "Phone number must be between 6 and 15 digits",
      });
    }
  });

  it("judge any input by its digit count alone", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const digits = input.replace(/\D/g, "").length;
        expect(validatePhone(input).ok).toBe(digits >= 6 && digits <= 15);
      }),
    );
  });
});
