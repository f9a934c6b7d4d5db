/**
 * The chosen photo, opened on the device (issue 31): its on-screen preview as soon as it is
 * decoded, and the file to upload (the copy sized by src/shared/upload-copy.ts, or the original
 * when that is smaller or no copy is needed). Decoding and encoding run in a worker; a browser
 * without OffscreenCanvas shows the file itself and sends it as it is.
 */

import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import type { ToastMessage } from "@shared/messages";
import {
  chooseUploadBody,
  isAcceptedAsIs,
  isHeic,
  UPLOAD_COPY_JPEG_QUALITY,
  uploadCopyShortSidePx,
} from "@shared/upload-copy";
import type { PhotoJob, PhotoWorkerMessage } from "./protocol";

/** The on-screen preview's longest side (as the server's preview). */
const PREVIEW_MAX_SIDE = 1200;

export interface PhotoPreview {
  /** A blob: URL of the preview; the caller revokes it when the photo goes. */
  url: string;
  /** The size the stored photo will have (the copy's, or the original's when sent as it is). */
  width: number;
  height: number;
}

export interface PreparedPhoto {
  preview: PhotoPreview;
  /** What to upload, once it is made; rejects with a toast when nothing can be sent. */
  body: Promise<{ blob: Blob; name: string }>;
}

export class PhotoRefused extends Error {
  constructor(readonly toast: ToastMessage) {
    super(toast.title);
  }
}

function jpegName(name: string): string {
  return `${name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
}

function canUseWorker(): boolean {
  return (
    typeof Worker !== "undefined" &&
    typeof OffscreenCanvas !== "undefined" &&
    typeof createImageBitmap !== "undefined"
  );
}

/** Without a worker: the file itself is the preview (the browser turns it upright) and is sent as it is. */
async function prepareOnMainThread(file: File): Promise<PreparedPhoto> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new PhotoRefused(
      isHeic(file.type, file.name)
        ? CREATOR_TEXTS.photoUpload.heicUnsupported
        : CREATOR_MESSAGES.upload.unsupportedFormat,
    );
  }
  const choice = chooseUploadBody({
    originalBytes: file.size,
    originalAcceptedAsIs: isAcceptedAsIs(file.type),
    copyBytes: null,
  });
  if (choice !== "original") {
    URL.revokeObjectURL(url);
    throw new PhotoRefused(CREATOR_MESSAGES.upload.unsupportedFormat);
  }
  return {
    preview: { url, width: image.naturalWidth, height: image.naturalHeight },
    body: Promise.resolve({ blob: file, name: file.name }),
  };
}

function startWorker(): Worker {
  return new Worker(new URL("./photo.worker.ts", import.meta.url), { type: "module" });
}

/** A worker started before the photo is chosen: its script is loaded and running when the file comes. */
let spareWorker: Worker | null = null;

/**
 * Starts a photo worker ahead of need (the upload step calls it when shown), so that opening a
 * photo does not wait for the worker's script on a slow network. One spare at a time.
 */
export function warmPhotoWorker(): void {
  if (spareWorker || !canUseWorker()) return;
  spareWorker = startWorker();
}

function takeWorker(): Worker {
  const worker = spareWorker ?? startWorker();
  spareWorker = null;
  return worker;
}

/**
 * Opens the photo: resolves with its preview once decoded (the upload body follows), or rejects
 * with PhotoRefused (a HEIC this browser cannot open, a file that is not an image).
 */
export function preparePhoto(file: File, largestPanelMm: number): Promise<PreparedPhoto> {
  if (!canUseWorker()) return prepareOnMainThread(file);
  const worker = takeWorker();
  const job: PhotoJob = {
    file,
    shortSidePx: uploadCopyShortSidePx(largestPanelMm),
    previewMaxSide: PREVIEW_MAX_SIDE,
    quality: UPLOAD_COPY_JPEG_QUALITY,
  };
  return new Promise<PreparedPhoto>((resolvePreview, rejectPreview) => {
    let resolveBody: (body: { blob: Blob; name: string }) => void = () => undefined;
    let rejectBody: (error: unknown) => void = () => undefined;
    const body = new Promise<{ blob: Blob; name: string }>((resolve, reject) => {
      resolveBody = resolve;
      rejectBody = reject;
    });
    // A body nobody awaits (the preview was refused) must not be an unhandled rejection.
    body.catch(() => undefined);
    const refused = (toast: ToastMessage) => {
      worker.terminate();
      rejectPreview(new PhotoRefused(toast));
      rejectBody(new PhotoRefused(toast));
    };
    worker.onerror = () => refused(CREATOR_MESSAGES.upload.failed);
    worker.onmessage = (event: MessageEvent<PhotoWorkerMessage>) => {
      const message = event.data;
      if (message.type === "error") {
        refused(
          isHeic(file.type, file.name)
            ? CREATOR_TEXTS.photoUpload.heicUnsupported
            : CREATOR_MESSAGES.upload.unsupportedFormat,
        );
        return;
      }
      if (message.type === "preview") {
        resolvePreview({
          preview: {
            url: URL.createObjectURL(message.blob),
            width: message.copyWidth,
            height: message.copyHeight,
          },
          body,
        });
        return;
      }
      worker.terminate();
      const choice = chooseUploadBody({
        originalBytes: file.size,
        originalAcceptedAsIs: isAcceptedAsIs(file.type),
        copyBytes: message.blob ? message.blob.size : null,
      });
      if (choice === "copy" && message.blob) resolveBody({ blob: message.blob, name: jpegName(file.name) });
      else if (choice === "original") resolveBody({ blob: file, name: file.name });
      else rejectBody(new PhotoRefused(CREATOR_MESSAGES.upload.tooLarge));
    };
    worker.postMessage(job);
  });
}
