/**
 * The photo upload's work: open the photo on the device (preparePhoto's worker), then send the
 * copy the print needs resumably (tus). Not in the creator's first load (issue 31 item 3): the
 * hooks in ../useImageUpload.ts load it once the page has settled, or when a photo is chosen.
 */
import type { UploadedImage } from "@shared/creator";
import { FALLBACK_LARGEST_PANEL_MM } from "@shared/upload-copy";
import { uploadResumable } from "@web/features/creator/api/resumable-upload";
import { type UploadTarget, uploadFailureToast } from "@web/features/creator/api/uploads";
import { notify } from "../../cart";
import { PhotoRefused, type PreparedPhoto, preparePhoto } from "./preparePhoto";

export { type PreparedPhoto, preparePhoto, warmPhotoWorker } from "./preparePhoto";

/** The toast for a photo that could not be opened or stored. */
export function failed(error: unknown): void {
  if (error instanceof PhotoRefused) {
    notify(error.toast);
    return;
  }
  console.warn("Upload failed", error);
  notify(uploadFailureToast(error));
}

/** Sends what preparePhoto chose (the copy, or the original) resumably; null after a toast. */
export async function send(
  prepared: PreparedPhoto,
  target: UploadTarget,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<UploadedImage | null> {
  try {
    const body = await prepared.body;
    onProgress(0);
    const result = await uploadResumable(body.blob, {
      ...target,
      name: body.name,
      ...(signal ? { signal } : {}),
      onProgress: (fraction: number) => onProgress(Math.round(fraction * 100)),
    });
    return { url: result.url, originalUrl: result.originalUrl, width: result.width, height: result.height };
  } catch (error) {
    if (signal?.aborted) return null;
    failed(error);
    return null;
  }
}

/** Opens one photo and sends it (see uploadPhoto in ../useImageUpload.ts); null after a toast. */
export async function openAndSend(
  file: File,
  target: UploadTarget,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
  largestPanelMm: number = FALLBACK_LARGEST_PANEL_MM,
): Promise<UploadedImage | null> {
  let prepared: PreparedPhoto;
  try {
    prepared = await preparePhoto(file, largestPanelMm);
  } catch (error) {
    failed(error);
    return null;
  }
  URL.revokeObjectURL(prepared.preview.url);
  return send(prepared, target, onProgress, signal);
}
