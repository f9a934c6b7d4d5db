import { describe, expect, it } from "vitest";
import {
  type CreatorOption,
  FALLBACK_OPTIONS,
  findOption,
  flattenOptions,
  groupOptions,
  isOptionType,
  isSelectable,
  normaliseOptionStatus,
  SEED_OPTIONS,
  sizeAppliesToShape,
  sizeLabel,
} from "./options";

const byType = (type: CreatorOption["optionType"]) => FALLBACK_OPTIONS.filter((o) => o.optionType === type);
const summary = (options: readonly CreatorOption[]) => options.map((o) => [o.id, o.name, o.status]);

describe("FALLBACK_OPTIONS", () => {
  it("has grayscale processing enabled and colour coming soon", () => {
    expect(summary(byType("processing"))).toEqual([
      ["grayscale", "Greyscale", "enabled"],
      ["colour", "Colour", "coming_soon"],
    ]);
  });

  it("has six enabled frame colours with hex values", () => {
    const colours = byType("frame_color");
    expect(colours.map((o) => o.id)).toEqual(["white", "black", "brown", "gray", "silver", "gold"]);
    for (const colour of colours) {
      expect(colour.status).toBe("enabled");
      expect(colour.hexColor).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it("has the spec's shapes", () => {
    expect(summary(byType("shape"))).toEqual([
      ["square", "Square", "enabled"],
      ["rectangle", "Rectangle (Landscape)", "enabled"],
      ["rectangle-portrait", "Rectangle (Portrait)", "enabled"],
      ["hexagon", "Hexagon", "coming_soon"],
      ["heart", "Heart", "coming_soon"],
    ]);
  });

  it("has the spec's sizes, one enabled per shape family", () => {
    expect(byType("size").map((o) => [o.id, o.status, o.widthMm, o.heightMm, o.shapeIds])).toEqual([
      ["7x7", "enabled", 180, 180, ["square", "hexagon", "heart"]],
      ["9x9", "coming_soon", 230, 230, ["square", "hexagon", "heart"]],
      ["12x12", "coming_soon", 300, 300, ["square", "hexagon", "heart"]],
      // Landscape: 15 cm tall, 20 cm wide.
      ["6x8", "enabled", 200, 150, ["rectangle"]],
      ["7.5x10", "coming_soon", 250, 190, ["rectangle"]],
      ["9x12", "coming_soon", 300, 230, ["rectangle"]],
      // Portrait: 20 cm tall, 15 cm wide.
      ["8x6", "enabled", 150, 200, ["rectangle-portrait"]],
      ["10x7.5", "coming_soon", 190, 250, ["rectangle-portrait"]],
      ["12x9", "coming_soon", 230, 300, ["rectangle-portrait"]],
    ]);
  });

  it("names sizes in inches and the spec's centimetres", () => {
    expect(findOption(FALLBACK_OPTIONS, "size", "7x7")?.name).toBe('7" x 7" (18 x 18 cm)');
    expect(findOption(FALLBACK_OPTIONS, "size", "6x8")?.name).toBe('8" x 6" (20 x 15 cm)');
    expect(findOption(FALLBACK_OPTIONS, "size", "8x6")?.name).toBe('6" x 8" (15 x 20 cm)');
    expect(findOption(FALLBACK_OPTIONS, "size", "10x7.5")?.name).toBe('7.5" x 10" (19 x 25 cm)');
  });

  it("prices each lamp size as a whole lamp, larger dearer, coming soon until the seed enables them", () => {
    const lamps = FALLBACK_OPTIONS.filter((o) => o.optionType === "lamp_size");
    expect(lamps.map((o) => o.id)).toEqual(["small", "medium", "large"]);
    expect(lamps.map((o) => [o.widthMm, o.heightMm])).toEqual([
      [80, 120],
      [100, 150],
      [120, 180],
    ]);
    const prices = lamps.map((o) => o.priceModifierPence);
    expect(prices.every((p, i) => p > 0 && (i === 0 || p > (prices[i - 1] ?? 0)))).toBe(true);
    expect(lamps.every((o) => o.status === "coming_soon")).toBe(true);
    expect(
      SEED_OPTIONS.filter((o) => o.optionType === "lamp_size").every((o) => o.status === "enabled"),
    ).toBe(true);
  });

  it("charges nothing extra for the defaults and more for the larger sizes", () => {
    for (const option of FALLBACK_OPTIONS.filter((o) => o.optionType !== "lamp_size")) {
      const isLargerSize = option.optionType === "size" && option.status === "coming_soon";
      if (isLargerSize) expect(option.priceModifierPence).toBeGreaterThan(0);
      else expect(option.priceModifierPence).toBe(0);
      expect(Number.isSafeInteger(option.priceModifierPence)).toBe(true);
    }
  });

  it("keeps ids unique within a type and every option active", () => {
    const keys = FALLBACK_OPTIONS.map((o) => `${o.optionType}:${o.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(FALLBACK_OPTIONS.every((o) => o.isActive)).toBe(true);
  });
});

describe("groupOptions", () => {
  const custom = (
    overrides: Partial<CreatorOption> & Pick<CreatorOption, "id" | "optionType">,
  ): CreatorOption => ({
    name: overrides.id,
    description: "",
    status: "enabled",
    sortOrder: 0,
    hexColor: null,
    shapeIds: null,
    priceModifierPence: 0,
    isActive: true,
    ...overrides,
  });

  it("falls back to the defaults when the list is empty", () => {
    const grouped = groupOptions([]);
    expect(grouped.processing.map((o) => o.id)).toEqual(["grayscale", "colour"]);
    expect(grouped.frame_color).toHaveLength(6);
    expect(grouped.shape).toHaveLength(5);
    expect(grouped.size).toHaveLength(9);
    expect(flattenOptions(grouped)).toHaveLength(FALLBACK_OPTIONS.length);
  });

  it("uses the given options per type, sorted by sortOrder then name, and falls back only for empty types", () => {
    const grouped = groupOptions([
      custom({ id: "b", optionType: "frame_color", sortOrder: 2 }),
      custom({ id: "a", optionType: "frame_color", sortOrder: 2 }),
      custom({ id: "first", optionType: "frame_color", sortOrder: 1 }),
    ]);
    expect(grouped.frame_color.map((o) => o.id)).toEqual(["first", "a", "b"]);
    expect(grouped.shape.map((o) => o.id)).toEqual(byType("shape").map((o) => o.id));
  });

  it("leaves inactive options out (and falls back when none is active)", () => {
    const grouped = groupOptions([
      custom({ id: "hidden", optionType: "processing", isActive: false }),
      custom({ id: "shown", optionType: "shape" }),
      custom({ id: "gone", optionType: "shape", isActive: false }),
    ]);
    expect(grouped.processing.map((o) => o.id)).toEqual(["grayscale", "colour"]);
    expect(grouped.shape.map((o) => o.id)).toEqual(["shown"]);
  });
});

describe("option helpers", () => {
  it("only active, enabled options are selectable", () => {
    const square = findOption(FALLBACK_OPTIONS, "shape", "square")!;
    expect(isSelectable(square)).toBe(true);
    expect(isSelectable(findOption(FALLBACK_OPTIONS, "shape", "heart")!)).toBe(false);
    expect(isSelectable({ ...square, isActive: false })).toBe(false);
  });

  it("treats a missing status as enabled", () => {
    expect(normaliseOptionStatus(undefined)).toBe("enabled");
    expect(normaliseOptionStatus(null)).toBe("enabled");
    expect(normaliseOptionStatus("enabled")).toBe("enabled");
    expect(normaliseOptionStatus("coming_soon")).toBe("coming_soon");
  });

  it("recognises option types", () => {
    expect(isOptionType("frame_color")).toBe(true);
    expect(isOptionType("frame-color")).toBe(false);
  });

  it("finds options by type and id", () => {
    expect(findOption(FALLBACK_OPTIONS, "frame_color", "gold")?.name).toBe("Gold");
    expect(findOption(FALLBACK_OPTIONS, "shape", "gold")).toBeUndefined();
    expect(findOption(FALLBACK_OPTIONS, "shape", null)).toBeUndefined();
  });

  it("applies a size to its shapes, or to all when it lists none", () => {
    const square = findOption(FALLBACK_OPTIONS, "size", "7x7")!;
    expect(sizeAppliesToShape(square, "square")).toBe(true);
    expect(sizeAppliesToShape(square, "heart")).toBe(true);
    expect(sizeAppliesToShape(square, "rectangle")).toBe(false);
    expect(sizeAppliesToShape({ ...square, shapeIds: null }, "rectangle")).toBe(true);
    expect(sizeAppliesToShape({ ...square, shapeIds: [] }, "rectangle")).toBe(true);
  });

  it("labels sizes for the cart", () => {
    expect(sizeLabel({ id: "7x7", name: "ignored" })).toBe("7 inch x 7 inch");
    expect(sizeLabel({ id: "6x8", name: "ignored" })).toBe("8 inch x 6 inch");
    expect(sizeLabel({ id: "8x6", name: "ignored" })).toBe("6 inch x 8 inch");
    expect(sizeLabel({ id: "7.5x10", name: "ignored" })).toBe("10 inch x 7.5 inch");
    expect(sizeLabel({ id: "a4", name: "A4 poster" })).toBe("A4 poster");
  });
});
