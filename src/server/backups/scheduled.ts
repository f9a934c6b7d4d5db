/**
 * Backups that happen (issue 29): every BACKUP_INTERVAL_HOURS (default 24) the running shop
 * writes the same archive as `npm run backup` (database dump, every stored file, the local auth
 * secret) into its own storage, `backups/lithobox-backup-<time>-<random>.tar.gz` (mode of the
 * bucket: private; the media route serves only lightbox-images/): DATA_DIR/uploads or the
 * S3 bucket, wherever the photos are. The newest BACKUP_RETENTION (default 14) are kept.
 *
 * A round runs every CHECK_INTERVAL_MS and backs up only when the newest backup in storage is
 * older than the interval, so a restart does not add one, and with several servers on one bucket
 * the first to find it due writes it (two at the same minute only cost one extra archive, pruned
 * by retention). The first check waits FIRST_CHECK_DELAY_MS after start: a server started for a
 * moment writes none. `npm run restore -- <file>` brings one back (download it from storage).
 */
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { BackgroundLoop, delay } from "../lib/background-loop.js";
import type { Logger } from "../lib/logger.js";
import type { Storage } from "../platform/index.js";
import { BACKUP_KEY_PREFIX, createBackup, defaultBackupName } from "./archive.js";

export const CHECK_INTERVAL_MS = 15 * 60_000;
export const FIRST_CHECK_DELAY_MS = 10 * 60_000;
const BACKUP_NAME = /^backups\/lithobox-backup-(\d{8})-(\d{6})-[0-9a-f]{16}\.tar\.gz$/;

/** When a backup key was written (from its name), or null for any other key. */
export function backupTime(key: string): Date | null {
  const m = BACKUP_NAME.exec(key);
  if (!m?.[1] || !m[2]) return null;
  const [d, t] = [m[1], m[2]];
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`,
  );
}

/** The scheduled backups in `storage`, oldest first. */
export async function listScheduledBackups(storage: Storage): Promise<string[]> {
  return (await storage.list(BACKUP_KEY_PREFIX)).filter((key) => backupTime(key) !== null).sort();
}

/** What the Settings page shows of the scheduled backups (issue 47 item 7). */
export interface BackupStatus {
  intervalHours: number;
  retention: number;
  /** Where they are: "local" (DATA_DIR/uploads/backups) or "s3" (the bucket's backups/). */
  storage: "local" | "s3";
  count: number;
  /** The newest backup: when it was written (from its name) and its size in bytes. */
  last: { at: string; bytes: number | null } | null;
}

/**
 * The scheduled backups as storage records them: how many are kept, and the newest one's time
 * (from its name) and size (the stored file's length).
 */
export async function backupStatus(storage: Storage, config: Pick<Config, "backups">): Promise<BackupStatus> {
  const keys = await listScheduledBackups(storage);
  const newest = keys[keys.length - 1];
  const at = newest ? backupTime(newest) : null;
  let bytes: number | null = null;
  if (newest) {
    const opened = await storage.open(newest);
    bytes = opened?.size ?? null;
    await opened?.stream.cancel();
  }
  return {
    intervalHours: config.backups.intervalHours,
    retention: config.backups.retention,
    storage: storage.kind,
    count: keys.length,
    last: at ? { at: at.toISOString(), bytes } : null,
  };
}

export interface ScheduledBackupsOptions {
  config: Config;
  database: Database;
  storage: Storage;
  log: Logger;
}

export class ScheduledBackups {
  private readonly loop: BackgroundLoop;

  constructor(private readonly options: ScheduledBackupsOptions) {
    this.loop = new BackgroundLoop({
      name: "scheduled backups",
      log: options.log,
      intervalMs: CHECK_INTERVAL_MS,
      errorDelayMs: CHECK_INTERVAL_MS,
      round: async (reason) => {
        if (reason === "start") await delay(FIRST_CHECK_DELAY_MS);
        if (this.loop.stopped) return false;
        await this.runIfDue();
        return false;
      },
    });
  }

  get enabled(): boolean {
    return this.options.config.backups.intervalHours > 0;
  }

  start(): void {
    if (this.enabled) this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The Settings page's view of the backups in storage. */
  status(): Promise<BackupStatus> {
    return backupStatus(this.options.storage, this.options.config);
  }

  /** Backs up when the newest backup is older than the interval; answers the key written, or null. */
  async runIfDue(now = new Date()): Promise<string | null> {
    const keys = await listScheduledBackups(this.options.storage);
    const newest = keys.length > 0 ? backupTime(keys[keys.length - 1] ?? "") : null;
    const intervalMs = this.options.config.backups.intervalHours * 3600_000;
    if (newest && now.getTime() - newest.getTime() < intervalMs) return null;
    return this.runNow(now);
  }

  /** Writes a backup into storage now, then removes those beyond the retention. */
  async runNow(now = new Date()): Promise<string> {
    const { config, database, storage, log } = this.options;
    const work = await mkdtemp(path.join(tmpdir(), "lithobox-scheduled-backup-"));
    try {
      // A random part: a bucket made public for the photos must not serve a guessable backup.
      const name = defaultBackupName(now).replace(".tar.gz", `-${randomBytes(8).toString("hex")}.tar.gz`);
      const file = path.join(work, name);
      const started = Date.now();
      const result = await createBackup(config, file, { database });
      const key = `${BACKUP_KEY_PREFIX}${name}`;
      await storage.put(key, readFileSync(file), "application/gzip");
      log.info(
        {
          key,
          bytes: result.bytes,
          rows: result.database.rows,
          files: result.files.count,
          ms: Date.now() - started,
        },
        "scheduled backup written",
      );
      const all = await listScheduledBackups(storage);
      for (const old of all.slice(0, Math.max(0, all.length - config.backups.retention))) {
        await storage.delete(old);
        log.info({ key: old }, "scheduled backup removed (retention)");
      }
      return key;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}
