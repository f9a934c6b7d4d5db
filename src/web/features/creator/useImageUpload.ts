import type { UploadedImage } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MAX_UPLOAD_BYTES } from "@shared/limits";
import { FALLBACK_LARGEST_PANEL_MM } from "@shared/upload-copy";
import type { UploadTarget } from "@web/features/creator/api/uploads";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "../cart";
import type { PreparedPhoto } from "./photo/upload";

export type { UploadTarget };

/**
 * The upload's code (the photo worker's client, the resumable sender and their texts) is not in
 * the creator's first load (issue 31 item 3): fetched once the page has settled, which also
 * starts the photo worker while the customer looks for a photo, or at the latest when one is chosen.
 */
export const loadPhotoUpload = () => import("./photo/upload");

/** Starts the photo worker (and fetches the upload's code) before a photo is chosen. */
export const warmPhotoUpload = () => loadPhotoUpload().then((m) => m.warmPhotoWorker());

/** Refusals before anything is opened: over 10MB ('File too large'), or not an image. */
function refusedBeforeOpening(file: File): boolean {
  if (file.size > MAX_UPLOAD_BYTES) {
    notify(CREATOR_MESSAGES.upload.tooLarge);
    return true;
  }
  if (file.type && !file.type.startsWith("image/")) {
    notify(CREATOR_MESSAGES.upload.unsupportedFormat);
    return true;
  }
  return false;
}

/** The upload's code, or null after 'Upload failed' (its chunk could not be fetched). */
async function uploadCode(): Promise<Awaited<ReturnType<typeof loadPhotoUpload>> | null> {
  try {
    return await loadPhotoUpload();
  } catch (error) {
    console.warn("Upload code failed to load", error);
    notify(CREATOR_MESSAGES.upload.failed);
    return null;
  }
}

/**
 * Uploads one image (the extra photos of a bundle): opened on the device, sent as the copy the
 * print needs (or the original when that is smaller), resumably. 'File too large' for files over
 * 10MB, 'Upload failed' when the server refuses or the network gives up. Null when nothing was stored.
 */
export async function uploadPhoto(
  file: File,
  target: UploadTarget,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  largestPanelMm: number = FALLBACK_LARGEST_PANEL_MM,
): Promise<UploadedImage | null> {
  if (refusedBeforeOpening(file)) return null;
  onProgress(0);
  const code = await uploadCode();
  return code ? code.openAndSend(file, target, onProgress, signal, largestPanelMm) : null;
}

/** One upload at a time with its progress (0-100, null when idle); a new one replaces the last. */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(async (file: File, target: UploadTarget): Promise<UploadedImage | null> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      return await uploadPhoto(
        file,
        target,
        (percent) => {
          if (controller.current === abort) setProgress(percent);
        },
        abort.signal,
      );
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);

  return { upload, progress };
}

export interface MainPhotoHandlers {
  /** The photo is decoded: show it (pending) and let the customer go on. */
  onPreview: (image: UploadedImage) => void;
  /** Its upload is stored: the server's URLs for the photo shown from `deviceUrl`. */
  onStored: (deviceUrl: string, image: UploadedImage) => void;
  /** Its upload failed or was refused (a toast said why). */
  onFailed: (deviceUrl: string) => void;
}

/**
 * The main photo (issue 31): shown from the device as soon as it is decoded, uploaded behind.
 * `opening` while it is decoded; `progress` 0-100 while it uploads, null when idle.
 */
export function useMainPhotoUpload(largestPanelMm: number, handlers: MainPhotoHandlers) {
  const [opening, setOpening] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const deviceUrls = useRef<string[]>([]);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(
    () => () => {
      controller.current?.abort();
      for (const url of deviceUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const choose = useCallback(
    async (file: File): Promise<void> => {
      if (refusedBeforeOpening(file)) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const current = () => controller.current === abort;
      setOpening(true);
      setProgress(null);
      const code = await uploadCode();
      if (!code) {
        if (current()) setOpening(false);
        return;
      }
      let prepared: PreparedPhoto;
      try {
        prepared = await code.preparePhoto(file, largestPanelMm);
      } catch (error) {
        if (current()) {
          setOpening(false);
          code.failed(error);
        }
        return;
      }
      const { preview } = prepared;
      if (!current()) {
        URL.revokeObjectURL(preview.url);
        return;
      }
      // Earlier photos' previews go: none of them is shown any more.
      for (const url of deviceUrls.current) URL.revokeObjectURL(url);
      deviceUrls.current = [preview.url];
      setOpening(false);
      setProgress(0);
      latest.current.onPreview({
        url: preview.url,
        originalUrl: "",
        width: preview.width,
        height: preview.height,
        pending: true,
        deviceUrl: preview.url,
      });
      const stored = await code.send(
        prepared,
        { kind: "main" },
        (percent) => {
          if (current()) setProgress(percent);
        },
        abort.signal,
      );
      if (!current()) return;
      controller.current = null;
      setProgress(null);
      if (stored) latest.current.onStored(preview.url, stored);
      else latest.current.onFailed(preview.url);
    },
    [largestPanelMm],
  );

  return { choose, opening, progress };
}
