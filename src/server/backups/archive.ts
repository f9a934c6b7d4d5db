/**
 * `npm run backup` / `npm run restore`: one .tar.gz holding the whole shop.
 *
 *   lithobox-backup.json   what is inside (format, time, row and file counts)
 *   database.ndjson        the logical database dump (backups/database-dump.ts)
 *   auth-secret            DATA_DIR/auth-secret, when the shop made its own (sessions, 2FA)
 *   files/<key>            every stored file: customers' images, product images, print files
 *
 * Where the database comes from:
 * - DATABASE_URL: PostgreSQL directly, in one REPEATABLE READ snapshot (no pg_dump needed);
 * - PGlite while the shop runs (DATA_DIR/.lock names a live process): through the running
 *   shop's loopback door (routes/backup.ts) with the token in DATA_DIR/admin-token;
 * - PGlite while the shop is stopped: the backup takes the lock and opens the folder itself.
 * Files are read after the database snapshot, so every file a backed-up row names is there.
 *
 * A restore goes into an empty target (a fresh DATA_DIR or an empty database); a target with
 * data is refused unless `force` is given, in which case it is replaced. The database part is
 * one transaction. The shop must be stopped while restoring onto the embedded database.
 */
import { once } from "node:events";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { pluralise } from "@shared/messages";
import * as tar from "tar-stream";
import type { Config } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { type AdminTokenInfo, adminTokenPath } from "../lib/admin-token.js";
import { acquireDataDirLock, lockHolder } from "../lib/lock.js";
import { contentTypeForKey, createStorage, isSafeKey } from "../platform/index.js";
import {
  type DumpSummary,
  dumpDatabase,
  nonEmptyTables,
  RestoreRefusedError,
  restoreDatabase,
} from "./database-dump.js";

export const BACKUP_FORMAT = "lithobox-backup";
export const BACKUP_VERSION = 1;
const MANIFEST = "lithobox-backup.json";
const DATABASE = "database.ndjson";
const AUTH_SECRET = "auth-secret";
const FILES = "files/";

export type BackupConfig = Pick<Config, "databaseUrl" | "dataDir" | "s3" | "publicUrl">;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: {
    source: "pglite" | "postgres";
    via: "direct" | "running-shop";
    rows: number;
    tables: Record<string, number>;
  };
  files: { count: number; bytes: number };
  authSecret: boolean;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

function loopbackHost(host: string): string | null {
  if (host === "::1") return "[::1]";
  if (["0.0.0.0", "::", "127.0.0.1", "localhost", ""].includes(host) || host.startsWith("127."))
    return "127.0.0.1";
  return null;
}

