/**
 * Photo -> grey levels on the heightmap grid, with sharp (Node only; the browser decodes with a canvas).
 */
import sharp from "sharp";
import { type CropInput, resolveCropRect } from "../../lithophane/crop.js";
import { LithophaneError } from "../../lithophane/errors.js";
import { gridVertexCount, type PanelSpec } from "../../lithophane/params.js";

export interface GreyImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** Reads the image's display size (after EXIF rotation), the frame react-easy-crop's crop refers to. */
async function orientedSize(input: string | Uint8Array): Promise<{ width: number; height: number }> {
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
 * Decodes the image, applies EXIF orientation and the crop, flattens transparency onto white, converts to
 * grey and resizes (Lanczos) straight to the heightmap grid, so the JS side only maps grey levels to
 * thickness. Two sharp passes, so the Lanczos resize runs on one grey band instead of three colour bands
 * (the same bytes on the benchmark photo, ~30 ms less CPU for 2000 x 2000).
 */
export async function decodeGreyscaleForGrid(
  input: string | Uint8Array,
  crop: CropInput | undefined,
  spec: PanelSpec,
): Promise<GreyImage> {
  const nx = gridVertexCount(spec.widthMm, spec.resolutionMm);
  const ny = gridVertexCount(spec.heightMm, spec.resolutionMm);
  try {
    const size = await orientedSize(input);
    const rect = resolveCropRect(crop, size.width, size.height, spec.widthMm / spec.heightMm);
    const left = Math.min(size.width - 1, Math.max(0, Math.round(rect.x)));
    const top = Math.min(size.height - 1, Math.max(0, Math.round(rect.y)));
    const width = Math.max(1, Math.min(size.width - left, Math.round(rect.width)));
    const height = Math.max(1, Math.min(size.height - top, Math.round(rect.height)));
    const grey = await sharp(input)
      .rotate()
      .extract({ left, top, width, height })
      .flatten({ background: "#ffffff" })
      .toColourspace("b-w")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data, info } = await sharp(grey.data, {
      raw: { width: grey.info.width, height: grey.info.height, channels: grey.info.channels },
    })
      .resize(nx, ny, { fit: "fill", kernel: "lanczos3" })
      .toColourspace("b-w")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 || info.width !== nx || info.height !== ny) {
      throw new LithophaneError(
        "internal",
        `Unexpected decoded image ${info.width}x${info.height}x${info.channels}.`,
      );
    }
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: nx, height: ny };
  } catch (error) {
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("invalid-image", `Could not read the image: ${reason}`, { cause: error });
  }
}
