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

/**
 * One request to a fresh child process (`forkModule`), one answer back: the child answers
 * `{ ok: true, ... }` or `{ ok: false, message }` and exits. Rejects on a refusal, a crash or
 * after `timeoutMs`, killing the child.
 */
export function askChildProcess<Request, Answer extends { ok: true }>(
  callerUrl: string,
  name: string,
  request: Request,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const child = forkModule(callerUrl, name);
    let settled = false;
    const finish = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      if (error) reject(error);
      else if (answer) resolve(answer);
    };
    const timer = setTimeout(() => finish(new Error(`${name} timed out`)), timeoutMs);
    child.once("message", (answer: Answer | { ok: false; message: string }) =>
      answer.ok ? finish(null, answer) : finish(new Error(answer.message)),
    );
    child.once("error", (error) => finish(error));
    child.once("exit", (code, signal) => finish(new Error(`${name} exited (${signal ?? code})`)));
    child.send(request as object);
  });
}
