/**
 * What a job prints: the shape, size (mm) and crop of one panel, read from its order item and
 * the catalogue's size options.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { cropPixelsSchema } from "@shared/cart";
import { FALLBACK_OPTIONS } from "@shared/options";
import { and, eq } from "drizzle-orm";
import type { CropInput } from "../../../lithophane/crop.js";
import { isShapeId, type ShapeId } from "../../../lithophane/params.js";
import type { DbOrTx } from "../../db/client.js";
import type { orderItems } from "../../db/schema.js";
import { productOptions } from "../../db/schema.js";

export interface PanelParameters {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  crop: CropInput | undefined;
  /** Local contrast (CLAHE) as chosen in the creator for the whole line. */
  localContrast: boolean;
}

/** Width and height in millimetres of a size option: the catalogue's row, else the built-in one. */
export async function sizeInMm(
  db: DbOrTx,
  sizeId: string,
): Promise<{ widthMm: number; heightMm: number } | null> {
  const [row] = await db
    .select({ widthMm: productOptions.widthMm, heightMm: productOptions.heightMm })
    .from(productOptions)
    .where(and(eq(productOptions.optionType, "size"), eq(productOptions.value, sizeId)))
    .limit(1);
  if (row?.widthMm && row.heightMm) return { widthMm: row.widthMm, heightMm: row.heightMm };
  const fallback = FALLBACK_OPTIONS.find((o) => o.optionType === "size" && o.id === sizeId);
  if (fallback?.widthMm && fallback.heightMm)
    return { widthMm: fallback.widthMm, heightMm: fallback.heightMm };
  return null;
}

/** A job that cannot be made as ordered: its message is shown to the admin as it is. */
export class PrintJobError extends Error {
  override readonly name = "PrintJobError";
}

/** Shape, size, crop and tone choices of a panel from its order item; throws PrintJobError with a readable reason. */
export async function panelParameters(
  db: DbOrTx,
  item: Pick<typeof orderItems.$inferSelect, "config" | "crop">,
  panelIndex: number,
): Promise<PanelParameters> {
  const config = item.config;
  const shapeId = typeof config.shapeId === "string" ? config.shapeId : "";
  if (!isShapeId(shapeId)) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.unknownShape(shapeId));
  const sizeId = typeof config.sizeId === "string" ? config.sizeId : "";
  const size = await sizeInMm(db, sizeId);
  if (!size) throw new PrintJobError(ADMIN_MESSAGE_TEXTS.printFiles.unknownSize(sizeId));
  let crop: CropInput | undefined;
  // Each panel's crop is in its original's pixels; an additional photo without one is centred.
  if (panelIndex > 0) {
    const crops = Array.isArray(config.additionalCropPixels) ? config.additionalCropPixels : [];
    const pixels = cropPixelsSchema.safeParse(crops[panelIndex - 1]);
    if (pixels.success) crop = pixels.data;
  } else {
    const pixels = cropPixelsSchema.safeParse(config.cropPixels);
    if (pixels.success) {
      crop = pixels.data;
    } else {
      // Older carts kept only react-easy-crop's zoom: cut the centred area at that zoom.
      const zoom = item.crop?.zoom;
      if (typeof zoom === "number" && Number.isFinite(zoom) && zoom > 1) crop = { x: 0, y: 0, zoom };
    }
  }
  return { shape: shapeId, ...size, crop, localContrast: config.localContrast === true };
}