/** Writes the database dump to `file`; returns what it holds. */
async function dumpToFile(
  config: BackupConfig,
  file: string,
  open?: Database,
): Promise<{ summary: DumpSummary; source: "pglite" | "postgres"; via: "direct" | "running-shop" }> {
  const out = createWriteStream(file, { mode: 0o600 });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const finish = async () => {
    out.end();
    await once(out, "finish");
  };
  try {
    if (open) {
      // The running shop's own database (a scheduled backup): dumped in its consistent snapshot.
      const source = open.kind;
      return { summary: await dumpDatabase(open.db, source, write), source, via: "running-shop" };
    }
    if (config.databaseUrl) {
      const database = await openDatabase(config);
      try {
        return {
          summary: await dumpDatabase(database.db, "postgres", write),
          source: "postgres",
          via: "direct",
        };
      } finally {
        await database.close();
      }
    }
    const holder = lockHolder(config.dataDir);
    if (holder !== null)
      return { ...(await dumpViaShop(config, holder, write)), source: "pglite", via: "running-shop" };
    if (!existsSync(path.join(config.dataDir, "pgdata"))) {
      throw new BackupError(
        `There is no shop database in ${config.dataDir} (no pgdata folder). Check DATA_DIR.`,
      );
    }
    const release = acquireDataDirLock(config.dataDir);
    try {
      const database = await openDatabase(config);
      try {
        return { summary: await dumpDatabase(database.db, "pglite", write), source: "pglite", via: "direct" };
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  } finally {
    if (!out.writableFinished) await finish();
  }
}

async function dumpViaShop(
  config: BackupConfig,
  pid: number,
  write: (text: string) => Promise<void>,
): Promise<{ summary: DumpSummary }> {
  const tokenFile = adminTokenPath(config.dataDir);
  if (!existsSync(tokenFile)) {
    throw new BackupError(
      `A Lithobox server (process ${pid}) is using ${config.dataDir} but left no ${tokenFile} to accept a backup request. Stop it and run the backup again.`,
    );
  }
  const info = JSON.parse(readFileSync(tokenFile, "utf8")) as AdminTokenInfo;
  const host = loopbackHost(info.host);
  if (!host) {
    throw new BackupError(
      `The running server (process ${pid}) listens on ${info.host} only, not a loopback address. Stop it and run the backup again.`,
    );
  }
  const res = await fetch(`http://${host}:${info.port}/api/internal/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${info.token}` },
  });
  if (!res.ok || !res.body) {
    throw new BackupError(
      `The running shop (process ${pid}) refused the backup request (HTTP ${res.status}).`,
    );
  }
  const summary: DumpSummary = { tables: {}, rows: 0 };
  let partialLine = "";
  let current = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    await write(text);
    // Count tables and rows as they pass; the end marker is checked on the written file.
    const lines = (partialLine + text).split("\n");
    partialLine = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("T\t")) {
        current = (JSON.parse(line.slice(2)) as { name: string }).name;
        summary.tables[current] = 0;
      } else if (line.startsWith("R\t")) {
        summary.tables[current] = (summary.tables[current] ?? 0) + 1;
        summary.rows += 1;
      }
    }
  }
  return { summary };
}

/** The last non-empty line of a text file (read from its end). */
function lastLine(file: string): string {
  const size = statSync(file).size;
  const length = Math.min(size, 64 * 1024);
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString("utf8").split("\n").filter(Boolean);
    return lines.at(-1) ?? "";
  } finally {
    closeSync(fd);
  }
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** Where scheduled backups are kept in the shop's storage (backups/scheduled.ts). */
export const BACKUP_KEY_PREFIX = "backups/";

export function isBackupKey(key: string): boolean {
  return key.startsWith(BACKUP_KEY_PREFIX);
}

export function defaultBackupName(date = new Date()): string {
  return `lithobox-backup-${timestamp(date)}.tar.gz`;
}

/**
 * Writes a backup of the shop named by `config` to `outFile` (written beside and renamed into
 * place, mode 600: it holds personal data and password hashes).
 */
