/**
 * The original upload behind each preview URL. A bundle's extra photos are stored on the line
 * as their greyscale previews; the print file is cut from the original. One query for all.
 */
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { type Storage, shopImageKey } from "./storage.js";

/** preview URL -> original URL, for those of `previewUrls` that are this shop's uploads. */
export async function originalsOfPreviews(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl">,
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
