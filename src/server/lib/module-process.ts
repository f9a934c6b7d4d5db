/**
 * Starts a child process from a real module file beside the caller, as module-worker.ts does for
 * threads: `<name>.js` in the compiled server, `<name>.ts` under tsx when running from sources.
 * A child process, not a thread, when the work's native memory must go back to the system once
 * it is done (libvips' AVIF encoder keeps ~140 MB of malloc arenas in the process that ran it).
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export function forkModule(callerUrl: string, name: string): ChildProcess {
  const compiled = !callerUrl.endsWith(".ts");
  const file = fileURLToPath(new URL(`./${name}.${compiled ? "js" : "ts"}`, callerUrl));
  return fork(file, [], {
    // Structured clone over the channel: Uint8Arrays cross without base64.
    serialization: "advanced",
    execArgv: compiled ? [] : ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}
