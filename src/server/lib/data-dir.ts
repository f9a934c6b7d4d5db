/**
 * DATA_DIR holds the embedded database, customers' photos, the mail outbox (with password
 * reset links) and the local secrets: nobody but the shop's own user may read or change it.
 *
 * - The process's umask is 077, so every file and folder the shop (and PGlite) creates from
 *   then on has no group or world access.
 * - At start DATA_DIR is created 0700, and an existing one is walked: every file and folder
 *   that grants group or world access loses it (PGlite sets its files to 0666 itself, so this
 *   also catches what the database wrote), and what changed is logged.
 */
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/** No access for group or others. */
export const PRIVATE_UMASK = 0o077;
const GROUP_OTHER_BITS = 0o077;
/** How many changed paths a log line names; the count covers the rest. */
const LOGGED_PATHS = 10;

/** Sets the process's umask so new files and folders are private (returns the previous one). */
export function setPrivateUmask(): number {
  return process.umask(PRIVATE_UMASK);
}

export interface ModeChange {
  path: string;
  from: string;
  to: string;
}

export interface SecureResult {
  created: boolean;
  changed: ModeChange[];
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, "0");

/**
 * Creates `dataDir` (0700) when missing; otherwise removes group and world access from it and
 * everything under it (symbolic links are left alone, never followed). Returns what changed.
 */
export async function secureDataDir(dataDir: string): Promise<SecureResult> {
  const root = path.resolve(dataDir);
  let created = false;
  try {
    await lstat(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(root, { recursive: true, mode: 0o700 });
    created = true;
  }
  const changed: ModeChange[] = [];
  const visit = async (target: string): Promise<void> => {
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = await lstat(target);
    } catch (error) {
      // Removed while we walked (a temporary file): nothing to fix.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    if (info.isSymbolicLink()) return;
    const mode = Number(info.mode) & 0o7777;
    if (mode & GROUP_OTHER_BITS) {
      const next = mode & ~GROUP_OTHER_BITS;
      await chmod(target, next);
      changed.push({ path: path.relative(root, target) || ".", from: octal(mode), to: octal(next) });
    }
    if (info.isDirectory()) {
      for (const entry of await readdir(target)) await visit(path.join(target, entry));
    }
  };
  await visit(root);
  return { created, changed };
}

/** A log-friendly summary of secureDataDir's result. */
export function describeModeChanges(result: SecureResult): {
  changed: number;
  examples: ModeChange[];
} {
  return { changed: result.changed.length, examples: result.changed.slice(0, LOGGED_PATHS) };
}
