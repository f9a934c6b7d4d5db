import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAccessoryCartItem } from "./cart";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import {
  addressLookupSchema,
  authUserFieldsSchema,
  CONTACT_SUBJECTS,
  calendarDateSchema,
  changeEmailSchema,
  changePasswordSchema,
  checkoutRequestSchema,
  contactSchema,
  FIELD_MAX_LENGTH,
  isCalendarDate,
  MAX_REQUEST_DEPTH,
  mfaCodeSchema,
  normaliseUkPostcode,
  profileSchema,
  requestPasswordResetSchema,
  requestValueProblem,
  resetPasswordSchema,
  SHIPPING_REQUIRED_FIELDS,
  shippingInfoSchema,
  signInSchema,
  signUpSchema,
  trackSchema,
} from "./schemas";

/** The messages of a failed parse, by dotted path. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe("contactSchema", () => {
  const valid = { name: "Aoife", email: "aoife@example.com", subject: "custom-request", message: "Hello!" };

  it("lists the spec's subjects", () => {
    expect(CONTACT_SUBJECTS).toEqual([
      { value: "order-inquiry", label: "Order Inquiry" },
      { value: "custom-request", label: "Custom Request" },
      { value: "shipping", label: "Shipping Question" },
      { value: "returns", label: "Returns & Refunds" },
      { value: "technical", label: "Technical Support" },
      { value: "wholesale", label: "Wholesale Inquiry" },
      { value: "other", label: "Other" },
    ]);
  });

  it("accepts a complete message and trims it", () => {
    expect(contactSchema.parse({ ...valid, name: "  Aoife " })).toEqual(valid);
    expect(contactSchema.safeParse({ ...valid, subject: undefined }).success).toBe(true);
  });

  it("requires name, email and message with the spec's text", () => {
    const result = contactSchema.safeParse({ name: " ", email: "", message: "" });
    expect(errorsOf(result)).toEqual({
      name: ["Please fill in all required fields"],
      email: ["Please fill in all required fields"],
      message: ["Please fill in all required fields"],
    });
    expect(errorsOf(contactSchema.safeParse({}))).toEqual({
      name: ["Please fill in all required fields"],
      email: ["Please fill in all required fields"],
      message: ["Please fill in all required fields"],
    });
  });

  it("rejects a malformed email, an unknown subject and an over-long message", () => {
    expect(errorsOf(contactSchema.safeParse({ ...valid, email: "not-an-email" }))).toEqual({
      email: ["Please enter a valid email address."],
    });
    expect(contactSchema.safeParse({ ...valid, subject: "complaint" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...valid, message: "x".repeat(FIELD_MAX_LENGTH.message) }).success).toBe(
      true,
    );
    expect(
      contactSchema.safeParse({ ...valid, message: "x".repeat(FIELD_MAX_LENGTH.message + 1) }).success,
    ).toBe(false);
  });
});

describe("signUpSchema", () => {
  const valid = {
    firstName: "Ciara",
    lastName: "Byrne",
    email: "ciara@example.com",
    confirmEmail: "ciara@example.com",
    password: "secret",
  };

  it("accepts matching emails (case aside) and a 6-character password", () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, confirmEmail: "Ciara@Example.com" }).success).toBe(true);
  });

  it("refuses mismatched emails with the spec's text", () => {
    expect(errorsOf(signUpSchema.safeParse({ ...valid, confirmEmail: "other@example.com" }))).toEqual({
      confirmEmail: ["Email addresses do not match"],
    });
  });

  it("requires first and last name and a password of at least 6", () => {
    const errors = errorsOf(
      signUpSchema.safeParse({ ...valid, firstName: "", lastName: " ", password: "12345" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["firstName", "lastName", "password"]);
    expect(errors.password).toEqual(["Password must be at least 6 characters long."]);
  });

  it("caps name lengths", () => {
    expect(signUpSchema.safeParse({ ...valid, firstName: "x".repeat(101) }).success).toBe(false);
  });
});

describe("signInSchema", () => {
  it("needs an email and any non-empty password", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(Object.keys(errorsOf(signInSchema.safeParse({ email: "", password: "" }))).sort()).toEqual([
      "email",
      "password",
    ]);
  });
});

describe("changePasswordSchema", () => {
  const valid = { currentPassword: "old-one", newPassword: "new-one", confirmPassword: "new-one" };

  it("accepts a matching new password", () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it("uses the spec's texts", () => {
    expect(errorsOf(changePasswordSchema.safeParse({ ...valid, confirmPassword: "new-two" }))).toEqual({
      confirmPassword: ["New passwords do not match."],
    });
    expect(
      errorsOf(changePasswordSchema.safeParse({ ...valid, newPassword: "short", confirmPassword: "short" })),
    ).toEqual({ newPassword: ["Password must be at least 6 characters long."] });
  });

  it("asks for the current password", () => {
    expect(Object.keys(errorsOf(changePasswordSchema.safeParse({ ...valid, currentPassword: "" })))).toEqual([
      "currentPassword",
    ]);
  });
});

describe("password reset schemas", () => {
  it("asks for a valid e-mail address to send the link to", () => {
    expect(requestPasswordResetSchema.safeParse({ email: " Me@Example.com " }).data).toEqual({
      email: "Me@Example.com",
    });
    expect(requestPasswordResetSchema.safeParse({ email: "not an address" }).success).toBe(false);
    expect(errorsOf(requestPasswordResetSchema.safeParse({ email: "" }))).toEqual({
      email: [CHECKOUT_MESSAGES.validation.emailRequired],
    });
  });

  it("needs the new password twice, at least 6 characters", () => {
    expect(resetPasswordSchema.safeParse({ newPassword: "sixsix", confirmPassword: "sixsix" }).success).toBe(
      true,
    );
    expect(
      errorsOf(resetPasswordSchema.safeParse({ newPassword: "sixsix", confirmPassword: "sixsiy" })),
    ).toEqual({
      confirmPassword: ["New passwords do not match."],
    });
    expect(
      errorsOf(resetPasswordSchema.safeParse({ newPassword: "five5", confirmPassword: "five5" })),
    ).toEqual({
      newPassword: ["Password must be at least 6 characters long."],
    });
  });
});

describe("changeEmailSchema", () => {
  const schema = changeEmailSchema("me@example.com");

  it("accepts a new, matching address", () => {
    expect(schema.parse({ newEmail: " new@example.com ", confirmEmail: "new@example.com" })).toEqual({
      newEmail: "new@example.com",
      confirmEmail: "new@example.com",
    });
  });

  it("uses the spec's three texts", () => {
    expect(errorsOf(schema.safeParse({ newEmail: "nope", confirmEmail: "nope" }))).toEqual({
      newEmail: ["Please enter a valid email address."],
    });
    expect(
      errorsOf(schema.safeParse({ newEmail: "new@example.com", confirmEmail: "neu@example.com" })),
    ).toEqual({
      confirmEmail: ["Email addresses do not match."],
    });
    expect(
      errorsOf(schema.safeParse({ newEmail: "ME@example.com", confirmEmail: "me@example.com" })),
    ).toEqual({
      newEmail: ["New email address must be different from your current email."],
    });
  });
});

describe("mfaCodeSchema", () => {
  it("takes exactly six digits", () => {
    expect(mfaCodeSchema.parse("123456")).toBe("123456");
    expect(mfaCodeSchema.parse(" 123 456 ")).toBe("123456");
    for (const bad of ["12345", "1234567", "12345a", "", 123456]) {
      expect(mfaCodeSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("accepts every six-digit string", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (code) => {
        expect(mfaCodeSchema.safeParse(code).success).toBe(true);
      }),
    );
  });
});

describe("shippingInfoSchema", () => {
  const valid = {
    firstName: "Niamh",
    lastName: "Kelly",
    email: "niamh@example.com",
    phone: "028 9012 3456",
    addressLine1: "1 Donegall Square",
    addressLine2: "",
    city: "Belfast",
    state: "County Antrim",
    postalCode: "bt15gs",
    country: "United Kingdom",
  };

  it("accepts a UK address and normalises the postcode", () => {
    const parsed = shippingInfoSchema.parse(valid);
    expect(parsed.postalCode).toBe("BT1 5GS");
    expect(parsed.country).toBe("GB");
  });

  it("treats phone and address line 2 as optional", () => {
    const { phone: _phone, addressLine2: _line2, ...required } = valid;
    expect(shippingInfoSchema.safeParse(required).success).toBe(true);
  });

  it("reports each missing required field with the spec's text", () => {
    const errors = errorsOf(shippingInfoSchema.safeParse({ country: "United Kingdom" }));
    expect(Object.keys(errors).sort()).toEqual([...SHIPPING_REQUIRED_FIELDS].sort());
    for (const messages of Object.values(errors))
      expect(messages).toEqual(["Please fill in all required fields."]);
  });

  it("reports blank fields the same way, and nothing else for them", () => {
    const errors = errorsOf(shippingInfoSchema.safeParse({ ...valid, city: "  ", postalCode: "" }));
    expect(errors).toEqual({
      city: ["Please fill in all required fields."],
      postalCode: ["Please fill in all required fields."],
    });
  });

  it("takes any country by code or name, and checks its postal code (issue 16)", () => {
    expect(shippingInfoSchema.parse({ ...valid, country: "gb" }).country).toBe("GB");
    expect(errorsOf(shippingInfoSchema.safeParse({ ...valid, country: "Ireland" }))).toEqual({
      postalCode: ["Please enter a valid Eircode (for example D02 X285)."],
    });
    expect(errorsOf(shippingInfoSchema.safeParse({ ...valid, country: undefined }))).toEqual({
      country: ["Please fill in all required fields."],
    });
  });

  it("checks the phone's digit count and the postcode's format", () => {
    expect(errorsOf(shippingInfoSchema.safeParse({ ...valid, phone: "12-34" }))).toEqual({
      phone: ["Phone number must be between 6 and 15 digits"],
    });
    expect(errorsOf(shippingInfoSchema.safeParse({ ...valid, postalCode: "12345" }))).toEqual({
      postalCode: ["Please enter a valid UK postcode."],
    });
  });

  it.each([
    ["sw1a1aa", "SW1A 1AA"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["m1 1ae", "M1 1AE"],
    ["  bt7  1nn ", "BT7 1NN"],
    ["GIR0AA", "GIR 0AA"],
  ])("normalises postcode %s to %s", (input, expected) => {
    expect(shippingInfoSchema.parse({ ...valid, postalCode: input }).postalCode).toBe(expected);
    expect(normaliseUkPostcode(expected)).toBe(expected);
  });
});

describe("checkoutRequestSchema", () => {
  const shippingInfo = {
    firstName: "Niamh",
    lastName: "Kelly",
    email: "niamh@example.com",
    addressLine1: "1 Donegall Square",
    city: "Belfast",
    state: "County Antrim",
    postalCode: "BT1 5GS",
    country: "United Kingdom",
  };
  const line = buildAccessoryCartItem(
    { id: "stand", name: "Stand", pricePence: 999, imageUrl: null },
    () => "1-a",
  );

  it("accepts cart lines, shipping details and a currency, defaulting to standard shipping", () => {
    const parsed = checkoutRequestSchema.parse({ cartItems: [line], shippingInfo, currency: "EUR" });
    expect(parsed.shippingMethod).toBe("standard");
  });

  it("refuses an empty cart with the spec's text, and unknown currencies", () => {
    expect(
      errorsOf(checkoutRequestSchema.safeParse({ cartItems: [], shippingInfo, currency: "GBP" })),
    ).toEqual({
      cartItems: ["Please add items to your cart before checkout."],
    });
    expect(
      checkoutRequestSchema.safeParse({ cartItems: [line], shippingInfo, currency: "JPY" }).success,
    ).toBe(false);
  });
});

describe("trackSchema", () => {
  it("accepts an 8-character order number in any case, with or without '#'", () => {
    expect(trackSchema.parse({ orderNumber: " #3F9A1C2B ", email: "a@b.co" })).toEqual({
      orderNumber: "3f9a1c2b",
      email: "a@b.co",
    });
  });

  it("requires both fields (blank is just 'required')", () => {
    expect(errorsOf(trackSchema.safeParse({ orderNumber: "  ", email: "" }))).toEqual({
      orderNumber: ["Please enter your order number."],
      email: ["Please enter your email address."],
    });
  });

  it("refuses order numbers that are not 8 hex characters", () => {
    for (const orderNumber of ["3f9a1c2", "3f9a1c2b9", "zzzzzzzz", "3f9a-1c2"]) {
      expect(trackSchema.safeParse({ orderNumber, email: "a@b.co" }).success).toBe(false);
    }
  });
});

describe("profileSchema", () => {
  it("accepts an empty profile and fills the default dial code", () => {
    expect(profileSchema.parse({})).toEqual({ phoneCountryCode: "+44" });
  });

  it("accepts a full profile", () => {
    const profile = {
      firstName: "Seán",
      lastName: "Ó Briain",
      phone: "087 123 4567",
      phoneCountryCode: "+353",
      addressLine1: "1 Main Street",
      addressLine2: "",
      city: "Dublin",
      state: "Dublin",
      postalCode: "D02 X285",
      country: "Ireland",
    };
    expect(profileSchema.parse(profile)).toEqual(profile);
  });

  it("applies the phone rule and known dial codes and countries", () => {
    expect(errorsOf(profileSchema.safeParse({ phone: "123" }))).toEqual({
      phone: ["Phone number must be between 6 and 15 digits"],
    });
    expect(profileSchema.safeParse({ phone: "" }).success).toBe(true);
    expect(profileSchema.safeParse({ phoneCountryCode: "+999" }).success).toBe(false);
    expect(profileSchema.safeParse({ country: "Atlantis" }).success).toBe(false);
    expect(profileSchema.safeParse({ country: "" }).success).toBe(true);
  });
});

describe("addressLookupSchema", () => {
  it("needs both postcode and country", () => {
    expect(addressLookupSchema.safeParse({ postcode: "BT1 5GS", country: "United Kingdom" }).success).toBe(
      true,
    );
    expect(errorsOf(addressLookupSchema.safeParse({ postcode: "", country: "" }))).toEqual({
      postcode: ["Please enter a postcode and select a country."],
      country: ["Please enter a postcode and select a country."],
    });
  });
});

describe("every schema", () => {
  it("never throws on arbitrary input", () => {
    const schemas = [
      contactSchema,
      signUpSchema,
      signInSchema,
      changePasswordSchema,
      changeEmailSchema("me@example.com"),
      mfaCodeSchema,
      shippingInfoSchema,
      checkoutRequestSchema,
      trackSchema,
      profileSchema,
      addressLookupSchema,
    ];
    fc.assert(
      fc.property(fc.anything(), (input) => {
        for (const schema of schemas) schema.safeParse(input);
      }),
    );
  });
});

describe("edge rules of issue 14", () => {
  it("isCalendarDate accepts real days only", () => {
    for (const day of ["2024-02-29", "2025-12-31", "2026-01-01", "2000-02-29"])
      expect(isCalendarDate(day)).toBe(true);
    for (const day of [
      "2026-02-30",
      "2023-02-29",
      "1900-02-29",
      "2025-13-01",
      "2025-04-31",
      "2025-00-10",
      "0000-01-01",
      "2025-1-01",
      "20250101",
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
    expect(calendarDateSchema.safeParse("2026-02-30").error?.issues[0]?.message).toBe(
      CHECKOUT_MESSAGES.validation.notARealDate,
    );
  });

  it("requestValueProblem finds a NUL in any string, key or array item, and names where", () => {
    const nulAt = (value: unknown) => {
      const problem = requestValueProblem(value);
      return problem?.kind === "nul" ? problem.path : problem;
    };
    expect(nulAt({ a: "fine", b: ["ok", { c: "also" }] })).toBeNull();
    expect(nulAt({ a: "fine", b: ["ok", { c: "x\u0000" }] })).toBe("b.1.c");
    expect(nulAt(["\u0000"])).toBe("0");
    expect(nulAt("\u0000")).toBe("_");
    expect(nulAt({ "k\u0000": 1 })).toBe("k");
    expect(nulAt(42)).toBeNull();
  });

  it("requestValueProblem refuses nesting past MAX_REQUEST_DEPTH at any depth, without recursing", () => {
    const nested = (depth: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let i = 1; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
      return value;
    };
    expect(requestValueProblem(nested(MAX_REQUEST_DEPTH, {}))).toBeNull();
    expect(requestValueProblem(nested(MAX_REQUEST_DEPTH + 1, {}))).toEqual({ kind: "tooDeep" });
    // Far beyond any call stack: a recursive walk throws RangeError here.
    expect(requestValueProblem(nested(1_000_000, {}))).toEqual({ kind: "tooDeep" });
    expect(requestValueProblem(nested(1_000_000, "x\u0000"))).toEqual({ kind: "tooDeep" });
  });

  it("authUserFieldsSchema keeps names to the shop's length and images to http(s)", () => {
    expect(
      authUserFieldsSchema.safeParse({ name: "Aoife Byrne", image: "https://example.com/a.png" }).success,
    ).toBe(true);
    expect(authUserFieldsSchema.safeParse({ image: null }).success).toBe(true);
    expect(authUserFieldsSchema.safeParse({ name: "x".repeat(202) }).success).toBe(false);
    expect(authUserFieldsSchema.safeParse({ image: "javascript:alert(1)" }).success).toBe(false);
  });
});
