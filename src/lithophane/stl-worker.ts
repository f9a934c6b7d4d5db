/**
 * Worker thread writing a range of STL rows straight into the output file at their final offset
 * (positional writes), so two threads fill one file without passing bytes around.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { ChunkedOutput } from "./chunks";
import type { PanelGeometry } from "./geometry";
import { writeStlRows } from "./stl";

export interface StlRowsJob {
  geometry: PanelGeometry;
  path: string;
  rowStart: number;
  rowEnd: number;
  /** File offset of the first facet of rowStart. */
  position: number;
}

export type StlRowsReply = { ok: true; bytes: number } | { ok: false; message: string };

parentPort?.on("message", async (job: StlRowsJob) => {
  let fd: number | undefined;
  try {
    fd = openSync(job.path, "r+");
    const handle = fd;
    let position = job.position;
    const sink = {
      write(bytes: Uint8Array): void {
        let offset = 0;
        while (offset < bytes.length) {
          offset += writeSync(handle, bytes, offset, bytes.length - offset, position + offset);
        }
        position += bytes.length;
      },
    };
    const rowBytes = 50 * (4 * (job.geometry.nx - 1) + 8);
    const out = new ChunkedOutput(sink, Math.max(4 << 20, rowBytes), 1);
    await writeStlRows(job.geometry, out, job.rowStart, job.rowEnd);
    const bytes = await out.finish();
    closeSync(fd);
    fd = undefined;
    parentPort?.postMessage({ ok: true, bytes } satisfies StlRowsReply);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    parentPort?.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies StlRowsReply);
  }
});
