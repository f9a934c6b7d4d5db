/**
 * What the checkout's delivery form takes from a signed-in customer's profile: name, e-mail,
 * phone, and the saved address only when it names a country the shop delivers to.
 */
import { findCountryByName } from "./countries";
import { countryCodeOf } from "./world-countries";

/** The profile's fields the checkout reads (null or empty when the customer left them blank). */
export interface PrefillProfile {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly phone?: string | null;
  readonly phoneCountryCode?: string | null;
  readonly addressLine1?: string | null;
  readonly addressLine2?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postalCode?: string | null;
  readonly country?: string | null;
}

export type PrefillField =
  | "email"
  | "firstName"
  | "lastName"
  | "phone"
  | "country"
  | "addressLine1"
  | "addressLine2"
  | "city"
  | "state"
  | "postalCode";

/** The UK dial code needs no prefix on a UK delivery form; any other code is written before the number. */
const HOME_DIAL_CODE = "+44";

/** The profile's name, phone and saved address (in any country the shop delivers to). */
export function checkoutPrefill(
  profile: PrefillProfile | null | undefined,
  email: string | undefined,
  served: ReadonlySet<string>,
): Partial<Record<PrefillField, string>> {
  const prefill: Partial<Record<PrefillField, string>> = {};
  if (email) prefill.email = email;
  if (!profile) return prefill;
  if (profile.firstName) prefill.firstName = profile.firstName;
  if (profile.lastName) prefill.lastName = profile.lastName;
  if (profile.phone) {
    prefill.phone =
      profile.phoneCountryCode && profile.phoneCountryCode !== HOME_DIAL_CODE
        ? `${profile.phoneCountryCode} ${profile.phone}`
        : profile.phone;
  }
  // A saved address only counts with its country, and only where the shop delivers.
  const country = countryCodeOf(profile.country) ?? findCountryByName(profile.country)?.iso2;
  if (profile.addressLine1 && country && served.has(country)) {
    prefill.country = country;
    prefill.addressLine1 = profile.addressLine1;
    if (profile.addressLine2) prefill.addressLine2 = profile.addressLine2;
    if (profile.city) prefill.city = profile.city;
    if (profile.state) prefill.state = profile.state;
    if (profile.postalCode) prefill.postalCode = profile.postalCode;
  }
  return prefill;
}
