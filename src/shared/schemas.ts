import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./account-messages";
import {
  addressFormat,
  invalidPostalCodeMessage,
  isValidPostalCode,
  normalisePostalCode,
} from "./address-format";
import { cartItemSchema } from "./cart";
import { MAX_CART_ITEMS, MAX_URL_LENGTH } from "./cart-limits";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { DEFAULT_PHONE_COUNTRY_CODE, findCountryByName, isKnownDialCode, validatePhone } from "./countries";
import { CURRENCY_CODES } from "./currency";
import { MFA_CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { parseOrderNumber } from "./orders";
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS } from "./shipping";
import { countryCodeOf } from "./world-countries";

/**
 * Zod schemas used at both edges (forms in the web app, request bodies on the server), with
 * the spec's messages. Strings are trimmed; every string has a maximum length (the spec
 * leaves lengths open, these are ours).
 */
export const FIELD_MAX_LENGTH = {
  name: 100,
  email: 254,
  subject: 50,
  message: 5000,
  phone: 30,
  addressLine: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
} as const;

const V = CHECKOUT_MESSAGES.validation;

/**
 * A trimmed required string: missing or blank gives `requiredMessage`, and then no other
 * check runs (so a blank postcode is "required", not also "invalid").
 */
function requiredText(requiredMessage: string, maxLength: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(maxLength, V.tooLong(maxLength));
}

/** A trimmed optional string; blank is allowed (and kept as ""). */
function optionalText(maxLength: number) {
  return z.string({ error: V.invalidText }).trim().max(maxLength, V.tooLong(maxLength)).optional();
}

/** A required e-mail: blank gives `requiredMessage`, a malformed one the spec's invalid-email text. */
function emailField(requiredMessage: string, invalidMessage: string = V.invalidEmail) {
  return requiredText(requiredMessage, FIELD_MAX_LENGTH.email).pipe(z.email(invalidMessage));
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Empty, or a phone number that has 6-15 digits once non-digits are stripped. */
const optionalPhone = z
  .string({ error: V.phoneDigits })
  .trim()
  .max(FIELD_MAX_LENGTH.phone, V.tooLong(FIELD_MAX_LENGTH.phone))
  .refine((value) => value === "" || validatePhone(value).ok, V.phoneDigits)
  .optional();

// ---------------------------------------------------------------------------- contact

export const CONTACT_SUBJECTS = [
  { value: "order-inquiry", label: "Order Inquiry" },
  { value: "custom-request", label: "Custom Request" },
  { value: "shipping", label: "Shipping Question" },
  { value: "returns", label: "Returns & Refunds" },
  { value: "technical", label: "Technical Support" },
  { value: "wholesale", label: "Wholesale Inquiry" },
  { value: "other", label: "Other" },
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];
const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

/** Name, email and message are required ('Please fill in all required fields'); subject is optional. */
export const contactSchema = z.object({
  name: requiredText(V.requiredFields, FIELD_MAX_LENGTH.name),
  email: emailField(V.requiredFields),
  subject: z.enum(CONTACT_SUBJECT_VALUES).optional(),
  message: requiredText(V.requiredFields, FIELD_MAX_LENGTH.message),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The customer's answer through a reply's link (the token is checked on the server). */
export const answerSchema = z.object({
  token: z.string().min(1).max(200),
  message: requiredText(V.requiredFields, FIELD_MAX_LENGTH.message),
});

// ---------------------------------------------------------------------------- auth

const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.password.tooShort })
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.password.tooShort)
  .max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH));

