/** Messages between the creator and its photo worker (photo.worker.ts). */
export interface PhotoJob {
  file: File;
  /** The short side the upload copy needs (uploadCopyShortSidePx). */
  shortSidePx: number;
  /** The on-screen preview's longest side. */
  previewMaxSide: number;
  quality: number;
}

export type PhotoWorkerMessage =
  /** The upright photo's size and its greyscale on-screen preview. */
  | { type: "preview"; blob: Blob; width: number; height: number; copyWidth: number; copyHeight: number }
  /** The upload copy (JPEG), or null when the photo is sent as it is. */
  | { type: "copy"; blob: Blob | null; width: number; height: number }
  | { type: "error"; reason: "undecodable" };
