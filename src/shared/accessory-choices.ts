/**
 * Accessories that are made for the customer (issue 30 item 14): the Frame Colour Swap Kit is
 * printed in one of the frame colours the shop sells and for one of the sizes it sells; the
 * Photo Restoration Service needs the photo to restore. The choice is kept on the cart line's
 * config (and so on the order line's config) and read by the one line description
 * (describeLine in ./order-line). Zod-free: /shop and the cart panel read it while starting.
 */

/** What an accessory asks for before it can be added to the cart. */
export type AccessoryChoiceKind = "frameColour" | "size" | "photo";

/** The products that need a choice, by product id (the catalogue's stable ids). */
export const ACCESSORY_CHOICES: Readonly<Record<string, readonly AccessoryChoiceKind[]>> = {
  "frame-colour-swap": ["frameColour", "size"],
  "photo-restoration": ["photo"],
};

/** The choices of an accessory line, as its config stores them (all optional). */
export interface AccessoryChoices {
  /** A frame_color option id ("black"). */
  readonly frameColorId?: string | undefined;
  /** A size option id ("6x8"). */
  readonly sizeId?: string | undefined;
  /** The attached photo's preview URL (an upload of this shop, POST /api/uploads). */
  readonly photoUrl?: string | undefined;
  /** The attached photo's original URL (the same upload). */
  readonly photoOriginalUrl?: string | undefined;
}

export const ACCESSORY_CHOICE_TEXTS = {
  frameColour: "Frame colour",
  size: "Size",
  photo: "Your photo to restore",
  photoHint: "The photo we restore and print: the original, as sharp as you have it.",
  chooseColour: "Choose a colour",
  chooseSize: "Choose a size",
  photoAttached: "Photo attached",
  openPhoto: "Open the attached photo",
  frame: (colour: string): string => `${colour} frame`,
  missing: {
    frameColour: "Please choose the frame colour.",
    size: "Please choose the size.",
    photo: "Please upload the photo to restore.",
  },
  unknown: {
    frameColour: "That frame colour is not one we sell.",
    size: "That size is not one we sell.",
    photo: "The photo to restore was not found: please upload it again.",
  },
  /** The card's Add to Cart of an accessory that needs a choice. */
  chooseInDetails: (name: string): string => `Choose the options of the ${name} in Details first.`,
  toastTitle: "Choose your options",
} as const;

/** What an accessory needs (empty for a ready-made one). */
export function accessoryChoiceKinds(productId: string): readonly AccessoryChoiceKind[] {
  return Object.hasOwn(ACCESSORY_CHOICES, productId) ? (ACCESSORY_CHOICES[productId] ?? []) : [];
}

/** Whether the product needs a choice before it can be added. */
export const needsAccessoryChoice = (productId: string): boolean =>
  accessoryChoiceKinds(productId).length > 0;

export interface AccessoryChoiceProblem {
  readonly field: AccessoryChoiceKind;
  readonly message: string;
}

/** What the shop sells, to check a choice against: selectable frame colour and size ids. */
export interface SoldChoices {
  readonly frameColourIds: ReadonlySet<string>;
  readonly sizeIds: ReadonlySet<string>;
}

/**
 * The first problem of an accessory's choices, or null when it can be made: every needed
 * choice given, the colour and size ones the shop sells. A choice the product does not take
 * is a problem too (a line is what it says). Whether the photo is one of the shop's uploads is
 * the server's check (it needs storage), `photoStored` its answer (true on the web).
 */
export function accessoryChoiceProblem(
  productId: string,
  choices: AccessoryChoices,
  sold: SoldChoices,
  photoStored = true,
): AccessoryChoiceProblem | null {
  const kinds = accessoryChoiceKinds(productId);
  const problem = (field: AccessoryChoiceKind, kind: "missing" | "unknown"): AccessoryChoiceProblem => ({
    field,
    message: ACCESSORY_CHOICE_TEXTS[kind][field],
  });
  const has = (value: string | undefined): value is string => typeof value === "string" && value !== "";
  if (kinds.includes("frameColour")) {
    if (!has(choices.frameColorId)) return problem("frameColour", "missing");
    if (!sold.frameColourIds.has(choices.frameColorId)) return problem("frameColour", "unknown");
  } else if (has(choices.frameColorId)) return problem("frameColour", "unknown");
  if (kinds.includes("size")) {
    if (!has(choices.sizeId)) return problem("size", "missing");
    if (!sold.sizeIds.has(choices.sizeId)) return problem("size", "unknown");
  } else if (has(choices.sizeId)) return problem("size", "unknown");
  const photoGiven = has(choices.photoUrl) || has(choices.photoOriginalUrl);
  if (kinds.includes("photo")) {
    if (!has(choices.photoUrl) || !has(choices.photoOriginalUrl)) return problem("photo", "missing");
    if (!photoStored) return problem("photo", "unknown");
  } else if (photoGiven) return problem("photo", "unknown");
  return null;
}

/** The choices kept in an accessory line's config (unknown: a stored row may lack them). */
export function accessoryChoicesOf(config: unknown): AccessoryChoices {
  if (typeof config !== "object" || config === null) return {};
  const c = config as Record<string, unknown>;
  const text = (value: unknown): string | undefined =>
    typeof value === "string" && value !== "" ? value : undefined;
  return {
    frameColorId: text(c.frameColorId),
    sizeId: text(c.sizeId),
    photoUrl: text(c.photoUrl),
    photoOriginalUrl: text(c.photoOriginalUrl),
  };
}

/** Only the given choices, for a config (no undefined keys). */
export function compactChoices(choices: AccessoryChoices): AccessoryChoices {
  return {
    ...(choices.frameColorId ? { frameColorId: choices.frameColorId } : {}),
    ...(choices.sizeId ? { sizeId: choices.sizeId } : {}),
    ...(choices.photoUrl ? { photoUrl: choices.photoUrl } : {}),
    ...(choices.photoOriginalUrl ? { photoOriginalUrl: choices.photoOriginalUrl } : {}),
  };
}
