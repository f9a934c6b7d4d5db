/**
 * Photo -> grey levels on the heightmap grid, with sharp (Node only; the browser decodes with a canvas).
 */

import { type CropInput, type PixelCrop, resolveCropRect } from "../../lithophane/crop.js";
import { LithophaneError } from "../../lithophane/errors.js";
import type { PanelSpec } from "../../lithophane/params.js";
import { loadSharp } from "../lib/lazy-modules.js";

export interface GreyImage {
  pixels: Uint8Array;
  width: number;
  height: number;
  /** The customer's crop within these pixels (fractional source pixels). */
  crop: PixelCrop;
}

/** Reads the image's display size (after EXIF rotation), the frame react-easy-crop's crop refers to. */
async function orientedSize(input: string | Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const metadata = await sharp(input).metadata();
  if (!metadata.width || !metadata.height) {
    throw new LithophaneError("invalid-image", "The image has no readable size.");
  }
  const swapped = (metadata.orientation ?? 1) >= 5;
  return swapped
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/**
 * Decodes the image, applies EXIF orientation, cuts out the pixels the crop covers and flattens
 * transparency onto white, at the photo's own resolution, as grey (1 byte per pixel) or RGBA (4).
 */
async function decodeCrop(
  input: string | Uint8Array,
  crop: CropInput | undefined,
  spec: PanelSpec,
  channels: 1 | 4,
): Promise<GreyImage> {
  try {
    const size = await orientedSize(input);
    const rect = resolveCropRect(crop, size.width, size.height, spec.widthMm / spec.heightMm);
    const left = Math.min(size.width - 1, Math.max(0, Math.floor(rect.x + 1e-9)));
    const top = Math.min(size.height - 1, Math.max(0, Math.floor(rect.y + 1e-9)));
    const right = Math.max(left + 1, Math.min(size.width, Math.ceil(rect.x + rect.width - 1e-9)));
    const bottom = Math.max(top + 1, Math.min(size.height, Math.ceil(rect.y + rect.height - 1e-9)));
    const sharp = await loadSharp();
    const cut = sharp(input)
      .rotate()
      .extract({ left, top, width: right - left, height: bottom - top })
      .flatten({ background: "#ffffff" });
    const pixels = channels === 1 ? cut.toColourspace("b-w") : cut.toColourspace("srgb").ensureAlpha();
    const { data, info } = await pixels.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== channels || info.width !== right - left || info.height !== bottom - top) {
      throw new LithophaneError(
        "internal",
        `Unexpected decoded image ${info.width}x${info.height}x${info.channels}.`,
      );
    }
    return {
      pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      crop: {
        x: Math.max(0, rect.x - left),
        y: Math.max(0, rect.y - top),
        width: Math.min(rect.width, info.width),
        height: Math.min(rect.height, info.height),
      },
    };
  } catch (error) {
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("invalid-image", `Could not read the image: ${reason}`, { cause: error });
  }
}

/**
 * The crop in grey, at the photo's own resolution. The grid is sampled from these pixels by the
 * engine's area average (resample.ts), the same code the browser's preview runs, not by a Lanczos
 * resize, whose ringing left light halos round dark text.
 */
export function decodeGreyscaleCrop(
  input: string | Uint8Array,
  crop: CropInput | undefined,
  spec: PanelSpec,
): Promise<GreyImage> {
  return decodeCrop(input, crop, spec, 1);
}

export interface RgbaImage {
  /** RGBA, 4 bytes per pixel, top row first, opaque (transparency flattened onto white). */
  pixels: Uint8Array;
  width: number;
  height: number;
  crop: PixelCrop;
}

/** The colour engine's input: the same crop in sRGB colour, 4 bytes per pixel. */
export function decodeRgbaCrop(
  input: string | Uint8Array,
  crop: CropInput | undefined,
  spec: PanelSpec,
): Promise<RgbaImage> {
  return decodeCrop(input, crop, spec, 4);
}
