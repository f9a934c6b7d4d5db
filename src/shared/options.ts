import { LAMP_SIZES, type LampSizeId } from "@lithophane/lamp/sizes";
import type { Pence } from "./money";
import type { OptionStatus } from "./statuses";

/** The lightbox's four choices, then the lamp's sizes (issue 48: owner-priced like the others). */
export const OPTION_TYPES = ["processing", "frame_color", "shape", "size", "lamp_size"] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

export type { OptionStatus } from "./statuses";

/** One choice in the creator (a row of product_options). */
export interface CreatorOption {
  /** The option's value, e.g. "square", "white", "7x7". Unique within its optionType. */
  readonly id: string;
  readonly optionType: OptionType;
  readonly name: string;
  readonly description: string;
  readonly status: OptionStatus;
  readonly sortOrder: number;
  /** Frame colours only. */
  readonly hexColor: string | null;
  /** Sizes only: the shapes the size applies to; null or empty means every shape. */
  readonly shapeIds: readonly string[] | null;
  /** Added to the bundle price when chosen (GBP pence, may be 0). */
  readonly priceModifierPence: Pence;
  readonly isActive: boolean;
  /**
   * Sizes only: physical panel width and height in millimetres (width is the horizontal side); a
   * lamp size's width is its diameter. A lamp size's priceModifierPence is the lamp's whole price.
   */
  readonly widthMm?: number;
  readonly heightMm?: number;
}

export type GroupedOptions = Readonly<Record<OptionType, readonly CreatorOption[]>>;

/** The spec says a missing status means enabled; anything but "coming_soon" is enabled. */
export function normaliseOptionStatus(status: string | null | undefined): OptionStatus {
  return status === "coming_soon" ? "coming_soon" : "enabled";
}

/** Option types with millimetres, which a printer must be able to print before they go on sale. */
export const SIZED_OPTION_TYPES: readonly OptionType[] = ["size", "lamp_size"];

export function isSizedOptionType(type: string): boolean {
  return (SIZED_OPTION_TYPES as readonly string[]).includes(type);
}

export function isOptionType(value: unknown): value is OptionType {
  return typeof value === "string" && (OPTION_TYPES as readonly string[]).includes(value);
}

function option(
  fields: Pick<CreatorOption, "id" | "optionType" | "name" | "description" | "sortOrder"> &
    Partial<Omit<CreatorOption, "id" | "optionType" | "name" | "description" | "sortOrder">>,
): CreatorOption {
  return {
    status: "enabled",
    hexColor: null,
    shapeIds: null,
    priceModifierPence: 0,
    isActive: true,
    ...fields,
  };
}

const SQUARE_LIKE_SHAPES = ["square", "hexagon", "heart"] as const;

/**
 * Sizes: the id and the spec write height x width in inches ("6x8 = 15cm x 20cm" is the
 * landscape panel: 6 in / 15 cm tall, 8 in / 20 cm wide), so landscape stores widthMm 200,
 * heightMm 150 and portrait "8x6" stores widthMm 150, heightMm 200. Millimetres follow the
 * spec's centimetres (7 in is given as 18 cm, not 177.8 mm). Square sizes also serve the
 * hexagon and heart shapes, which are cut from a 1:1 panel.
 */
function size(
  id: string,
  shapeIds: readonly string[],
  widthMm: number,
  heightMm: number,
  sortOrder: number,
  status: OptionStatus,
  priceModifierPence: Pence,
  description: string,
): CreatorOption {
  const [heightInches, widthInches] = id.split("x");
  // Read width x height (issue 30 item 11): the landscape "6x8" is 8" wide and 6" tall.
  return option({
    id,
    optionType: "size",
    name: `${widthInches}" x ${heightInches}" (${widthMm / 10} x ${heightMm / 10} cm)`,
    description,
    sortOrder,
    status,
    shapeIds,
    widthMm,
    heightMm,
    priceModifierPence,
  });
}

