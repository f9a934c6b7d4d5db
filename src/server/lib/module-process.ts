/**
 * Starts a child process from a real module file beside the caller, as module-worker.ts does for
 * threads: `<name>.js` in the compiled server, `<name>.ts` under tsx when running from sources.
 * A child process, not a thread, when the work's native memory must go back to the system once
 * it is done (libvips' AVIF encoder keeps ~140 MB of malloc arenas in the process that ran it).
 */
import { type ChildProcess, fork } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";

/**
 * The child's nice value: its work (encoding pictures) is never waited on by a customer's
 * request, so on a busy machine the server's requests come first (the storefront's seed encode,
 * after a fresh start, was seen taking 80% of a core beside a checkout burst).
 */
export const BACKGROUND_NICE = 15;

export function forkModule(callerUrl: string, name: string): ChildProcess {
  const compiled = !callerUrl.endsWith(".ts");
  const file = fileURLToPath(new URL(`./${name}.${compiled ? "js" : "ts"}`, callerUrl));
  const child = fork(file, [], {
    // Structured clone over the channel: Uint8Arrays cross without base64.
    serialization: "advanced",
    execArgv: compiled ? [] : ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, BACKGROUND_NICE);
    } catch {
      // A system that refuses (no such call) runs it at the server's priority.
    }
  }
  return child;
}
