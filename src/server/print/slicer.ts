/**
 * Runs PrusaSlicer on a 3MF project with nothing but the settings the project carries
 * (`prusa-slicer --export-gcode file.3mf --output file.gcode`): the production estimates and the
 * G-code twin both slice this way. The child runs at the lowest CPU priority in its own HOME (PrusaSlicer
 * writes a config folder there), is killed after `timeoutMs`, and its failure is a readable reason.
 */
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { setPriority } from "node:os";
import path from "node:path";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";

const M = ADMIN_MESSAGE_TEXTS.estimates;

export class SlicerError extends Error {
  override readonly name = "SlicerError";
}

export function exportGcode(
  executable: string,
  input: string,
  output: string,
  options: { timeoutMs: number; home: string; onChild?: (kill: () => void) => void },
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(executable, ["--export-gcode", input, "--output", output, "--loglevel", "1"], {
      cwd: options.home,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, HOME: options.home },
    });
    if (child.pid !== undefined) {
      try {
        // Lowest priority: the shop's requests always come first.
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here; it still runs.
      }
    }
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString("utf8");
    });
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const kill = () => {
      child.kill("SIGKILL");
    };
    options.onChild?.(kill);
    const timer = setTimeout(() => {
      kill();
      finish(new SlicerError(M.slicerTimedOut(Math.max(1, Math.round(options.timeoutMs / 60_000)))));
    }, options.timeoutMs);
    timer.unref();
    child.on("error", (error) => finish(new SlicerError(M.slicerFailed(error.message))));
    child.on("exit", (code, signal) => {
      if (code === 0) finish(null);
      else {
        const reason = stderr.trim().split("\n").slice(-2).join(" ").slice(0, 300);
        finish(new SlicerError(M.slicerFailed(reason || `exit ${code ?? signal}`)));
      }
    });
  });
}

/** The full path of `command` (a name looked up on `searchPath`, or a path), or null if not executable. */
export async function findExecutable(
  command: string,
  searchPath: string | undefined,
): Promise<string | null> {
  const candidates = command.includes("/")
    ? [command]
    : (searchPath ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; try the next folder.
    }
  }
  return null;
}