export const signUpSchema = z
  .object({
    firstName: requiredText(V.firstNameRequired, FIELD_MAX_LENGTH.name),
    lastName: requiredText(V.lastNameRequired, FIELD_MAX_LENGTH.name),
    email: emailField(V.emailRequired),
    confirmEmail: z
      .string({ error: V.emailsDoNotMatch })
      .trim()
      .max(FIELD_MAX_LENGTH.email, V.tooLong(FIELD_MAX_LENGTH.email)),
    password: newPassword,
  })
  .refine((data) => sameEmail(data.email, data.confirmEmail), {
    error: V.emailsDoNotMatch,
    path: ["confirmEmail"],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** No minimum length here: the rule applies when a password is set, not when it is typed to sign in. */
export const signInSchema = z.object({
  email: emailField(V.emailRequired),
  password: z
    .string({ error: V.passwordRequired })
    .min(1, V.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The current password is asked too: a security change re-authenticates (Better Auth requires it). */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.password.currentRequired })
      .min(1, ACCOUNT_MESSAGES.password.currentRequired)
      .max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)),
    newPassword,
    confirmPassword: z
      .string({ error: ACCOUNT_MESSAGES.password.mismatch })
      .max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    error: ACCOUNT_MESSAGES.password.mismatch,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Forgotten password, step 1: the account's address. */
export const requestPasswordResetSchema = z.object({ email: emailField(V.emailRequired) });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** Forgotten password, step 2 (from the e-mailed link): the new password, typed twice. */
export const resetPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: z
      .string({ error: ACCOUNT_MESSAGES.password.mismatch })
      .max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    error: ACCOUNT_MESSAGES.password.mismatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A factory: the new address must differ from the signed-in user's current one (compared case-insensitively). */
export function changeEmailSchema(currentEmail: string) {
  const M = ACCOUNT_MESSAGES.email;
  return z
    .object({
      /**
       * The current password (issue 14): the server asks for it unless the sign-in is at most
       * 5 minutes old (accounts without a password: sign in again). Optional here, so an
       * OAuth-only account can still send the form.
       */
      currentPassword: z.string().max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)).optional(),
      newEmail: emailField(M.invalid, M.invalid),
      confirmEmail: z
        .string({ error: M.mismatch })
        .trim()
        .max(FIELD_MAX_LENGTH.email, V.tooLong(FIELD_MAX_LENGTH.email)),
    })
    .refine((data) => sameEmail(data.newEmail, data.confirmEmail), {
      error: M.mismatch,
      path: ["confirmEmail"],
    })
    .refine((data) => !sameEmail(data.newEmail, currentEmail), {
      error: M.sameAsCurrent,
      path: ["newEmail"],
    });
}
export type ChangeEmailInput = z.infer<ReturnType<typeof changeEmailSchema>>;

/** Exactly six digits (spaces a user pastes in are ignored). */
export const mfaCodeSchema = z
  .string({ error: V.mfaCode })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), V.mfaCode));

// ---------------------------------------------------------------------------- checkout

/** UK postcodes, including GIR 0AA; any spacing. Output is upper case with one space: "BT1 1AA". */
export function normaliseUkPostcode(postcode: string): string {
  return normalisePostalCode("GB", postcode);
}

const missing = V.requiredFieldsCheckout;

/**
 * Checkout's required text: like requiredText, but a blank value does not abort the parse, so
 * the country's own checks (region, postal code) still run and a blank form lists every field.
 */
function checkoutText(maxLength: number) {
  return z.string({ error: missing }).trim().min(1, missing).max(maxLength, V.tooLong(maxLength));
}

const plainEmail = z.email();
const checkoutEmail = checkoutText(FIELD_MAX_LENGTH.email).refine(
  (value) => value === "" || plainEmail.safeParse(value).success,
  V.invalidEmail,
);

/** Fields a UK address must fill before checkout ('Missing information' / 'Please fill in all required fields.'). */
export const SHIPPING_REQUIRED_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "addressLine1",
  "city",
  "state",
  "postalCode",
] as const;

/** A country to deliver to: its ISO code ("IE") or English name ("Ireland"); output is the code. */
export const deliveryCountrySchema = z
  .string({ error: (issue) => (issue.input === undefined ? missing : V.chooseCountry) })
  .trim()
  .min(1, { error: missing, abort: true })
  .max(FIELD_MAX_LENGTH.country, V.tooLong(FIELD_MAX_LENGTH.country))
  .transform((value, ctx) => {
    const code = countryCodeOf(value);
    if (!code) {
      ctx.addIssue({ code: "custom", message: V.chooseCountry });
      return z.NEVER;
    }
    return code;
  });

/** A zod check's payload is an object (the other fields may still be unparsed). */
function isObjectPayload(payload: { value: unknown }): boolean {
  return typeof payload.value === "object" && payload.value !== null;
}

/**
 * The country's own address rules (address-format.ts): its required region and postal code,
 * and the postal code's format. Runs beside the other fields' issues (so a blank form lists
 * every missing field); the values may then be unparsed, hence the checks.
 */
