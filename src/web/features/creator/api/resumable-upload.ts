/**
 * Resumable uploads (the tus protocol, decision 325) to /api/uploads/resumable: a dropped
 * connection is retried and the upload goes on from the last byte the server holds, in chunks,
 * so at most one chunk is ever sent twice. tus-js-client is loaded on the first upload, not with
 * the page. The answer is the same as POST /api/uploads: { id, url, originalUrl, width, height };
 * a refusal throws ApiRequestError with the server's { error, message } (see uploads.ts).
 */
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { RESUMABLE_UPLOADS_PATH } from "@shared/upload-copy";
import { ApiRequestError } from "@web/lib/http/http";
import type { DetailedError } from "tus-js-client";
import type { UploadedImageAnswer, UploadTarget } from "./uploads";

/**
 * Bytes per PATCH: what a drop can cost at most (sent again), and about 1.4 s of a 750 kbit/s
 * uplink between progress steps; each PATCH adds one round trip.
 */
export const RESUMABLE_CHUNK_BYTES = 128 * 1024;
/** Waits between retries after a dropped connection (a phone going through a tunnel): about 3 minutes in all. */
const RETRY_DELAYS_MS = [
  0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 15_000, 15_000, 30_000, 30_000, 60_000,
];

export type ResumableUploadOptions = UploadTarget & {
  /** The file name the server keeps in its key (sanitised there). */
  name: string;
  /** Called with 0..1 as the server confirms bytes. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function refusal(error: Error | DetailedError): ApiRequestError {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return new ApiRequestError(0, "network", CREATOR_MESSAGES.upload.failed.description);
  const status = response.getStatus();
  let body: { error?: string; message?: string } = {};
  try {
    body = JSON.parse(response.getBody()) as typeof body;
  } catch {
    // tus-node-server's own refusals are plain text.
  }
  if (status === 413)
    return new ApiRequestError(413, "file_too_large", CREATOR_MESSAGES.upload.tooLarge.description);
  return new ApiRequestError(
    status,
    body.error ?? "upload_failed",
    body.message ?? CREATOR_MESSAGES.upload.failed.description,
  );
}

/** Uploads one image resumably; resolves with the stored image, rejects with ApiRequestError. */
export async function uploadResumable(
  blob: Blob,
  options: ResumableUploadOptions,
): Promise<UploadedImageAnswer> {
  if (options.signal?.aborted)
    throw new ApiRequestError(0, "aborted", CREATOR_MESSAGES.upload.failed.description);
  const { Upload } = await import("tus-js-client");
  return new Promise<UploadedImageAnswer>((resolve, reject) => {
    const upload = new Upload(blob, {
      endpoint: RESUMABLE_UPLOADS_PATH,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      // Resumes within this page; a reload starts a new upload (the old one expires on the server).
      storeFingerprintForResuming: false,
      metadata: {
        filename: options.name,
        filetype: blob.type,
        kind: options.kind,
        ...(options.kind === "additional" ? { index: String(options.index) } : {}),
      },
      // A dropped connection (status 0) is retried, also while the browser says it is offline:
      // the delays above outlast a short outage, and the upload resumes where it stopped.
      onShouldRetry: (error, retryAttempt) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 0) return true;
        // A server error is tried twice more, not for minutes.
        return (status >= 500 || status === 409 || status === 423) && retryAttempt < 2;
      },
      onProgress: (sent, total) => {
        if (total > 0) options.onProgress?.(Math.min(1, sent / total));
      },
      onSuccess: ({ lastResponse }) => {
        options.signal?.removeEventListener("abort", onAbort);
        try {
          const body = JSON.parse(lastResponse.getBody()) as Partial<UploadedImageAnswer>;
          if (typeof body.url === "string" && typeof body.originalUrl === "string") {
            options.onProgress?.(1);
            resolve(body as UploadedImageAnswer);
            return;
          }
        } catch {
          // Falls through to the failure below.
        }
        reject(
          new ApiRequestError(
            lastResponse.getStatus(),
            "upload_failed",
            CREATOR_MESSAGES.upload.failed.description,
          ),
        );
      },
      onError: (error) => {
        options.signal?.removeEventListener("abort", onAbort);
        reject(refusal(error));
      },
    });
    const onAbort = () => {
      void upload.abort(true).catch(() => undefined);
      reject(new ApiRequestError(0, "aborted", CREATOR_MESSAGES.upload.failed.description));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    upload.start();
  });
}
