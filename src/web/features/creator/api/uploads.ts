/**
 * POST /api/uploads (multipart/form-data: file, kind = "main" | "additional", index for
 * additional images) -> 201 { id, url, originalUrl, width, height }.
 * `url` is the greyscale web preview, `originalUrl` the cleaned full-size image (upright,
 * metadata removed); width and height are the original's. Refusals carry { error, message }:
 *   413 file_too_large         'Please select an image smaller than 10MB.'
 *   415 unsupported_image      not a JPEG, PNG or WEBP by its content
 *   422 image_too_many_pixels  above 50 megapixels
 *   422 invalid_image          cannot be decoded ('There was an error uploading your image…')
 *   400 validation_failed      no file, or a bad kind/index
 *   429 rate_limited           too many uploads from this client in a minute
 *   429 upload_quota_exceeded  this visitor's uploads of the last 24 h reached UPLOAD_QUOTA_MB
 * XMLHttpRequest is used (not fetch) so the upload can report its progress.
 */

import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MAX_UPLOAD_BYTES } from "@shared/limits";
import type { ToastMessage } from "@shared/messages";
import type { api } from "@web/lib/http/client";
import { ApiRequestError } from "@web/lib/http/http";
import type { InferResponseType } from "hono/client";

/** The route of `api.uploads.$post` (sent by XMLHttpRequest for its progress events). */
export const UPLOADS_URL = "/api/uploads";

/**
 * The route's 201 answer: `url` is the greyscale WebP preview (at most 1200 px on its long
 * side), `originalUrl` the cleaned full-size original; width and height are the original's.
 */
export type UploadedImageAnswer = InferResponseType<typeof api.uploads.$post, 201>;

export type UploadTarget = { kind: "main"; index?: undefined } | { kind: "additional"; index: number };

export type UploadOptions = UploadTarget & {
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads one image. Files over 10MB are refused here without sending (413 file_too_large);
 * any failure throws ApiRequestError (status 0 for a network failure or an abort).
 */
export function uploadImage(
  file: File,
  options: UploadOptions,
  onProgress?: (fraction: number) => void,
): Promise<UploadedImageAnswer> {
  const progress = onProgress ?? options.onProgress;
  if (file.size > MAX_UPLOAD_BYTES) {
    return Promise.reject(
      new ApiRequestError(413, "file_too_large", CREATOR_MESSAGES.upload.tooLarge.description),
    );
  }
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("kind", options.kind);
  if (options.kind === "additional") form.append("index", String(options.index));

  return new Promise<UploadedImageAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const failed = () =>
      reject(new ApiRequestError(0, "network", CREATOR_MESSAGES.upload.failed.description));
    const onAbort = () => xhr.abort();
    if (options.signal?.aborted) {
      reject(new ApiRequestError(0, "aborted", CREATOR_MESSAGES.upload.failed.description));
      return;
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });

    xhr.open("POST", UPLOADS_URL);
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    if (progress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) progress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new ApiRequestError(0, "aborted", CREATOR_MESSAGES.upload.failed.description));
    xhr.onloadend = () => options.signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      const body = (xhr.response ?? null) as Partial<UploadedImageAnswer> & {
        error?: string;
        message?: string;
        fields?: Record<string, string>;
      };
      if (
        xhr.status === 201 &&
        body &&
        typeof body.url === "string" &&
        typeof body.originalUrl === "string"
      ) {
        progress?.(1);
        resolve(body as UploadedImageAnswer);
        return;
      }
      if (xhr.status === 413) {
        // Also the app's own body limit, whose text is generic: always the spec's message.
        reject(new ApiRequestError(413, "file_too_large", CREATOR_MESSAGES.upload.tooLarge.description));
        return;
      }
      reject(
        new ApiRequestError(
          xhr.status,
          body?.error ?? "upload_failed",
          body?.message ?? CREATOR_MESSAGES.upload.failed.description,
          body?.fields,
        ),
      );
    };
    xhr.send(form);
  });
}

/** The toast for a failed upload: 'File too large', or 'Upload failed' with the server's reason. */
export function uploadFailureToast(error: unknown): ToastMessage {
  if (error instanceof ApiRequestError) {
    if (error.status === 413 || error.code === "file_too_large") return CREATOR_MESSAGES.upload.tooLarge;
    if (error.code === "unsupported_image") return CREATOR_MESSAGES.upload.unsupportedFormat;
    if (error.code === "image_too_many_pixels") return CREATOR_MESSAGES.upload.tooManyPixels;
    if (error.code === "rate_limited") return CREATOR_MESSAGES.upload.tooManyUploads;
    if (error.code === "upload_quota_exceeded") return CREATOR_MESSAGES.upload.quotaExceeded;
    // Any other refusal the server explained (a cross-site request, a session problem): say why.
    if (error.status >= 400 && error.status < 500 && error.message) {
      return { ...CREATOR_MESSAGES.upload.failed, description: error.message };
    }
  }
  return CREATOR_MESSAGES.upload.failed;
}
