import type { UploadedImage } from "@shared/creator";
import { MAX_UPLOAD_BYTES } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { type UploadTarget, uploadFailureToast, uploadImage } from "@web/api/uploads";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "../cart";

export type { UploadTarget };

/**
 * Uploads one image: refuses files over 10MB before sending ('File too large') and shows
 * 'Upload failed' when the server refuses or the network fails. Null when nothing was stored.
 */
export async function uploadPhoto(
  file: File,
  target: UploadTarget,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage | null> {
  if (file.size > MAX_UPLOAD_BYTES) {
    notify(MESSAGES.upload.tooLarge);
    return null;
  }
  if (file.type && !file.type.startsWith("image/")) {
    notify(MESSAGES.upload.unsupportedFormat);
    return null;
  }
  onProgress(0);
  try {
    const result = await uploadImage(file, {
      ...target,
      ...(signal ? { signal } : {}),
      onProgress: (fraction: number) => onProgress(Math.round(fraction * 100)),
    });
    return { url: result.url, originalUrl: result.originalUrl, width: result.width, height: result.height };
  } catch (error) {
    if (signal?.aborted) return null;
    console.warn("Upload failed", error);
    notify(uploadFailureToast(error));
    return null;
  }
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
