/// <reference lib="webworker" />
/**
 * Opens the chosen photo off the main thread (issue 31): decodes it upright (EXIF orientation
 * applied by createImageBitmap), answers at once with a small greyscale preview for the screen,
 * then makes the upload copy (uploadCopySize: the largest panel at 0.1 mm, never upscaled) as a
 * JPEG. A photo the browser cannot decode (HEIC outside Safari) answers "undecodable".
 */
import { isAcceptedAsIs, needsCopy, uploadCopySize } from "@shared/upload-copy";
import type { PhotoJob, PhotoWorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(message: PhotoWorkerMessage): void {
  self.postMessage(message);
}

/**
 * Draws greyscale with the canvas's own filter where it has one: native, a fraction of the
 * per-pixel loop's time on a slow phone (its luma weights are Rec. 709's, a shade from the
 * server's 601 on saturated colours, which only this on-screen preview shows). Elsewhere the
 * pixels are turned grey one by one after drawing. True when the filter took.
 */
function greyFilter(context: OffscreenCanvasRenderingContext2D): boolean {
  if (!("filter" in context)) return false;
  context.filter = "grayscale(1)";
  return context.filter === "grayscale(1)";
}

function greyscale(context: OffscreenCanvasRenderingContext2D, width: number, height: number): void {
  const image = context.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    // Rec. 601 luma, as the server's greyscale preview.
    const y = Math.round(0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0));
    data[i] = y;
    data[i + 1] = y;
    data[i + 2] = y;
  }
  context.putImageData(image, 0, 0);
}

async function draw(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  grey: boolean,
  type: string,
  quality: number,
) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  const filtered = grey && greyFilter(context);
  context.drawImage(bitmap, 0, 0, width, height);
  if (grey && !filtered) greyscale(context, width, height);
  return canvas.convertToBlob({ type, quality });
}

self.onmessage = async (event: MessageEvent<PhotoJob>) => {
  const { file, shortSidePx, previewMaxSide, quality } = event.data;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    post({ type: "error", reason: "undecodable" });
    return;
  }
  try {
    const { width, height } = bitmap;
    const copy = uploadCopySize(width, height, shortSidePx);
    const scale = Math.min(1, previewMaxSide / Math.max(width, height));
    const pw = Math.max(1, Math.round(width * scale));
    const ph = Math.max(1, Math.round(height * scale));
    const preview = await draw(bitmap, pw, ph, true, "image/jpeg", 0.85);
    post({ type: "preview", blob: preview, width, height, copyWidth: copy.width, copyHeight: copy.height });
    const blob = needsCopy(copy, isAcceptedAsIs(file.type))
      ? await draw(bitmap, copy.width, copy.height, false, "image/jpeg", quality)
      : null;
    post({ type: "copy", blob, width: copy.width, height: copy.height });
  } catch {
    post({ type: "error", reason: "undecodable" });
  } finally {
    bitmap.close();
  }
};