export async function createBackup(
  config: BackupConfig,
  outFile: string,
  /** The running shop's open database (scheduled backups); otherwise opened, or asked of the shop. */
  opts: { database?: Database } = {},
): Promise<BackupManifest & { file: string; bytes: number }> {
  const work = mkdtempSync(path.join(tmpdir(), "lithobox-backup-"));
  const partial = `${outFile}.partial`;
  try {
    const dumpFile = path.join(work, DATABASE);
    const { summary, source, via } = await dumpToFile(config, dumpFile, opts.database);
    if (!lastLine(dumpFile).startsWith("E\t")) {
      throw new BackupError("The database dump was cut short; no backup was written. See the shop's log.");
    }
    const storage = createStorage(config);
    // The shop's files, not the scheduled backups kept in the same storage.
    const keys = (await storage.list()).filter((key) => isSafeKey(key) && !isBackupKey(key));
    const secretFile = path.join(config.dataDir, AUTH_SECRET);
    const secret = existsSync(secretFile) ? readFileSync(secretFile) : null;

    let fileBytes = 0;
    const files: string[] = [];
    // Sizes first (the manifest comes first in the archive); bodies are read again below so
    // only one file is in memory at a time.
    for (const key of keys) {
      const stored = await storage.get(key);
      if (!stored) continue; // Deleted since it was listed.
      fileBytes += stored.body.length;
      files.push(key);
    }
    const fileCount = files.length;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: { source, via, rows: summary.rows, tables: summary.tables },
      files: { count: fileCount, bytes: fileBytes },
      authSecret: secret !== null,
    };
    const dumpSize = statSync(dumpFile).size;

    const mtime = new Date();
    const pack = tar.pack();
    /** One regular file (mode 600: the archive holds personal data) from a buffer. */
    const add = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, mode: 0o600, mtime }, body, (error) => (error ? reject(error) : resolve()));
      });
    // Entries are added one at a time and each waits for the archive to take its bytes, so
    // only one stored file is in memory at a time.
    const fill = async () => {
      try {
        await add(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
        await pipeline(
          createReadStream(dumpFile),
          pack.entry({ name: DATABASE, size: dumpSize, mode: 0o600, mtime }),
        );
        if (secret) await add(AUTH_SECRET, secret);
        for (const key of files) {
          const stored = await storage.get(key);
          if (!stored)
            throw new BackupError(
              `The file ${key} disappeared while the backup was being written; run it again.`,
            );
          await add(`${FILES}${key}`, stored.body);
        }
        pack.finalize();
      } catch (error) {
        pack.destroy(error as Error);
        throw error;
      }
    };
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    await Promise.all([
      fill(),
      pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 })),
    ]);
    renameSync(partial, outFile);
    return { ...manifest, file: outFile, bytes: statSync(outFile).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A relative path with no "..", no absolute start, no backslash, no NUL and no empty segment. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.length > 4096 || name.startsWith("/") || name.includes("\\") || name.includes("\0"))
    return false;
  return name.split("/").every((segment) => segment !== ".." && segment !== "");
}

/** What went wrong while reading an archive, in the words the restore command prints. */
function archiveError(file: string, error: unknown): unknown {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code?.startsWith("Z_"))
    return new BackupError(`${file} is not a gzip-compressed Lithobox backup (or it is damaged).`);
  if (code === undefined && error instanceof Error) {
    // tar-stream's own errors ("Unexpected end of data", "Invalid tar header", …) carry no code.
    return new BackupError(
      /unexpected end/i.test(error.message)
        ? `${file} is cut short: the archive ends inside an entry.`
        : `${file} is not a valid Lithobox backup (${error.message}).`,
    );
  }
  return error;
}

/**
 * Unpacks the archive into `dir`, which must be new and empty. Only regular files are written
 * (mode 600); links, devices and directories in the archive are skipped, so no link can lead a
 * later entry outside `dir`, and an entry whose name is unsafe refuses the whole archive.
 */