/** A lamp size (issue 48): the geometry's diameter and height; "coming soon" until the seed or the owner enables it. */
function lampSize(id: LampSizeId, sortOrder: number, pricePence: Pence, description: string): CreatorOption {
  const { label, diameterMm, heightMm } = LAMP_SIZES[id];
  return option({
    id,
    optionType: "lamp_size",
    name: label,
    description,
    sortOrder,
    status: "coming_soon",
    widthMm: diameterMm,
    heightMm,
    priceModifierPence: pricePence,
  });
}

/** Used when the options table is empty (or a type has no active rows); spec section 3. */
export const FALLBACK_OPTIONS: readonly CreatorOption[] = [
  option({
    id: "grayscale",
    optionType: "processing",
    name: "Greyscale",
    description: "Classic lithophane: your photo rendered in light and shadow.",
    sortOrder: 1,
  }),
  option({
    id: "colour",
    optionType: "processing",
    name: "Colour",
    description: "Full-colour lithophane printing.",
    sortOrder: 2,
    status: "coming_soon",
  }),
  option({
    id: "white",
    optionType: "frame_color",
    name: "White",
    description: "Clean matte white.",
    sortOrder: 1,
    hexColor: "#F5F5F5",
  }),
  option({
    id: "black",
    optionType: "frame_color",
    name: "Black",
    description: "Deep matte black.",
    sortOrder: 2,
    hexColor: "#1C1C1C",
  }),
  option({
    id: "brown",
    optionType: "frame_color",
    name: "Brown",
    description: "Warm walnut brown.",
    sortOrder: 3,
    hexColor: "#6B4226",
  }),
  option({
    id: "gray",
    optionType: "frame_color",
    name: "Grey",
    description: "Soft slate grey.",
    sortOrder: 4,
    hexColor: "#808080",
  }),
  option({
    id: "silver",
    optionType: "frame_color",
    name: "Silver",
    description: "Brushed silver.",
    sortOrder: 5,
    hexColor: "#C0C0C0",
  }),
  option({
    id: "gold",
    optionType: "frame_color",
    name: "Gold",
    description: "Satin gold.",
    sortOrder: 6,
    hexColor: "#D4AF37",
  }),
  option({ id: "square", optionType: "shape", name: "Square", description: "A 1:1 panel.", sortOrder: 1 }),
  option({
    id: "rectangle",
    optionType: "shape",
    name: "Rectangle (Landscape)",
    description: "A 4:3 panel, wider than tall.",
    sortOrder: 2,
  }),
  option({
    id: "rectangle-portrait",
    optionType: "shape",
    name: "Rectangle (Portrait)",
    description: "A 3:4 panel, taller than wide.",
    sortOrder: 3,
  }),
  option({
    id: "hexagon",
    optionType: "shape",
    name: "Hexagon",
    description: "A hexagonal panel.",
    sortOrder: 4,
    status: "coming_soon",
  }),
  option({
    id: "heart",
    optionType: "shape",
    name: "Heart",
    description: "A heart-shaped panel.",
    sortOrder: 5,
    status: "coming_soon",
  }),
  size("7x7", SQUARE_LIKE_SHAPES, 180, 180, 1, "enabled", 0, "Our standard square size."),
  size("9x9", SQUARE_LIKE_SHAPES, 230, 230, 2, "coming_soon", 1500, "A larger square panel."),
  size("12x12", SQUARE_LIKE_SHAPES, 300, 300, 3, "coming_soon", 3000, "Our largest square panel."),
  size("6x8", ["rectangle"], 200, 150, 4, "enabled", 0, "Our standard landscape size."),
  size("7.5x10", ["rectangle"], 250, 190, 5, "coming_soon", 1500, "A larger landscape panel."),
  size("9x12", ["rectangle"], 300, 230, 6, "coming_soon", 3000, "Our largest landscape panel."),
  size("8x6", ["rectangle-portrait"], 150, 200, 7, "enabled", 0, "Our standard portrait size."),
  size("10x7.5", ["rectangle-portrait"], 190, 250, 8, "coming_soon", 1500, "A larger portrait panel."),
  size("12x9", ["rectangle-portrait"], 230, 300, 9, "coming_soon", 3000, "Our largest portrait panel."),
  lampSize("small", 1, 3499, "A bedside lamp: one or two photos around."),
  lampSize("medium", 2, 4499, "Our standard lamp: up to four photos around."),
  lampSize("large", 3, 5499, "A statement lamp for the living room."),
];

