/**
 * Whether the lithophane lines of a cart can be made (issue 14): the shared rule
 * (lithophaneLineProblem in @shared/creator, the creator's own) applied to the photos the shop
 * really holds. A photo is "in storage" when it is one of this shop's uploads: an `uploads`
 * row (written only after both of its files were stored, and deleted with them) whose
 * original or preview key is the URL's key. The main photo's crop is checked against the
 * original's pixel size recorded in that row, and each additional photo's crop against its own.
 */
import { accessoryChoiceProblem, accessoryChoicesOf, needsAccessoryChoice } from "@shared/accessory-choices";
import type { CartItem } from "@shared/cart";
import { lithophaneLineProblem } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { type CreatorOption, isSelectable } from "@shared/options";
import { typeOfConfig } from "@shared/product-types";
import { or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { type Storage, shopImageKey } from "../platform/index.js";

export interface LinePhotoProblem {
  /** The client's cart item id. */
  id: string;
  /** Index of the line in the list checked. */
  index: number;
  message: string;
}

type LithophaneLine = Pick<CartItem, "id" | "imageUrl" | "originalImageUrl" | "additionalImages" | "config">;

/** Who asks and what the shop sells: an accessory's choices are checked against both. */
export interface LineAsker {
  /** The signed-in customer, or null for a guest. */
  readonly userId: string | null;
  /** The catalogue's options (selectable frame colours and sizes are what the shop sells). */
  readonly offered: readonly CreatorOption[];
}

interface StoredUpload {
  id: string;
  userId: string | null;
  originalKey: string;
  previewKey: string;
  width: number;
  height: number;
}

function prepareUploadsByKey(db: DbOrTx) {
  const keys = sql.placeholder("keys");
  return db
    .select({
      id: uploads.id,
      userId: uploads.userId,
      originalKey: uploads.originalKey,
      previewKey: uploads.previewKey,
      width: uploads.width,
      height: uploads.height,
    })
    .from(uploads)
    .where(or(sql`${uploads.originalKey} = any(${keys})`, sql`${uploads.previewKey} = any(${keys})`))
    .prepare("lithobox_uploads_by_key");
}

// Every checkout and saved cart with a lithophane asks: built once per database handle.
const preparedLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareUploadsByKey>>();

function uploadsByKey(db: DbOrTx) {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareUploadsByKey(db);
    preparedLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * The lines of `items` that cannot be made, each with the shop's message: a lithophane's photos
 * and crops; an accessory's choices (issue 30 item 14: the swap kit's colour and size among
 * those sold, Photo Restoration's photo one of the shop's uploads and not another customer's).
 * One query for all photos, none when no line has one.
 */
export async function findLinePhotoProblems(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl">,
  items: readonly LithophaneLine[],
  asker: LineAsker,
): Promise<LinePhotoProblem[]> {
  const keyOf = (url: string) => (url === "" ? null : shopImageKey(storage, url));
  const keys = new Set<string>();
  for (const item of items) {
    const choices = accessoryChoicesOf(item.config);
    const urls = typeOfConfig(item.config).madeFromPhotos
      ? [item.imageUrl, item.originalImageUrl, ...item.additionalImages]
      : [choices.photoUrl ?? "", choices.photoOriginalUrl ?? ""];
    for (const url of urls) {
      const key = keyOf(url);
      if (key) keys.add(key);
    }
  }
  const byKey = new Map<string, StoredUpload>();
  if (keys.size > 0) {
    for (const row of await uploadsByKey(db).execute({ keys: [...keys] })) {
      byKey.set(row.originalKey, row);
      byKey.set(row.previewKey, row);
    }
  }
  const uploadOf = (url: string) => {
    const key = keyOf(url);
    return key ? byKey.get(key) : undefined;
  };

  const sold = {
    frameColourIds: new Set(
      asker.offered.filter((o) => o.optionType === "frame_color" && isSelectable(o)).map((o) => o.id),
    ),
    sizeIds: new Set(
      asker.offered.filter((o) => o.optionType === "size" && isSelectable(o)).map((o) => o.id),
    ),
  };
  /** The attached photo is one upload (preview and original), not a signed-in someone else's. */
  const photoIsAskers = (previewUrl: string | undefined, originalUrl: string | undefined): boolean => {
    if (!previewUrl || !originalUrl) return false;
    const preview = uploadOf(previewUrl);
    const original = uploadOf(originalUrl);
    return (
      preview !== undefined &&
      original !== undefined &&
      preview.id === original.id &&
      original.originalKey === keyOf(originalUrl) &&
      (original.userId === null || original.userId === asker.userId)
    );
  };

  const problems: LinePhotoProblem[] = [];
  items.forEach((item, index) => {
    const { config } = item;
    const type = typeOfConfig(config);
    if (!type.madeFromPhotos) {
      // A shop product's choices (an accessory's); a product without any has nothing to check.
      const productId = type.productIdOf(config);
      if (productId === null) return;
      const choices = accessoryChoicesOf(config);
      const given = Object.values(choices).some((v) => v !== undefined);
      if (!given && !needsAccessoryChoice(productId)) return;
      const stored = photoIsAskers(choices.photoUrl, choices.photoOriginalUrl);
      const problem = accessoryChoiceProblem(productId, choices, sold, stored);
      if (problem) problems.push({ id: item.id, index, message: problem.message });
      return;
    }
    const crops = type.crops(config);
    // The print file of the main panel is cut from the original (print-jobs/queue.ts), and the crop
    // is in the original's pixels: the main URL must be an upload's original.
    const mainUrl = item.originalImageUrl || item.imageUrl;
    const main = uploadOf(mainUrl);
    const mainIsOriginal = main !== undefined && main.originalKey === keyOf(mainUrl);
    // The photo shown in the cart is the same upload's preview (or its original).
    const shown = item.imageUrl === "" ? main : uploadOf(item.imageUrl);
    const otherPhotosStored =
      shown !== undefined &&
      shown.id === main?.id &&
      item.additionalImages.every((url) => uploadOf(url) !== undefined);
    const problem = lithophaneLineProblem({
      bundleId: type.bundleIdOf(config),
      additionalImageCount: item.additionalImages.length,
      cropPixels: crops.main,
      additionalCropPixels: crops.additional,
      additionalPhotos: item.additionalImages.map((url) => {
        const extra = uploadOf(url);
        return extra ? { width: extra.width, height: extra.height } : null;
      }),
      mainPhoto: main && mainIsOriginal ? { width: main.width, height: main.height } : null,
      otherPhotosStored,
    });
    if (problem) {
      problems.push({ id: item.id, index, message: problem.message });
      return;
    }
    // The type's photo count (a lightbox's is its bundle's, said above; a lamp's 1-4).
    const allowed = type.photosAllowed(config);
    const photos = 1 + item.additionalImages.length;
    if (photos < allowed.min || photos > allowed.max) {
      problems.push({ id: item.id, index, message: CREATOR_MESSAGES.pricing.itemUnknown });
    }
  });
  return problems;
}
