/**
 * How an address is asked for in each country: the labels and order of the town, region and
 * postal-code fields, which of them exist and which are required. Postal codes are checked
 * with postcode-validator (a maintained table of about 180 countries' formats); a country it
 * does not know takes any postal code, optionally (many, like Hong Kong or the UAE, use none).
 */

import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { INTERNATIONAL_MESSAGES } from "./international-messages";

export type AddressFieldKey = "city" | "state" | "postalCode";

export interface AddressFieldSpec {
  readonly key: AddressFieldKey;
  readonly label: string;
  readonly required: boolean;
  /** The browser's autofill token. */
  readonly autoComplete: string;
  readonly hint?: string;
}

export interface AddressFormat {
  readonly country: string;
  /** The town, region and postal-code fields after the two address lines, in the country's order. */
  readonly fields: readonly AddressFieldSpec[];
  /** Shown with an invalid postal code: "Eircode", "ZIP code". */
  readonly postalLabel: string;
  readonly postalExample?: string;
}

interface Layout {
  city?: string;
  /** Absent: the country's addresses carry no region. */
  region?: string;
  regionRequired?: boolean;
  postal?: string;
  example?: string;
  /** Region before the postal code (the default), or postal code before the town ("D-10115 Berlin"). */
  order?: readonly AddressFieldKey[];
}

const LAYOUTS: Record<string, Layout> = {
  GB: { city: "Town/City", region: "County", regionRequired: true, postal: "Postcode", example: "BT1 1AA" },
  IE: { city: "Town/City", region: "County", regionRequired: true, postal: "Eircode", example: "D02 X285" },
  US: { region: "State", regionRequired: true, postal: "ZIP code", example: "10001" },
  CA: { region: "Province", regionRequired: true, postal: "Postal code", example: "K1A 0B1" },
  AU: { city: "Suburb", region: "State", regionRequired: true, postal: "Postcode", example: "2000" },
  NZ: { postal: "Postcode" },
  IT: { region: "Province", regionRequired: true, postal: "CAP" },
  ES: { region: "Province", regionRequired: true },
  BR: { region: "State", regionRequired: true, postal: "CEP" },
  MX: { region: "State", regionRequired: true },
  IN: { region: "State", regionRequired: true, postal: "PIN code" },
  CN: { region: "Province", regionRequired: true },
  JP: { region: "Prefecture", regionRequired: true },
  AR: { region: "Province", regionRequired: true },
  DE: { order: ["postalCode", "city"] },
  FR: { order: ["postalCode", "city"] },
  NL: { order: ["postalCode", "city"] },
  AT: { order: ["postalCode", "city"] },
  CH: { order: ["postalCode", "city"] },
  BE: { order: ["postalCode", "city"] },
};

/** The fields for a country (ISO alpha-2). An unknown country gets town, optional region and postal code. */
export function addressFormat(country: string): AddressFormat {
  const code = country.toUpperCase();
  const layout = LAYOUTS[code] ?? {};
  const postalKnown = postcodeValidatorExistsForCountry(code);
  const postalLabel = layout.postal ?? "Postal code";
  const city: AddressFieldSpec = {
    key: "city",
    label: layout.city ?? "City",
    required: true,
    autoComplete: "address-level2",
  };
  const region: AddressFieldSpec | null = layout.region
    ? {
        key: "state",
        label: layout.region,
        required: layout.regionRequired ?? false,
        autoComplete: "address-level1",
      }
    : null;
  const postal: AddressFieldSpec = {
    key: "postalCode",
    label: postalLabel,
    required: postalKnown,
    autoComplete: "postal-code",
    ...(postalKnown ? {} : { hint: "If your address has one." }),
  };
  const order = layout.order ?? ["city", "state", "postalCode"];
  const byKey: Record<AddressFieldKey, AddressFieldSpec | null> = { city, state: region, postalCode: postal };
  const fields = order.flatMap((key) => (byKey[key] ? [byKey[key]] : []));
  if (!order.includes("state") && region) fields.push(region);
  return {
    country: code,
    fields,
    postalLabel,
    ...(layout.example ? { postalExample: layout.example } : {}),
  };
}

/** Upper case, one space between parts; UK postcodes and Eircodes get their inward/outward space. */
export function normalisePostalCode(country: string, postalCode: string): string {
  const code = country.toUpperCase();
  const spaced = postalCode.trim().replace(/\s+/g, " ").toUpperCase();
  const compact = spaced.replace(/ /g, "");
  if (code === "GB" && compact.length > 3) return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  if (code === "IE" && compact.length === 7) return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  if (code === "CA" && compact.length === 6) return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  return spaced;
}

/** True when the postal code fits the country's format (any non-empty code where the format is unknown). */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  const code = country.toUpperCase();
  const value = normalisePostalCode(code, postalCode);
  if (!value) return false;
  // Girobank's non-geographic postcode, which the library's UK pattern leaves out.
  if (code === "GB" && value === "GIR 0AA") return true;
  if (!postcodeValidatorExistsForCountry(code)) return value.length <= 20;
  return postcodeValidator(value, code);
}

export function invalidPostalCodeMessage(country: string): string {
  const format = addressFormat(country);
  if (format.country === "GB") return CHECKOUT_MESSAGES.validation.invalidPostcode;
  return INTERNATIONAL_MESSAGES.invalidPostalCode(format.postalLabel, format.postalExample);
}
