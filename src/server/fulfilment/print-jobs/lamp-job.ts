/**
 * What a lamp's print job prints (issue 48 item 2): a lamp line is one print file, the cylinder with
 * every photo of the line around it. Reads the size (the owner's lamp_size option, else the built-in
 * size) and each photo's original with its crop, as panel.ts does for a flat panel.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { cropPixelsSchema } from "@shared/cart";
import { isLampSizeId, LAMP_SIZE_OPTION_TYPE, lampSizeMm } from "@shared/product-types/lamp";
import { and, eq } from "drizzle-orm";
import type { CropInput } from "../../../lithophane/crop.js";
import type { DbOrTx } from "../../db/client.js";
import { type orderItems, productOptions } from "../../db/schema.js";
import { originalsOfPreviews, type Storage, shopImageKey } from "../../platform/index.js";
import { PrintJobError } from "./panel.js";

export interface LampJobInput {
  diameterMm: number;
  heightMm: number;
  photos: Array<{ image: Uint8Array; crop: CropInput | undefined }>;
  localContrast: boolean;
}

/** The lamp size's diameter and height: the owner's option row, else the built-in size. */
async function lampDimensions(db: DbOrTx, sizeId: string): Promise<{ diameterMm: number; heightMm: number }> {
  const [row] = await db
    .select({ widthMm: productOptions.widthMm, heightMm: productOptions.heightMm })
    .from(productOptions)
    .where(and(eq(productOptions.optionType, LAMP_SIZE_OPTION_TYPE), eq(productOptions.value, sizeId)))
    .limit(1);
  if (row?.widthMm && row.heightMm) return { diameterMm: row.widthMm, heightMm: row.heightMm };
  if (isLampSizeId(sizeId)) return lampSizeMm(sizeId);
  throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.unknownSize(sizeId));
}

type PhotoStorage = Pick<Storage, "keyFromUrl" | "publicUrl" | "get">;

/** A photo of the shop's own uploads, as bytes; a readable PrintJobError when it is not one or is gone. */
export async function photoBytes(storage: PhotoStorage, url: string): Promise<Uint8Array> {
  const key = shopImageKey(storage, url);
  if (!key) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.imageNotInShop);
  const stored = await storage.get(key);
  if (!stored) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.imageMissing(key));
  return new Uint8Array(stored.body.buffer, stored.body.byteOffset, stored.body.byteLength);
}

/** Every photo of a lamp line (originals, in order) with its crop, and the lamp's size. */
export async function lampJobInput(
  db: DbOrTx,
  storage: PhotoStorage,
  item: Pick<typeof orderItems.$inferSelect, "config" | "imageUrl" | "originalImageUrl" | "additionalImages">,
): Promise<LampJobInput> {
  const config = item.config;
  const sizeId = typeof config.sizeId === "string" ? config.sizeId : "";
  const size = await lampDimensions(db, sizeId);
  const main = item.originalImageUrl || item.imageUrl;
  if (!main) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.noImage);
  // Additional photos are stored on the line as their previews: print from their originals.
  const extras = Array.isArray(item.additionalImages) ? item.additionalImages : [];
  const originals = await originalsOfPreviews(db, storage, extras);
  const urls = [main, ...extras.map((url) => originals.get(url) ?? url)];
  const extraCrops = Array.isArray(config.additionalCropPixels) ? config.additionalCropPixels : [];
  const cropOf = (index: number): CropInput | undefined => {
    const parsed = cropPixelsSchema.safeParse(index === 0 ? config.cropPixels : extraCrops[index - 1]);
    return parsed.success ? parsed.data : undefined;
  };
  const photos = await Promise.all(
    urls.map(async (url, index) => ({ image: await photoBytes(storage, url), crop: cropOf(index) })),
  );
  return { ...size, photos, localContrast: config.localContrast === true };
}
