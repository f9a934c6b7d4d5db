/**
 * Starts a worker thread from a real module file beside the caller: `<name>.js` in the compiled server
 * (scripts/build-server.mjs builds every worker as an entry into the same folder as its chunks), or
 * `<name>.ts` when running from sources (dev under tsx, tests under Vitest), through tsx-worker.mjs, which
 * registers tsx's loader in the new thread first (Node 20 applies no --import hooks to worker threads).
 */
import { Worker, type WorkerOptions } from "node:worker_threads";

export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  return new Worker(new URL("./tsx-worker.mjs", import.meta.url), { ...options, workerData: { entry } });
}
