import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "./limits";

export interface Country {
  readonly iso2: string;
  readonly name: string;
  /** "+44"; several countries share "+1" and "+7", so iso2 is the unique key. */
  readonly dialCode: string;
  readonly flag: string;
  /** National phone digits accepted for the hint (with or without a leading trunk 0). */
  readonly minDigits: number;
  readonly maxDigits: number;
}

export const DEFAULT_PHONE_COUNTRY_CODE = "+44";
export const DEFAULT_PROFILE_COUNTRY = "United States";
/** Checkout ships to the UK only; the country field is fixed and disabled. */
export const CHECKOUT_COUNTRY = "United Kingdom";

/** "GB" -> 🇬🇧: each letter maps to its regional indicator symbol. */
export function flagForIso2(iso2: string): string {
  const REGIONAL_INDICATOR_A = 0x1f1e6;
  return [...iso2.toUpperCase()]
    .map((letter) => String.fromCodePoint(REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65))
    .join("");
}

type CountryRow = readonly [
  iso2: string,
  name: string,
  dialCode: string,
  minDigits: number,
  maxDigits: number,
];

// Alphabetical by English name. Digit ranges are national numbers as people type them; the
// spec's examples (UK 10-11, Ireland 9, US and Canada 10, France 9-10, Germany 10-11) hold.
const COUNTRY_ROWS: readonly CountryRow[] = [
  ["AF", "Afghanistan", "+93", 9, 9],
  ["AL", "Albania", "+355", 8, 9],
  ["DZ", "Algeria", "+213", 8, 9],
  ["AD", "Andorra", "+376", 6, 9],
  ["AO", "Angola", "+244", 9, 9],
  ["AR", "Argentina", "+54", 10, 11],
  ["AM", "Armenia", "+374", 8, 8],
  ["AU", "Australia", "+61", 9, 10],
  ["AT", "Austria", "+43", 7, 13],
  ["AZ", "Azerbaijan", "+994", 9, 9],
  ["BS", "Bahamas", "+1", 10, 10],
  ["BH", "Bahrain", "+973", 8, 8],
  ["BD", "Bangladesh", "+880", 10, 10],
  ["BB", "Barbados", "+1", 10, 10],
  ["BY", "Belarus", "+375", 9, 9],
  ["BE", "Belgium", "+32", 8, 10],
  ["BZ", "Belize", "+501", 7, 7],
  ["BO", "Bolivia", "+591", 8, 8],
  ["BA", "Bosnia and Herzegovina", "+387", 8, 9],
  ["BW", "Botswana", "+267", 7, 8],
  ["BR", "Brazil", "+55", 10, 11],
  ["BN", "Brunei", "+673", 7, 7],
  ["BG", "Bulgaria", "+359", 8, 9],
  ["KH", "Cambodia", "+855", 8, 9],
  ["CM", "Cameroon", "+237", 9, 9],
  ["CA", "Canada", "+1", 10, 10],
  ["CL", "Chile", "+56", 9, 9],
  ["CN", "China", "+86", 10, 11],
  ["CO", "Colombia", "+57", 10, 10],
  ["CR", "Costa Rica", "+506", 8, 8],
  ["CI", "Côte d'Ivoire", "+225", 10, 10],
  ["HR", "Croatia", "+385", 8, 9],
  ["CU", "Cuba", "+53", 8, 8],
  ["CY", "Cyprus", "+357", 8, 8],
  ["CZ", "Czechia", "+420", 9, 9],
  ["CD", "Democratic Republic of the Congo", "+243", 9, 9],
  ["DK", "Denmark", "+45", 8, 8],
  ["DO", "Dominican Republic", "+1", 10, 10],
  ["EC", "Ecuador", "+593", 8, 9],
  ["EG", "Egypt", "+20", 9, 10],
  ["SV", "El Salvador", "+503", 8, 8],
  ["EE", "Estonia", "+372", 7, 8],
  ["ET", "Ethiopia", "+251", 9, 9],
  ["FJ", "Fiji", "+679", 7, 7],
  ["FI", "Finland", "+358", 6, 11],
  ["FR", "France", "+33", 9, 10],
  ["GE", "Georgia", "+995", 9, 9],
  ["DE", "Germany", "+49", 10, 11],
  ["GH", "Ghana", "+233", 9, 10],
  ["GI", "Gibraltar", "+350", 8, 8],
  ["GR", "Greece", "+30", 10, 10],
  ["GT", "Guatemala", "+502", 8, 8],
  ["HN", "Honduras", "+504", 8, 8],
  ["HK", "Hong Kong", "+852", 8, 8],
  ["HU", "Hungary", "+36", 8, 9],
  ["IS", "Iceland", "+354", 7, 7],
  ["IN", "India", "+91", 10, 10],
  ["ID", "Indonesia", "+62", 9, 12],
  ["IR", "Iran", "+98", 10, 10],
  ["IQ", "Iraq", "+964", 10, 10],
  ["IE", "Ireland", "+353", 9, 9],
  ["IL", "Israel", "+972", 8, 9],
  ["IT", "Italy", "+39", 6, 11],
  ["JM", "Jamaica", "+1", 10, 10],
  ["JP", "Japan", "+81", 9, 11],
  ["JO", "Jordan", "+962", 8, 9],
  ["KZ", "Kazakhstan", "+7", 10, 10],
  ["KE", "Kenya", "+254", 9, 10],
  ["KW", "Kuwait", "+965", 8, 8],
  ["LV", "Latvia", "+371", 8, 8],
  ["LB", "Lebanon", "+961", 7, 8],
  ["LI", "Liechtenstein", "+423", 7, 7],
  ["LT", "Lithuania", "+370", 8, 8],
  ["LU", "Luxembourg", "+352", 6, 11],
  ["MY", "Malaysia", "+60", 9, 10],
  ["MT", "Malta", "+356", 8, 8],
  ["MU", "Mauritius", "+230", 7, 8],
  ["MX", "Mexico", "+52", 10, 10],
  ["MD", "Moldova", "+373", 8, 8],
  ["MC", "Monaco", "+377", 8, 9],
  ["ME", "Montenegro", "+382", 8, 9],
  ["MA", "Morocco", "+212", 9, 10],
  ["NA", "Namibia", "+264", 9, 10],
  ["NP", "Nepal", "+977", 8, 10],
  ["NL", "Netherlands", "+31", 9, 10],
  ["NZ", "New Zealand", "+64", 8, 10],
  ["NG", "Nigeria", "+234", 10, 11],
  ["MK", "North Macedonia", "+389", 8, 9],
  ["NO", "Norway", "+47", 8, 8],
  ["OM", "Oman", "+968", 8, 8],
  ["PK", "Pakistan", "+92", 10, 11],
  ["PS", "Palestine", "+970", 9, 10],
  ["PA", "Panama", "+507", 7, 8],
  ["PY", "Paraguay", "+595", 9, 10],
  ["PE", "Peru", "+51", 8, 9],
  ["PH", "Philippines", "+63", 10, 11],
  ["PL", "Poland", "+48", 9, 9],
  ["PT", "Portugal", "+351", 9, 9],
  ["PR", "Puerto Rico", "+1", 10, 10],
  ["QA", "Qatar", "+974", 8, 8],
  ["RO", "Romania", "+40", 9, 10],
  ["RU", "Russia", "+7", 10, 10],
  ["SA", "Saudi Arabia", "+966", 9, 10],
  ["SN", "Senegal", "+221", 9, 9],
  ["RS", "Serbia", "+381", 8, 10],
  ["SG", "Singapore", "+65", 8, 8],
  ["SK", "Slovakia", "+421", 9, 9],
  ["SI", "Slovenia", "+386", 8, 8],
  ["ZA", "South Africa", "+27", 9, 10],
  ["KR", "South Korea", "+82", 9, 11],
  ["ES", "Spain", "+34", 9, 9],
  ["LK", "Sri Lanka", "+94", 9, 10],
  ["SE", "Sweden", "+46", 7, 10],
  ["CH", "Switzerland", "+41", 9, 10],
  ["TW", "Taiwan", "+886", 8, 9],
  ["TZ", "Tanzania", "+255", 9, 10],
  ["TH", "Thailand", "+66", 8, 10],
  ["TT", "Trinidad and Tobago", "+1", 10, 10],
  ["TN", "Tunisia", "+216", 8, 8],
  ["TR", "Turkey", "+90", 10, 11],
  ["UG", "Uganda", "+256", 9, 10],
  ["UA", "Ukraine", "+380", 9, 10],
  ["AE", "United Arab Emirates", "+971", 8, 10],
  ["GB", "United Kingdom", "+44", 10, 11],
  ["US", "United States", "+1", 10, 10],
  ["UY", "Uruguay", "+598", 8, 9],
  ["UZ", "Uzbekistan", "+998", 9, 9],
  ["VE", "Venezuela", "+58", 10, 11],
  ["VN", "Vietnam", "+84", 9, 10],
  ["ZM", "Zambia", "+260", 9, 10],
  ["ZW", "Zimbabwe", "+263", 9, 10],
];

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(
  ([iso2, name, dialCode, minDigits, maxDigits]) => ({
    iso2,
    name,
    dialCode,
    flag: flagForIso2(iso2),
    minDigits,
    maxDigits,
  }),
);

