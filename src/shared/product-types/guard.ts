/**
 * The stored-cart guard's readers (../cart-guard.ts), shared by the product types' parseConfig:
 * each accepts exactly what the matching zod schema in ../cart.ts accepts. No zod (the first load).
 */
import { MAX_ADDITIONAL_IMAGES, MAX_ID_LENGTH } from "../cart-limits";

export type Fields = Record<string, unknown>;

export interface CropPixels {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
export const isId = (value: unknown): value is string => isText(value, MAX_ID_LENGTH, 1);
export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
export const isPositive = (value: unknown): value is number => isNumber(value) && value > 0;

/** undefined: absent; null: invalid. */
export function parseCropPixels(value: unknown): CropPixels | null | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  const { x, y, width, height } = value;
  if (!isNumber(x) || x < 0 || !isNumber(y) || y < 0 || !isPositive(width) || !isPositive(height)) {
    return null;
  }
  return { x, y, width, height };
}

/** undefined: absent; null: invalid. Each entry a crop or null (cut centred); at most `max` entries. */
export function parseAdditionalCrops(
  value: unknown,
  max: number = MAX_ADDITIONAL_IMAGES,
): (CropPixels | null)[] | null | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > max) return null;
  const crops: (CropPixels | null)[] = [];
  // Array.from reads holes as undefined (a hole is not a crop).
  for (const entry of Array.from(value as unknown[])) {
    if (entry === null) {
      crops.push(null);
      continue;
    }
    const crop = parseCropPixels(entry);
    if (!crop) return null;
    crops.push(crop);
  }
  return crops;
}
