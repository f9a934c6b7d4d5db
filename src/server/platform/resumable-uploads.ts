/**
 * Resumable uploads (the tus protocol, decision 325): the bytes of an upload in progress are
 * kept on this server's disk, in DATA_DIR/resumable-uploads, by @tus/file-store, so a phone whose
 * connection drops goes on from the byte where it stopped. A finished upload is handed to
 * storeUploadedImage and its bytes removed at once; one left unfinished expires after
 * RESUMABLE_UPLOAD_EXPIRY_HOURS and is removed by the sweep here (a BackgroundLoop, hourly).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { BackgroundLoop } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";

/** An unfinished upload can be resumed for this long after it was started. */
export const RESUMABLE_UPLOAD_EXPIRY_HOURS = 24;
const SWEEP_INTERVAL_MS = 60 * 60_000;

export type ResumableUploadStore = FileStore;

export function createResumableUploadStore(dataDir: string): ResumableUploadStore {
  return new FileStore({
    directory: path.join(dataDir, "resumable-uploads"),
    expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_HOURS * 60 * 60_000,
  });
}

/** The bytes of a finished resumable upload. */
export function readResumableUpload(store: ResumableUploadStore, id: string): Promise<Buffer> {
  return readFile(path.join(store.directory, id));
}

/** Removes a resumable upload's bytes and its record; one already gone is not an error. */
export async function removeResumableUpload(
  store: ResumableUploadStore,
  id: string,
  log: Logger,
): Promise<void> {
  try {
    await store.remove(id);
  } catch (error) {
    log.debug({ err: error, id }, "resumable upload already removed");
  }
}

/** Removes unfinished resumable uploads past their expiry: at start, then hourly. */
export class ResumableUploadSweeper {
  private readonly loop: BackgroundLoop;

  constructor(deps: { store: ResumableUploadStore; log: Logger; intervalMs?: number }) {
    this.loop = new BackgroundLoop({
      name: "resumable upload sweep",
      log: deps.log,
      intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
      round: async () => {
        const removed = await deps.store.deleteExpired();
        if (removed > 0) deps.log.info({ removed }, "resumable upload sweep: removed expired uploads");
        return false;
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