export function findCountryByName(name: string | null | undefined): Country | undefined {
  return COUNTRIES.find((country) => country.name === name);
}

export function findCountryByIso2(iso2: string | null | undefined): Country | undefined {
  const wanted = iso2?.toUpperCase();
  return COUNTRIES.find((country) => country.iso2 === wanted);
}

/** The country for a stored dial code. "+1" and "+7" are shared: the United States and Russia stand for them. */
export function findCountryByDialCode(dialCode: string | null | undefined): Country | undefined {
  const candidates = COUNTRIES.filter((country) => country.dialCode === dialCode);
  return candidates.find((c) => c.iso2 === "US") ?? candidates.find((c) => c.iso2 === "RU") ?? candidates[0];
}

/**
 * One choice per dial code for the phone country-code select (profiles store only the code):
 * a shared code (+1, +7) appears once, under findCountryByDialCode's country.
 */
export function phoneDialCodeChoices(): Country[] {
  const seen = new Set<string>();
  const choices: Country[] = [];
  for (const country of COUNTRIES) {
    if (seen.has(country.dialCode)) continue;
    seen.add(country.dialCode);
    choices.push(findCountryByDialCode(country.dialCode) ?? country);
  }
  return choices;
}

export function isKnownDialCode(dialCode: string): boolean {
  return COUNTRIES.some((country) => country.dialCode === dialCode);
}