/**
 * Colour's price modifier on a fresh shop (issue 22, decision 105): £15 per lightbox line, the
 * owner changes it on the Prices screen. The spec's fallback keeps Colour "coming soon"; the seed
 * turns it on.
 */
export const SEED_COLOUR_PRICE_MODIFIER_PENCE: Pence = 1500;

/**
 * What a fresh shop's options table is seeded with: the spec's fallback set, with Colour enabled
 * at its seed price modifier (colour panels are made since issue 22). The fallback itself (used
 * when the table is empty) stays as the spec writes it.
 */
export const SEED_OPTIONS: readonly CreatorOption[] = FALLBACK_OPTIONS.map((o) =>
  o.optionType === "processing" && o.id === "colour"
    ? { ...o, status: "enabled", priceModifierPence: SEED_COLOUR_PRICE_MODIFIER_PENCE }
    : o.optionType === "lamp_size"
      ? { ...o, status: "enabled" }
      : o,
);

function bySortOrder(a: CreatorOption, b: CreatorOption): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name);
}

/**
 * Groups options by type, active ones only, ordered by sortOrder (then name). A type with no
 * active option falls back to FALLBACK_OPTIONS for that type, so the creator always works.
 */
export function groupOptions(options: readonly CreatorOption[]): GroupedOptions {
  const pick = (type: OptionType): readonly CreatorOption[] => {
    const given = options.filter((o) => o.optionType === type && o.isActive);
    const chosen = given.length > 0 ? given : FALLBACK_OPTIONS.filter((o) => o.optionType === type);
    return [...chosen].sort(bySortOrder);
  };
  return {
    processing: pick("processing"),
    frame_color: pick("frame_color"),
    shape: pick("shape"),
    size: pick("size"),
    lamp_size: pick("lamp_size"),
  };
}

/** All options of a grouping as one flat list (processing, frame colours, shapes, sizes). */
export function flattenOptions(grouped: GroupedOptions): CreatorOption[] {
  return OPTION_TYPES.flatMap((type) => grouped[type]);
}

/** Only active, enabled options can be chosen; coming_soon ones are shown dimmed. */
export function isSelectable(option: CreatorOption): boolean {
  return option.isActive && option.status === "enabled";
}

export function findOption(
  options: readonly CreatorOption[],
  optionType: OptionType,
  id: string | null | undefined,
): CreatorOption | undefined {
  if (id == null) return undefined;
  return options.find((o) => o.optionType === optionType && o.id === id);
}

/** True when the size applies to the shape: a size with no (or empty) shapeIds fits every shape. */
export function sizeAppliesToShape(sizeOption: CreatorOption, shapeId: string): boolean {
  return !sizeOption.shapeIds || sizeOption.shapeIds.length === 0 || sizeOption.shapeIds.includes(shapeId);
}

/**
 * The cart's size label in the spec's form ("7 inch x 7 inch"), width x height (issue 30 item
 * 11): the id is height x width, so "6x8" (landscape) -> "8 inch x 6 inch", "10x7.5" (portrait)
 * -> "7.5 inch x 10 inch". An id that is not "<n>x<n>" falls back to the option's name.
 */
export function sizeLabel(sizeOption: Pick<CreatorOption, "id" | "name">): string {
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(sizeOption.id);
  if (!match) return sizeOption.name;
  return `${match[2]} inch x ${match[1]} inch`;
}