function checkCountryAddress(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const country = typeof value.country === "string" ? countryCodeOf(value.country) : undefined;
  if (!country) return;
  for (const field of addressFormat(country).fields) {
    if (field.key === "city") continue;
    const raw = value[field.key];
    const text = typeof raw === "string" ? raw.trim() : "";
    if (field.required && !text) {
      ctx.addIssue({ code: "custom", message: missing, path: [field.key] });
    } else if (field.key === "postalCode" && text && !isValidPostalCode(country, text)) {
      ctx.addIssue({ code: "custom", message: invalidPostalCodeMessage(country), path: ["postalCode"] });
    }
  }
}

/** A region the country does not use is dropped; the postal code is written the country's way. */
function normaliseCountryAddress<
  T extends { country: string; state?: string | undefined; postalCode?: string | undefined },
>(value: T): T & { state: string; postalCode: string } {
  const format = addressFormat(value.country);
  const hasRegion = format.fields.some((f) => f.key === "state");
  return {
    ...value,
    state: hasRegion ? (value.state ?? "") : "",
    postalCode: value.postalCode ? normalisePostalCode(value.country, value.postalCode) : "",
  };
}

/**
 * Checkout's address. Which region and postal-code fields are required, and the postal
 * code's format, follow the country (address-format.ts); a region the country does not use
 * is dropped. Whether the shop delivers to the country is the server's zones' call.
 */
export const shippingInfoSchema = z
  .object({
    firstName: checkoutText(FIELD_MAX_LENGTH.name),
    lastName: checkoutText(FIELD_MAX_LENGTH.name),
    email: checkoutEmail,
    phone: optionalPhone,
    addressLine1: checkoutText(FIELD_MAX_LENGTH.addressLine),
    addressLine2: optionalText(FIELD_MAX_LENGTH.addressLine),
    city: checkoutText(FIELD_MAX_LENGTH.city),
    state: optionalText(FIELD_MAX_LENGTH.state),
    postalCode: optionalText(FIELD_MAX_LENGTH.postalCode),
    country: deliveryCountrySchema,
  })
  .superRefine(checkCountryAddress, { when: isObjectPayload })
  .transform(normaliseCountryAddress);

export type ShippingInfo = z.infer<typeof shippingInfoSchema>;
export type ShippingInfoInput = z.input<typeof shippingInfoSchema>;

// ---------------------------------------------------------------------------- gift and billing (issue 20)

/** The longest gift message: a few lines on the packing slip. */
export const GIFT_MESSAGE_MAX_LENGTH = 300;

/**
 * A gift order: the name on the parcel (the recipient, not the buyer who pays and gets the
 * e-mails) and a message printed on the packing slip. A gift's slip never shows prices.
 */
export const giftSchema = z.object({
  recipientName: checkoutText(FIELD_MAX_LENGTH.name * 2),
  message: z
    .string({ error: V.invalidText })
    .trim()
    .max(GIFT_MESSAGE_MAX_LENGTH, V.tooLong(GIFT_MESSAGE_MAX_LENGTH))
    .default(""),
});
export type GiftInfo = z.infer<typeof giftSchema>;

/**
 * The buyer's billing address when it is not the delivery address ("Send to a different
 * address than billing"). The buyer's name is the checkout's first and last name; any country.
 */
export const billingAddressSchema = z
  .object({
    addressLine1: checkoutText(FIELD_MAX_LENGTH.addressLine),
    addressLine2: optionalText(FIELD_MAX_LENGTH.addressLine),
    city: checkoutText(FIELD_MAX_LENGTH.city),
    state: optionalText(FIELD_MAX_LENGTH.state),
    postalCode: optionalText(FIELD_MAX_LENGTH.postalCode),
    country: deliveryCountrySchema,
  })
  .superRefine(checkCountryAddress, { when: isObjectPayload })
  .transform(normaliseCountryAddress);
export type BillingAddress = z.infer<typeof billingAddressSchema>;
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/** Copies a nested parse's issues onto the form's fields under `prefix`. */
function addIssuesUnder(ctx: z.RefinementCtx, prefix: string, issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    ctx.addIssue({ code: "custom", message: issue.message, path: [prefix, ...issue.path] });
  }
}

/**
 * The checkout form's gift and billing part as typed (check boxes and fields), validated with
 * the same schemas as the request; its output is the request's `gift` and `billingAddress`.
 */
