/**
 * PGlite has no lock of its own: two processes opening one data folder corrupt it.
 * The shop holds DATA_DIR/.lock (its PID) for as long as it runs.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Another Lithobox server (process ${pid}) is already using the data folder ${dataDir}.\n` +
        "Stop it first, or start this one with a different DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, ".lock");
}

/** The PID holding the folder, or null when nobody live holds it. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFilePath(dataDir), "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null && holder !== process.pid) throw new DataDirLockedError(dataDir, holder);
      // A stale lock from a process that died: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