/** "Enter 10-11 digits", "Enter 9 digits", or 'Enter 6-15 digits' for an unknown country. */
export function phoneDigitHint(country: Pick<Country, "minDigits" | "maxDigits"> | null | undefined): string {
  if (!country) return CHECKOUT_MESSAGES.validation.phoneHintUnknown;
  const range =
    country.minDigits === country.maxDigits
      ? `${country.minDigits}`
      : `${country.minDigits}-${country.maxDigits}`;
  return `Enter ${range} digits`;
}

/** Keeps digits only: "+44 (0)28 9012-3456" -> "4402890123456". */
export function normalisePhone(input: string): string {
  return input.replace(/\D/g, "");
}

/**
 * Dial codes whose national numbers start with a trunk 0 that is dropped after the country code
 * ("07700 900123" in the UK is +44 7700 900123). Italy (+39) and others keep their 0.
 */
const TRUNK_ZERO_DIAL_CODES: ReadonlySet<string> = new Set([
  "+44",
  "+353",
  "+33",
  "+49",
  "+31",
  "+32",
  "+41",
  "+43",
  "+46",
  "+358",
  "+61",
  "+64",
  "+27",
  "+81",
  "+82",
  "+91",
]);

/**
 * The digits to store beside a dial code: non-digits stripped and, where the country drops it,
 * the trunk 0 a customer types from habit ("+44" and "07700 900123" -> "7700900123").
 */
export function nationalPhoneDigits(dialCode: string, input: string): string {
  const digits = normalisePhone(input);
  return TRUNK_ZERO_DIAL_CODES.has(dialCode.trim()) ? digits.replace(/^0/, "") : digits;
}

export type PhoneValidation =
  | { readonly ok: true; readonly digits: string }
  | { readonly ok: false; readonly message: string };

/** Non-digits are stripped; then 6 to 15 digits are required. */
export function validatePhone(input: string): PhoneValidation {
  const digits = normalisePhone(input);
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) {
    return { ok: false, message: CHECKOUT_MESSAGES.validation.phoneDigits };
  }
  return { ok: true, digits };
}