export async function extractArchive(file: string, dir: string): Promise<void> {
  const root = path.resolve(dir);
  const unpack = tar.extract();
  const feeding = pipeline(createReadStream(file), createGunzip(), unpack);
  // A failure there also ends the loop below, which reports it; until the loop has finished,
  // the rejection must not count as unhandled.
  feeding.catch(() => {});
  try {
    for await (const entry of unpack) {
      const { name, type } = entry.header;
      if (type !== "file" && type !== "contiguous-file") {
        entry.resume();
        continue;
      }
      const clean = name.replace(/^\.\//, "");
      const target = path.resolve(root, clean);
      if (!isSafeEntryName(clean) || !target.startsWith(root + path.sep))
        throw new BackupError(`Unsafe name in the archive: ${JSON.stringify(name)}`);
      mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
    }
    await feeding;
  } catch (error) {
    unpack.destroy();
    await feeding.catch(() => {});
    throw archiveError(file, error);
  }
}

function* walkFiles(root: string, relative = ""): Generator<string> {
  const dir = path.join(root, relative);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(root, key);
    else if (entry.isFile()) yield key;
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  tables: Record<string, number>;
  files: number;
  replaced: boolean;
}

/**
 * Restores `file` into the shop named by `config`. Refuses a target that has data (database
 * rows, stored files or a different auth secret) unless `force`; refuses while a shop holds
 * the embedded database.
 */
export async function restoreBackup(
  config: BackupConfig,
  file: string,
  opts: { force: boolean },
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const work = mkdtempSync(path.join(tmpdir(), "lithobox-restore-"));
  let release: () => void = () => {};
  try {
    await extractArchive(file, work);
    const manifestFile = path.join(work, MANIFEST);
    if (!existsSync(manifestFile))
      throw new BackupError(`${file} is not a Lithobox backup (no ${MANIFEST}).`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new BackupError(
        `${file} is a backup format this version cannot read (${manifest.format} v${manifest.version}).`,
      );
    }
    const dumpFile = path.join(work, DATABASE);
    if (!existsSync(dumpFile)) throw new BackupError(`${file} has no database dump.`);
    const filesDir = path.join(work, "files");
    const keys = [...walkFiles(filesDir)];
    const bad = keys.find((k) => !isSafeKey(k));
    if (bad) throw new BackupError(`${file} holds a file with an unsafe name: ${bad}`);
    if (keys.length !== manifest.files.count) {
      throw new BackupError(
        `${file} is incomplete: ${manifest.files.count} files announced, ${keys.length} found.`,
      );
    }

    if (!config.databaseUrl) {
      const holder = lockHolder(config.dataDir);
      if (holder !== null) {
        throw new BackupError(
          `A Lithobox server (process ${holder}) is using ${config.dataDir}. Stop the shop before restoring into it.`,
        );
      }
      release = acquireDataDirLock(config.dataDir);
    }

    // Everything that could refuse is checked before anything is changed.
    const problems: string[] = [];
    const secretTarget = path.join(config.dataDir, AUTH_SECRET);
    const secretSource = path.join(work, AUTH_SECRET);
    const secret = existsSync(secretSource) ? readFileSync(secretSource) : null;
    if (secret && existsSync(secretTarget) && !readFileSync(secretTarget).equals(secret)) {
      problems.push(`${secretTarget} holds a different secret`);
    }
    const storage = createStorage(config);
    // Scheduled backups in the same storage are neither data in the way nor removed.
    const existingKeys = (await storage.list()).filter((key) => !isBackupKey(key));
    if (existingKeys.length > 0) problems.push(pluralise(existingKeys.length, "stored file"));

    const database = await openDatabase(config);
    try {
      await database.migrate();
      const busy = await nonEmptyTables(database.db);
      if (busy.length > 0) problems.push(`database rows in ${busy.map((b) => b.table).join(", ")}`);
      if (problems.length > 0 && !opts.force) {
        throw new RestoreRefusedError(
          `The target is not empty (${problems.join("; ")}). Restore into a fresh DATA_DIR or an empty database, or add --force to replace what is there.`,
        );
      }

      const lines = createInterface({
        input: createReadStream(dumpFile, "utf8"),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      const restored = await restoreDatabase(database.db, lines, { replace: opts.force });

      const wanted = new Set(keys);
      for (const key of existingKeys) if (!wanted.has(key)) await storage.delete(key);
      for (const key of keys) {
        await storage.put(key, readFileSync(path.join(filesDir, key)), contentTypeForKey(key));
      }
      if (secret) {
        mkdirSync(config.dataDir, { recursive: true });
        writeFileSync(secretTarget, secret, { mode: 0o600 });
      }
      return {
        manifest,
        rows: restored.rows,
        tables: restored.tables,
        files: keys.length,
        replaced: problems.length > 0,
      };
    } finally {
      await database.close();
    }
  } finally {
    release();
    rmSync(work, { recursive: true, force: true });
  }
}
