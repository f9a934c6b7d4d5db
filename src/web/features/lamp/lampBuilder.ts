import type { LampWorkerRequest, LampWorkerResponse } from "./lamp.worker";
import { buildLamp, type LampBuild, type LampBuildRequest } from "./lampBuild";

type Pending = {
  request: LampBuildRequest;
  resolve: (build: LampBuild) => void;
  reject: (error: Error) => void;
};

/**
 * Builds lamp previews in a Web Worker (one, reused; the lit picture is about a second of work), on the
 * main thread when workers are not available. `dispose` ends the worker.
 */
export class LampBuilder {
  private worker: Worker | null | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private getWorker(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      const worker = new Worker(new URL("./lamp.worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<LampWorkerResponse>) => {
        const response = event.data;
        const entry = this.pending.get(response.id);
        if (!entry) return;
        this.pending.delete(response.id);
        if (response.ok) entry.resolve(response.build);
        else entry.reject(new Error(response.message));
      };
      worker.onerror = (event) => {
        // The worker could not start (or crashed): finish what was asked here.
        event.preventDefault();
        worker.terminate();
        this.worker = null;
        const waiting = [...this.pending.values()];
        this.pending.clear();
        for (const entry of waiting) this.buildHere(entry);
      };
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private buildHere(entry: Pending): void {
    try {
      entry.resolve(buildLamp(entry.request));
    } catch (error) {
      entry.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  build(request: LampBuildRequest): Promise<LampBuild> {
    return new Promise<LampBuild>((resolve, reject) => {
      const entry = { request, resolve, reject };
      const worker = this.getWorker();
      if (!worker) {
        this.buildHere(entry);
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, entry);
      const message: LampWorkerRequest = { ...request, id };
      // Copied, not transferred: a fallback may still need the samples.
      worker.postMessage(message);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const entry of this.pending.values()) entry.reject(new Error("Preview closed."));
    this.pending.clear();
  }
}
