/**
 * The storefront's one responsive image pipeline (issue 20): an image is cropped to its slot's
 * aspect (centred), then encoded as AVIF and WebP at each of the slot's widths no wider than the
 * source. Every file gets a new random name, so it is served immutable; replacing an image
 * writes new files and deletes the old ones after the change commits.
 * Used for the owner's images (home hero, shop hero, gallery), reviewers' photos and the seed.
 */
import { randomBytes } from "node:crypto";
import { MAX_UPLOAD_PIXELS } from "@shared/limits";
import { cropToAspect, type ImageVariant, type SlotSpec, variantWidths } from "@shared/storefront";
import sharp from "sharp";
import { IMAGE_BUCKET, type Storage } from "./storage.js";

/** AVIF at effort 4 is ~3x faster than the default 9 for a few % more bytes. */
const AVIF = { quality: 52, effort: 4 } as const;
const WEBP = { quality: 78, effort: 4 } as const;
const TIMEOUT_SECONDS = 60;

export interface EncodedSiteImage {
  width: number;
  height: number;
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** Every storage key written (to delete the set). */
  keys: string[];
}

/** The storage keys of a stored image set (its variants' URLs), ours only. */
export function variantKeys(
  storage: Storage,
  ...sets: ReadonlyArray<readonly ImageVariant[] | null>
): string[] {
  return sets.flatMap((set) =>
    (set ?? []).flatMap((v) => {
      const key = storage.keyFromUrl(v.url);
      return key?.startsWith(`${IMAGE_BUCKET}/site-`) ? [key] : [];
    }),
  );
}

/** Encodes `source` (a cleaned upload or a seed PNG) for `spec` and stores every variant. */
export async function encodeSiteImage(
  storage: Storage,
  source: Uint8Array,
  spec: SlotSpec,
): Promise<EncodedSiteImage> {
  const input = () =>
    sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "error" }).timeout({
      seconds: TIMEOUT_SECONDS,
    });
  const meta = await input().rotate().metadata();
  if (!meta.width || !meta.height) throw new Error("image has no dimensions");
  // rotate() applies EXIF orientation: a 90° turn swaps the sides.
  const turned = (meta.orientation ?? 1) >= 5;
  const sourceW = turned ? meta.height : meta.width;
  const sourceH = turned ? meta.width : meta.height;
  const crop = cropToAspect(sourceW, sourceH, spec.aspect);
  const cropped = await input()
    .rotate()
    .resize(crop.width, crop.height, { fit: "cover", position: "centre" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = () =>
    sharp(cropped.data, {
      raw: { width: cropped.info.width, height: cropped.info.height, channels: cropped.info.channels },
    });
  const stem = `${IMAGE_BUCKET}/site-${Date.now()}-${randomBytes(5).toString("hex")}`;
  const widths = variantWidths(spec, crop.width);
  const avif: ImageVariant[] = [];
  const webp: ImageVariant[] = [];
  const keys: string[] = [];
  try {
    for (const w of widths) {
      const h = Math.max(1, Math.round(w / spec.aspect));
      const sized = () => raw().resize(w, h, { fit: "fill" });
      const [a, b] = await Promise.all([sized().avif(AVIF).toBuffer(), sized().webp(WEBP).toBuffer()]);
      const avifKey = `${stem}-${w}.avif`;
      const webpKey = `${stem}-${w}.webp`;
      await storage.put(avifKey, a, "image/avif");
      keys.push(avifKey);
      await storage.put(webpKey, b, "image/webp");
      keys.push(webpKey);
      avif.push({ w, url: storage.publicUrl(avifKey) });
      webp.push({ w, url: storage.publicUrl(webpKey) });
    }
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
  const largest = widths.at(-1) ?? crop.width;
  return { width: largest, height: Math.max(1, Math.round(largest / spec.aspect)), avif, webp, keys };
}

/** Deletes stored variants (after the change that dropped them has committed); errors are ignored. */
export async function deleteVariants(
  storage: Storage,
  ...sets: ReadonlyArray<readonly ImageVariant[] | null>
): Promise<void> {
  await Promise.allSettled(variantKeys(storage, ...sets).map((key) => storage.delete(key)));
}
