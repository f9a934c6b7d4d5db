/**
 * The storefront's one responsive image pipeline (issue 20): an image is cropped to its slot's
 * aspect (centred), then encoded as AVIF and WebP at each of the slot's widths no wider than the
 * source. Every file gets a new random name, so it is served immutable; replacing an image
 * writes new files and deletes the old ones after the change commits.
 * Used for the owner's images (home hero, shop hero, gallery), reviewers' photos and the seed.
 */
import { randomBytes } from "node:crypto";
import type { ImageVariant, SlotSpec } from "@shared/storefront";
import { askChildProcess } from "../lib/module-process.js";
import { IMAGE_BUCKET, type Storage } from "../platform/index.js";
import type { EncodeAnswer, EncodeRequest } from "./site-image-encoder.js";
import type { EncodedVariants } from "./site-image-variants.js";

/** Longer than the encoder's own 60 s limit per step: a stuck child is killed. */
const ENCODER_TIMEOUT_MS = 120_000;

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

/**
 * Encodes `source` in a child process of its own (site-image-encoder.ts): AVIF encoding leaves
 * ~140 MB of native memory in the process that ran it, which the server would keep for good.
 */
export async function encodeInChildProcess(source: Uint8Array, spec: SlotSpec): Promise<EncodedVariants> {
  const answer = await askChildProcess<EncodeRequest, Extract<EncodeAnswer, { ok: true }>>(
    import.meta.url,
    "site-image-encoder",
    { source, spec },
    ENCODER_TIMEOUT_MS,
  );
  return answer.encoded;
}

/** Encodes `source` (a cleaned upload or a seed PNG) for `spec` and stores every variant. */
export async function encodeSiteImage(
  storage: Storage,
  source: Uint8Array,
  spec: SlotSpec,
): Promise<EncodedSiteImage> {
  const encoded = await encodeInChildProcess(source, spec);
  const stem = `${IMAGE_BUCKET}/site-${Date.now()}-${randomBytes(5).toString("hex")}`;
  const avif: ImageVariant[] = [];
  const webp: ImageVariant[] = [];
  const keys: string[] = [];
  try {
    for (const { w, avif: avifBytes, webp: webpBytes } of encoded.variants) {
      const avifKey = `${stem}-${w}.avif`;
      const webpKey = `${stem}-${w}.webp`;
      await storage.put(avifKey, avifBytes, "image/avif");
      keys.push(avifKey);
      await storage.put(webpKey, webpBytes, "image/webp");
      keys.push(webpKey);
      avif.push({ w, url: storage.publicUrl(avifKey) });
      webp.push({ w, url: storage.publicUrl(webpKey) });
    }
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    throw error;
  }
  return { width: encoded.width, height: encoded.height, avif, webp, keys };
}

/** Deletes stored variants (after the change that dropped them has committed); errors are ignored. */
export async function deleteVariants(
  storage: Storage,
  ...sets: ReadonlyArray<readonly ImageVariant[] | null>
): Promise<void> {
  await Promise.allSettled(variantKeys(storage, ...sets).map((key) => storage.delete(key)));
}
