import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import {
  billingAddressSchema,
  type CheckoutExtrasFormValues,
  checkoutExtrasFormSchema,
  checkoutRequestSchema,
  GIFT_MESSAGE_MAX_LENGTH,
  giftSchema,
} from "./schemas";

const MISSING = CHECKOUT_MESSAGES.validation.requiredFieldsCheckout;

const emptyForm: CheckoutExtrasFormValues = {
  isGift: false,
  gift: { recipientName: "", message: "" },
  billingDifferent: false,
  billing: { addressLine1: "", addressLine2: "", city: "", state: "", postalCode: "", country: "GB" },
};

describe("giftSchema", () => {
  it("trims the message and needs the recipient's name", () => {
    expect(
      giftSchema.parse({ recipientName: " Ann Lee ", message: "  Happy birthday!\nLove, Bo  " }),
    ).toEqual({
      recipientName: "Ann Lee",
      message: "Happy birthday!\nLove, Bo",
    });
    expect(giftSchema.safeParse({ recipientName: "  ", message: "Hi" }).error?.issues[0]?.message).toBe(
      MISSING,
    );
  });

  it(`refuses a message over ${GIFT_MESSAGE_MAX_LENGTH} characters and allows an empty one`, () => {
    expect(
      giftSchema.safeParse({ recipientName: "Ann", message: "x".repeat(GIFT_MESSAGE_MAX_LENGTH) }).success,
    ).toBe(true);
    const long = giftSchema.safeParse({
      recipientName: "Ann",
      message: "x".repeat(GIFT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.error?.issues[0]?.message).toBe(
      CHECKOUT_MESSAGES.validation.tooLong(GIFT_MESSAGE_MAX_LENGTH),
    );
    expect(giftSchema.parse({ recipientName: "Ann" }).message).toBe("");
  });
});

describe("billingAddressSchema", () => {
  it("follows the country's address rules and writes the postcode its way", () => {
    expect(
      billingAddressSchema.parse({
        addressLine1: "1 High St",
        city: "Dublin",
        state: "Dublin",
        country: "IE",
        postalCode: "d02x285",
      }),
    ).toMatchObject({ country: "IE", postalCode: "D02 X285", state: "Dublin" });
    const uk = billingAddressSchema.safeParse({ addressLine1: "1 High St", city: "Belfast", country: "GB" });
    expect(uk.success).toBe(false);
    expect(uk.error?.issues.map((i) => i.path.join("."))).toContain("postalCode");
  });
});

describe("checkoutExtrasFormSchema", () => {
  it("answers no gift and no billing address when the boxes are not ticked, whatever the fields hold", () => {
    const filled = { ...emptyForm, gift: { recipientName: "x".repeat(500), message: "x".repeat(999) } };
    expect(checkoutExtrasFormSchema.parse(filled)).toEqual({ gift: null, billingAddress: null });
  });

  it("puts each problem on its field", () => {
    const result = checkoutExtrasFormSchema.safeParse({
      ...emptyForm,
      isGift: true,
      gift: { recipientName: "", message: "x".repeat(GIFT_MESSAGE_MAX_LENGTH + 1) },
      billingDifferent: true,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining([
        "gift.recipientName",
        "gift.message",
        "billing.addressLine1",
        "billing.city",
        "billing.postalCode",
      ]),
    );
  });

  it("answers the request's gift and billing address", () => {
    const parsed = checkoutExtrasFormSchema.parse({
      isGift: true,
      gift: { recipientName: "Ann Lee", message: "For you" },
      billingDifferent: true,
      billing: {
        addressLine1: "2 Low Rd",
        addressLine2: "",
        city: "Belfast",
        state: "Antrim",
        postalCode: "bt1 1aa",
        country: "GB",
      },
    });
    expect(parsed.gift).toEqual({ recipientName: "Ann Lee", message: "For you" });
    expect(parsed.billingAddress).toMatchObject({ postalCode: "BT1 1AA", country: "GB" });
  });
});

describe("checkoutRequestSchema with a gift", () => {
  const base = {
    cartItems: [],
    currency: "GBP",
    shippingInfo: {
      firstName: "Bo",
      lastName: "Buyer",
      email: "bo@example.com",
      addressLine1: "1 High St",
      city: "Belfast",
      state: "Antrim",
      postalCode: "BT1 1AA",
      country: "GB",
    },
  };
  it("takes a gift and a billing address, or neither", () => {
    const shape = checkoutRequestSchema.shape;
    expect(shape.gift.safeParse(undefined).success).toBe(true);
    expect(shape.gift.safeParse(null).success).toBe(true);
    expect(
      shape.gift.safeParse({ recipientName: "Ann", message: "x".repeat(GIFT_MESSAGE_MAX_LENGTH + 1) })
        .success,
    ).toBe(false);
    expect(
      shape.billingAddress.safeParse({ addressLine1: "1", city: "Paris", country: "FR", postalCode: "75001" })
        .success,
    ).toBe(true);
    expect(base.currency).toBe("GBP");
  });
});
