/**
 * Node side of the lithophane generator (src/lithophane stays pure TypeScript with no native add-on, so the
 * browser runs it too): photo -> heightmap -> mesh -> STL or print-ready 3MF project on disk, atomically.
 * The shop server and the CLI call generatePrintFile(); the browser never imports this file. Its parts:
 * decode.ts (sharp), zlib-entry.ts (3MF compression), stl-parallel.ts + stl-worker.ts (two-thread STL),
 * resample-shared.ts (the same worker's share of the photo's resampling).
 */
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import type { Worker } from "node:worker_threads";
import { LithophaneError } from "../../lithophane/errors.js";
import { buildPanelGeometry, type PanelGeometry } from "../../lithophane/geometry.js";
import { computeHeightmap } from "../../lithophane/heightmap.js";
import { gridVertexCount, type PanelOptions, resolvePanelSpec } from "../../lithophane/params.js";
import { DEFAULT_PRINT_PROFILE, type PrintProfile, threeMfProject } from "../../lithophane/print-project.js";
import { type WriteResult, writeStl } from "../../lithophane/stl.js";
import { type ThreeMfProject, write3mf } from "../../lithophane/threemf.js";
import { decodeGreyscaleCrop } from "./decode.js";
import { FileSink } from "./file-sink.js";
import { sharedResampler } from "./resample-shared.js";
import { PARALLEL_STL_TRIANGLES, startStlWorker, writeStlInParallel } from "./stl-parallel.js";
import { zlibDeflateEntry } from "./zlib-entry.js";

export type PrintFormat = "stl" | "3mf";

export interface GeneratePrintFileOptions extends PanelOptions {
  /** The customer's photo: a path or its bytes (JPEG, PNG, WebP, HEIF/AVIF, TIFF, GIF). */
  imagePath?: string;
  imageBuffer?: Uint8Array;
  format: PrintFormat;
  outPath: string;
  /** 3MF only: orientation and slicer settings carried in the project (default: upright, 0.1 mm). */
  profile?: Partial<PrintProfile>;
  onProgress?: (fraction: number) => void;
}

export interface GeneratePrintFileResult {
  triangles: number;
  bytes: number;
  ms: number;
  outPath: string;
}

export interface WritePrintFileOptions {
  onProgress?: (fraction: number) => void;
  /** STL only: a started STL worker (startStlWorker) writes about half of the file. */
  stlWorker?: Worker;
  /** 3MF only: the project settings and placement. */
  project?: ThreeMfProject;
}

/**
 * Writes `geometry` as STL or 3MF to `outPath` atomically (temp file in the same folder, then rename).
 * With `stlWorker` (see startStlWorker) an STL is written by two threads.
 */
export async function writePrintFile(
  geometry: PanelGeometry,
  format: PrintFormat,
  outPath: string,
  options: WritePrintFileOptions = {},
): Promise<WriteResult> {
  const { onProgress, stlWorker, project } = options;
  const temporary = join(dirname(outPath), `.${basename(outPath)}.${randomBytes(6).toString("hex")}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, "w");
    let result: WriteResult;
    if (format === "3mf") {
      result = await write3mf(geometry, new FileSink(handle), {
        onProgress,
        modelEntry: zlibDeflateEntry(1),
        project,
      });
    } else if (stlWorker && !geometry.topTriangles) {
      // Only the grid's top is bulk enough to share: an adaptive top is written here alone.
      result = await writeStlInParallel(geometry, handle, temporary, stlWorker, onProgress);
    } else {
      result = await writeStl(geometry, new FileSink(handle), { onProgress });
    }
    await handle.close();
    handle = undefined;
    await rename(temporary, outPath);
    return result;
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(temporary, { force: true });
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("io-error", `Could not write ${outPath}: ${reason}`, { cause: error });
  }
}

/** The format implied by a file name, or null. */
export function formatFromPath(path: string): PrintFormat | null {
  const extension = extname(path).toLowerCase();
  return extension === ".stl" ? "stl" : extension === ".3mf" ? "3mf" : null;
}

/**
 * Photo -> print-ready STL / 3MF on disk. Validates everything first (LithophaneError with a readable
 * message), never leaves a partial file, reports progress in [0, 1].
 */
export async function generatePrintFile(options: GeneratePrintFileOptions): Promise<GeneratePrintFileResult> {
  const started = performance.now();
  const { imagePath, imageBuffer, format, outPath, onProgress } = options;
  if (format !== "stl" && format !== "3mf") {
    throw new LithophaneError(
      "invalid-parameter",
      `Unknown format ${JSON.stringify(format)}; expected stl or 3mf.`,
    );
  }
  if (typeof outPath !== "string" || outPath.length === 0) {
    throw new LithophaneError("invalid-parameter", "An output path is required.");
  }
  if ((imagePath === undefined) === (imageBuffer === undefined)) {
    throw new LithophaneError("invalid-parameter", "Pass exactly one of imagePath or imageBuffer.");
  }
  const profile: PrintProfile = { ...DEFAULT_PRINT_PROFILE, ...options.profile };
  // Printed flat, the relief is cut into layers: snap it to whole layers with the error diffused.
  const spec = resolvePanelSpec({
    ...options,
    layerSnapMm: options.layerSnapMm ?? (profile.orientation === "flat" ? profile.layerHeightMm : 0),
  });
  // Large STLs are written by two threads; start the worker now so its start-up overlaps decoding.
  const gridCells =
    (gridVertexCount(spec.widthMm, spec.resolutionMm) - 1) *
    (gridVertexCount(spec.heightMm, spec.resolutionMm) - 1);
  const worker = format === "stl" && 2 * gridCells >= PARALLEL_STL_TRIANGLES ? startStlWorker() : undefined;
  try {
    const image = await decodeGreyscaleCrop((imagePath ?? imageBuffer)!, spec.crop, spec);
    onProgress?.(0.1);
    // With the STL worker started, it shares the resampling (it is otherwise idle until the file).
    const heightmap = computeHeightmap(
      image.pixels,
      image.width,
      image.height,
      { ...spec, crop: image.crop },
      worker ? sharedResampler((job) => worker.postMessage(job)) : undefined,
    );
    const geometry = buildPanelGeometry(heightmap);
    onProgress?.(0.2);
    const result = await writePrintFile(geometry, format, outPath, {
      onProgress: (fraction) => onProgress?.(0.2 + 0.8 * fraction),
      stlWorker: worker,
      project: format === "3mf" ? threeMfProject(spec, profile) : undefined,
    });
    return { ...result, ms: performance.now() - started, outPath };
  } finally {
    await worker?.terminate();
  }
}
