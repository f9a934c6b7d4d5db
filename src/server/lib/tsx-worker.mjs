/**
 * Runs a TypeScript worker module from sources (dev under tsx, tests under Vitest): registers tsx's loader
 * in this thread, then imports the module named in workerData.entry. The compiled server never uses it: its
 * workers start straight from their built .js files (see module-worker.ts).
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
