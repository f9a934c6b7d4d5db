import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

/** Nice value of every thread of this process, from /proc (field 19 of each task's stat). */
function threadNices(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[16]);
  });
}

describe.runIf(process.platform === "linux")("lowerThisThreadsPriority", () => {
  it("lowers the worker thread that calls it and leaves the main thread as it was", async () => {
    const before = getPriority();
    const moduleUrl = new URL("./thread-priority.ts", import.meta.url).href;
    // A worker thread loads the module through tsx's loader (as the server's workers do from sources).
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
      (async () => {
        (await import("tsx/esm/api")).register();
        const { lowerThisThreadsPriority } = await import(${JSON.stringify(moduleUrl)});
        const lowered = lowerThisThreadsPriority();
        parentPort.postMessage({ lowered, priority: require("node:os").getPriority() });
        setTimeout(() => {}, 60_000);
      })();`,
      { eval: true },
    );
    try {
      const answer = await new Promise<{ lowered: boolean; priority: number }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      expect(answer).toEqual({ lowered: true, priority: 19 });
      // One thread (the worker) at 19; this thread, and so the process's requests, as before.
      expect(threadNices()).toContain(19);
      expect(getPriority()).toBe(before);
    } finally {
      await worker.terminate();
    }
  });
});
