/**
 * Child process entry (forked by wedge-photo.ts through lib/module-process.ts): decodes one photo
 * of the lit step wedge and fits k and the scattering (src/lithophane/calibration-photo.ts), then
 * exits, so the decoded picture's memory leaves with it. One message in, one answer out.
 */
import sharp, { type OutputInfo } from "sharp";
import { fitWedgePhoto, type WedgePhotoResult } from "../../lithophane/calibration-photo.js";

export interface MeasureRequest {
  photo: Uint8Array;
}

export type MeasureAnswer =
  | { ok: true; result: WedgePhotoResult | { ok: false; reason: "unreadable" } }
  | { ok: false; message: string };

/** The long side the photo is measured at: ~10 pixels per mm on a wedge filling the picture. */
const MEASURE_LONG_SIDE_PX = 2000;

async function measure(photo: Uint8Array): Promise<WedgePhotoResult | { ok: false; reason: "unreadable" }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(photo, { limitInputPixels: 80_000_000 })
      .rotate()
      .resize({
        width: MEASURE_LONG_SIDE_PX,
        height: MEASURE_LONG_SIDE_PX,
        fit: "inside",
        withoutEnlargement: true,
      })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const { data, info } = decoded;
  return fitWedgePhoto({ width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) });
}

process.once("message", async (request: MeasureRequest) => {
  let answer: MeasureAnswer;
  try {
    answer = { ok: true, result: await measure(request.photo) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer, () => process.exit(0));
});
