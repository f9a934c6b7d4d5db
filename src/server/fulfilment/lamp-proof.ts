/**
 * A lamp's picture for its proof before (or without) its G-code twin (issue 48 item 2): the shade
 * lit from inside and unrolled flat, made from every photo of the line at its crop, as the print
 * file will be, at a coarser grid (0.5 mm) so a request makes it in a fraction of a second.
 */

import type { DbOrTx } from "../db/client.js";
import type { orderItems } from "../db/schema.js";
import type { Storage } from "../platform/index.js";
import { generateLampPreviewPng } from "../print/lamp/index.js";
import { lampJobInput } from "./print-jobs/lamp-job.js";

const PROOF_GRID_MM = 0.5;

export async function lampProofPicture(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl" | "get">,
  item: Parameters<typeof lampJobInput>[2] & Pick<typeof orderItems.$inferSelect, "config">,
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const lamp = await lampJobInput(db, storage, item);
  const png = await generateLampPreviewPng({
    photos: lamp.photos.map((photo) => ({ image: photo.image, ...(photo.crop ? { crop: photo.crop } : {}) })),
    diameterMm: lamp.diameterMm,
    heightMm: lamp.heightMm,
    localContrast: lamp.localContrast,
    resolutionMm: PROOF_GRID_MM,
  });
  return { body: new Uint8Array(png), contentType: "image/png" };
}
