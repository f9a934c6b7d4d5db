/**
 * The original upload behind each preview URL. A bundle's extra photos are stored on the line
 * as their greyscale previews; the print file is cut from the original, and a colour line's
 * thumbnails show it (issue 30). One query for all the URLs.
 */
import { isColourConfig } from "@shared/delivery-dates";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { type Storage, shopImageKey } from "./storage.js";

export type OriginalsStorage = Pick<Storage, "keyFromUrl" | "publicUrl">;

/** preview URL -> original URL, for those of `previewUrls` that are this shop's uploads. */
export async function originalsOfPreviews(
  db: DbOrTx,
  storage: OriginalsStorage,
  previewUrls: readonly string[],
): Promise<Map<string, string>> {
  const urlByKey = new Map<string, string>();
  for (const url of previewUrls) {
    const key = shopImageKey(storage, url);
    if (key) urlByKey.set(key, url);
  }
  const originals = new Map<string, string>();
  if (urlByKey.size === 0) return originals;
  const rows = await db
    .select({ previewKey: uploads.previewKey, originalKey: uploads.originalKey })
    .from(uploads)
    .where(inArray(uploads.previewKey, [...urlByKey.keys()]));
  for (const row of rows) {
    const url = urlByKey.get(row.previewKey);
    if (url) originals.set(url, storage.publicUrl(row.originalKey));
  }
  return originals;
}

/** The originals of the extra photos of a order's colour lines: their thumbnails are in colour. */
export function originalsOfColourLines(
  db: DbOrTx,
  storage: OriginalsStorage,
  lines: readonly { readonly config: unknown; readonly additionalImages: readonly string[] | null }[],
): Promise<Map<string, string>> {
  const previews = lines
    .filter((line) => isColourConfig(line.config))
    .flatMap((line) => line.additionalImages ?? []);
  return originalsOfPreviews(db, storage, previews);
}
