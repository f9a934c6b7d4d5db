import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";
import {
  analyticsEventSchema,
  modifierPoundsFieldSchema,
  optionCreateSchema,
  penceToPoundsField,
  poundsFieldSchema,
  productCreateSchema,
  splitLines,
} from "./admin-schemas";

describe("catalogue texts", () => {
  const product = { id: "oak-frame", name: "Oak frame", description: "Solid oak.", category: "Frames" };
  it("refuses a character XML cannot carry, in any text field, with a clear message", () => {
    for (const [field, value] of [
      ["name", "Oak\u0001 frame"],
      ["description", "Solid\uFFFF oak"],
      ["compatibility", "All\u000C sizes"],
    ] as const) {
      const parsed = productCreateSchema.safeParse({ ...product, pricePence: 100, [field]: value });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: [field],
        message: ADMIN_MESSAGE_TEXTS.invisibleCharacters,
      });
    }
    expect(
      productCreateSchema.safeParse({ ...product, pricePence: 100, specifications: ["a\u0008"] }).success,
    ).toBe(false);
  });
  it("keeps accents, other scripts, emoji and new lines", () => {
    const parsed = productCreateSchema.safeParse({
      ...product,
      pricePence: 100,
      description: "Łódź Φως 🎁\nok",
    });
    expect(parsed.success).toBe(true);
  });
});

describe("money fields (pounds in the form, pence in the API)", () => {
  it("converts pounds to whole pence with the shop's rounding", () => {
    expect(poundsFieldSchema.parse("12.50")).toBe(1250);
    expect(poundsFieldSchema.parse("0")).toBe(0);
    expect(poundsFieldSchema.parse("1.05")).toBe(105);
    expect(modifierPoundsFieldSchema.parse("-2.5")).toBe(-250);
  });

  it("refuses what is not an amount in pounds", () => {
    for (const bad of ["", "£5", "5.555", "1e3", "-1", "abc", "100000"]) {
      expect(poundsFieldSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(modifierPoundsFieldSchema.safeParse("1000.01").success).toBe(false);
  });

  it("shows pence back as a pounds field", () => {
    expect(penceToPoundsField(1250)).toBe("12.50");
    expect(penceToPoundsField(-250)).toBe("-2.50");
    expect(penceToPoundsField(5)).toBe("0.05");
    for (const pence of [0, 1, 99, 100, 12963, -1]) {
      const field = penceToPoundsField(pence);
      expect((pence < 0 ? modifierPoundsFieldSchema : poundsFieldSchema).parse(field)).toBe(pence);
    }
  });
});

describe("product and option rules", () => {
  it("needs a slug id, a name, a category and whole pence", () => {
    const ok = productCreateSchema.safeParse({
      id: "gift-box",
      name: "Gift Box",
      description: "A box.",
      category: "Accessories",
      pricePence: 650,
    });
    expect(ok.success).toBe(true);
    const bad = productCreateSchema.safeParse({
      id: "Gift Box",
      name: " ",
      description: "x",
      category: "Toys",
      pricePence: 6.5,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["category", "id", "name", "pricePence"]);
  });

  it("a frame colour needs a hex colour; a size needs millimetres", () => {
    expect(
      optionCreateSchema.safeParse({ optionType: "frame_color", value: "teal", name: "Teal" }).success,
    ).toBe(false);
    expect(
      optionCreateSchema.safeParse({
        optionType: "frame_color",
        value: "teal",
        name: "Teal",
        hexColor: "#008080",
      }).success,
    ).toBe(true);
    expect(optionCreateSchema.safeParse({ optionType: "size", value: "5x5", name: "5x5" }).success).toBe(
      false,
    );
    expect(
      optionCreateSchema.safeParse({
        optionType: "size",
        value: "5x5",
        name: "5x5",
        widthMm: 130,
        heightMm: 130,
      }).success,
    ).toBe(true);
  });

  it("splits list fields into non-blank lines", () => {
    expect(splitLines(" a \n\n b\r\nc ")).toEqual(["a", "b", "c"]);
  });

  it("accepts only the allow-listed analytics events", () => {
    expect(analyticsEventSchema.safeParse({ type: "creator_view" }).success).toBe(true);
    expect(analyticsEventSchema.safeParse({ type: "page_view" }).success).toBe(false);
  });
});