export const checkoutExtrasFormSchema = z
  .object({
    isGift: z.boolean(),
    gift: z.object({ recipientName: z.string(), message: z.string() }),
    billingDifferent: z.boolean(),
    billing: z.object({
      addressLine1: z.string(),
      addressLine2: z.string(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      country: z.string(),
    }),
  })
  .superRefine((value, ctx) => {
    if (value.isGift) {
      const gift = giftSchema.safeParse(value.gift);
      if (!gift.success) addIssuesUnder(ctx, "gift", gift.error.issues);
    }
    if (value.billingDifferent) {
      const billing = billingAddressSchema.safeParse(value.billing);
      if (!billing.success) addIssuesUnder(ctx, "billing", billing.error.issues);
    }
  })
  .transform((value) => ({
    gift: value.isGift ? giftSchema.parse(value.gift) : null,
    billingAddress: value.billingDifferent ? billingAddressSchema.parse(value.billing) : null,
  }));
export type CheckoutExtrasFormValues = z.input<typeof checkoutExtrasFormSchema>;
export type CheckoutExtras = z.infer<typeof checkoutExtrasFormSchema>;

/** The create-checkout body: cart lines, shipping details and the display currency's code. */
export const checkoutRequestSchema = z.object({
  cartItems: z
    .array(cartItemSchema)
    .min(1, CHECKOUT_MESSAGES.checkout.cartEmptyDescription)
    .max(MAX_CART_ITEMS),
  shippingInfo: shippingInfoSchema,
  currency: z.enum(CURRENCY_CODES),
  shippingMethod: z.enum(SHIPPING_METHODS).default(DEFAULT_SHIPPING_METHOD),
  /**
   * The shipping price the page showed (GBP pence). The server prices shipping from the
   * country's zone itself; when this is sent and differs, it refuses (the buyer sees the new price).
   */
  expectedShippingPence: z.number().int().min(0).max(10_000_000).optional(),
  /** A discount code as typed (case-insensitive); empty means none. */
  discountCode: z.string().trim().max(40).optional(),
  /** A gift: the recipient's name on the parcel and the slip's message (issue 20). */
  gift: giftSchema.nullish(),
  /** The billing address, when it is not the delivery address. */
  billingAddress: billingAddressSchema.nullish(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

// ---------------------------------------------------------------------------- track

/** Order number: the 8 hex characters shown for an order (a leading '#' is allowed), output lower case. */
export const trackSchema = z.object({
  /** "#1001" or an order's old 8-character number (issue 47 item 13): answered as "#"-less, lower case. */
  orderNumber: z
    .string({ error: V.orderNumberRequired })
    .trim()
    .transform((value) => value.replace(/^#\s*/, "").toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: V.orderNumberRequired, abort: true })
        .refine((value) => parseOrderNumber(value) !== null, V.orderNumberFormat),
    ),
  email: emailField(V.emailRequired),
});
export type TrackInput = z.infer<typeof trackSchema>;

// ---------------------------------------------------------------------------- profile and address

/** Profile edits. Names may stay blank (OAuth sign-ups may lack one); the phone follows the 6-15 digit rule. */
export const profileSchema = z.object({
  firstName: optionalText(FIELD_MAX_LENGTH.name),
  lastName: optionalText(FIELD_MAX_LENGTH.name),
  phone: optionalPhone,
  phoneCountryCode: z
    .string({ error: V.invalidDialCode })
    .trim()
    .refine(isKnownDialCode, V.invalidDialCode)
    .default(DEFAULT_PHONE_COUNTRY_CODE),
  addressLine1: optionalText(FIELD_MAX_LENGTH.addressLine),
  addressLine2: optionalText(FIELD_MAX_LENGTH.addressLine),
  city: optionalText(FIELD_MAX_LENGTH.city),
  state: optionalText(FIELD_MAX_LENGTH.state),
  postalCode: optionalText(FIELD_MAX_LENGTH.postalCode),
  country: z
    .string({ error: V.invalidCountry })
    .trim()
    .refine((name) => name === "" || findCountryByName(name) !== undefined, V.invalidCountry)
    .optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Address search needs both the postcode and the country. */
export const addressLookupSchema = z.object({
  postcode: requiredText(ACCOUNT_MESSAGES.address.postcodeAndCountryRequired, FIELD_MAX_LENGTH.postalCode),
  country: requiredText(ACCOUNT_MESSAGES.address.postcodeAndCountryRequired, FIELD_MAX_LENGTH.country),
});
export type AddressLookupInput = z.infer<typeof addressLookupSchema>;

/** One address from the lookup (the spec's result fields). */
export const addressLookupResultSchema = z.object({
  address_line_1: z.string().max(FIELD_MAX_LENGTH.addressLine),
  address_line_2: z.string().max(FIELD_MAX_LENGTH.addressLine),
  city: z.string().max(FIELD_MAX_LENGTH.city),
  state: z.string().max(FIELD_MAX_LENGTH.state),
  postal_code: z.string().max(FIELD_MAX_LENGTH.postalCode),
  formatted_address: z.string().max(500),
});
export type AddressLookupResult = z.infer<typeof addressLookupResultSchema>;

// ---------------------------------------------------------------------------- account security

/** Password (required for accounts that have one) plus, optionally, a current authenticator code. */
export const mfaResetSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)).optional(),
  code: mfaCodeSchema.optional(),
});
export type MfaResetInput = z.infer<typeof mfaResetSchema>;

/** Deleting an account: the word DELETE typed out, and the password for accounts that have one. */
export const deleteAccountSchema = z.object({
  confirm: z.literal("DELETE", ACCOUNT_MESSAGES.account.deleteConfirmRequired),
  password: z.string().max(PASSWORD_MAX_LENGTH, V.tooLong(PASSWORD_MAX_LENGTH)).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

// ---------------------------------------------------------------------------- every request (issue 14)

/** No request of the shop nests deeper than this (objects and arrays); deeper bodies are refused. */
export const MAX_REQUEST_DEPTH = 32;

/** What the edge refuses in a request's parsed value, before any schema sees it. */
export type RequestValueProblem = { kind: "nul"; path: string } | { kind: "tooDeep" };

/**
 * A NUL character (U+0000) in any string or key of `value` (PostgreSQL cannot store one in text
 * and no form field needs it), or nesting deeper than MAX_REQUEST_DEPTH (about 24 KB of
 * brackets made every walk over the body overflow the stack: a 500 before sign-in), or null.
 * The walk keeps its own stack, so no depth can overflow it; the path of a NUL is named by a
 * second walk, only then and only over a value known to be shallow.
 */
export function requestValueProblem(value: unknown): RequestValueProblem | null {
  if (typeof value !== "object" || value === null) {
    return typeof value === "string" && value.includes("\u0000") ? { kind: "nul", path: "_" } : null;
  }
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let nul = false;
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() ?? 0;
    if (depth > MAX_REQUEST_DEPTH) return { kind: "tooDeep" };
    if (Array.isArray(current)) {
      for (const item of current) {
        if (typeof item === "string") nul ||= item.includes("\u0000");
        else if (typeof item === "object" && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        nul ||= key.includes("\u0000");
        const item = record[key];
        if (typeof item === "string") nul ||= item.includes("\u0000");
        else if (typeof item === "object" && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    }
  }
  return nul ? { kind: "nul", path: pathOfNul(value, []) ?? "_" } : null;
}

/** Recursive, so only over a value requestValueProblem found within MAX_REQUEST_DEPTH. */
function pathOfNul(value: unknown, path: readonly (string | number)[]): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "_" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")].join(".") || "_";
      const found = pathOfNul(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Years a shop date may fall in (PostgreSQL and the admin screens both handle these). */
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

/**
 * True for a real calendar day written "YYYY-MM-DD": "2024-02-29" yes, "2026-02-30" and
 * "2025-13-01" no (Date.parse accepts the first and rolls it into March).
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** "2025-03-01": a calendar day, checked strictly. */
export const calendarDateSchema = z
  .string({ error: V.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, V.dateFormat)
  .refine(isCalendarDate, V.notARealDate);

/**
 * The user fields Better Auth's own endpoints may write (sign-up, update-user): the shop's
 * name limit, and an image that is an http(s) URL or nothing. Unknown fields are left to
 * Better Auth, which ignores what is not in its schema.
 */
export const authUserFieldsSchema = z.object({
  name: z
    .string({ error: V.invalidText })
    .trim()
    .min(1, V.invalidText)
    .max(FIELD_MAX_LENGTH.name * 2 + 1, V.tooLong(FIELD_MAX_LENGTH.name * 2 + 1))
    .optional(),
  image: z
    .string({ error: V.invalidImageUrl })
    .max(MAX_URL_LENGTH, V.tooLong(MAX_URL_LENGTH))
    .refine(isHttpUrl, V.invalidImageUrl)
    .nullable()
    .optional(),
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
