/**
 * The lamp's sizes and photo limits as plain constants (issue 48): the shop's cart and descriptions
 * read them on the first load, which must not carry the generator's parameters (./params.ts
 * re-exports them).
 */

/** The sizes the shop offers (outer diameter x height, mm); the CLI also takes any size within LAMP_LIMITS. */
export const LAMP_SIZES = {
  small: { label: "Small (80 x 120 mm)", diameterMm: 80, heightMm: 120 },
  medium: { label: "Medium (100 x 150 mm)", diameterMm: 100, heightMm: 150 },
  large: { label: "Large (120 x 180 mm)", diameterMm: 120, heightMm: 180 },
} as const;
export type LampSizeId = keyof typeof LAMP_SIZES;
export const LAMP_SIZE_IDS = Object.keys(LAMP_SIZES) as LampSizeId[];

/** One to four photos around. */
export const LAMP_PHOTO_LIMITS = { min: 1, max: 4 } as const;

/** Photos 2-4: at most this many photos besides the first (and their crops) on a lamp. */
export const LAMP_MAX_ADDITIONAL_PHOTOS = LAMP_PHOTO_LIMITS.max - 1;
