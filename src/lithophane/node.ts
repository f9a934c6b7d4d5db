/**
 * Node-only side of the lithophane generator: image decoding with sharp, zlib-backed 3MF compression and
 * atomic file output. The shop server calls generatePrintFile(); the browser never imports this file.
 */
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import type { AsyncFlateStreamHandler, ZipInputFile } from "fflate";
import sharp from "sharp";
import { type ByteSink, ChunkedOutput } from "./chunks";
import { type CropInput, resolveCropRect } from "./crop";
import { LithophaneError } from "./errors";
import { buildPanelGeometry, type PanelGeometry } from "./geometry";
import { computeHeightmap } from "./heightmap";
import { gridVertexCount, type PanelOptions, type PanelSpec, resolvePanelSpec } from "./params";
import {
  STL_FACET_BYTES,
  STL_HEADER_BYTES,
  stlHeader,
  type WriteResult,
  writeStl,
  writeStlRows,
  writeStlWallsAndBack,
} from "./stl";
import type { StlRowsJob, StlRowsReply } from "./stl-worker";
import { write3mf, type ZipEntryFactory, type ZipEntryStream } from "./threemf";

export type PrintFormat = "stl" | "3mf";

export interface GeneratePrintFileOptions extends PanelOptions {
  /** The customer's photo: a path or its bytes (JPEG, PNG, WebP, HEIF/AVIF, TIFF, GIF). */
  imagePath?: string;
  imageBuffer?: Uint8Array;
  format: PrintFormat;
  outPath: string;
  onProgress?: (fraction: number) => void;
}

export interface GeneratePrintFileResult {
  triangles: number;
  bytes: number;
  ms: number;
  outPath: string;
}

export interface GreyImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** Reads the image's display size (after EXIF rotation), the frame react-easy-crop's crop refers to. */
async function orientedSize(input: string | Uint8Array): Promise<{ width: number; height: number }> {
  const metadata = await sharp(input).metadata();
  if (!metadata.width || !metadata.height) {
    throw new LithophaneError("invalid-image", "The image has no readable size.");
  }
  const swapped = (metadata.orientation ?? 1) >= 5;
  return swapped
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/**
 * Decodes the image, applies EXIF orientation and the crop, flattens transparency onto white and resizes
 * (Lanczos) straight to the heightmap grid, so the JS side only maps grey levels to thickness.
 */
export async function decodeGreyscaleForGrid(
  input: string | Uint8Array,
  crop: CropInput | undefined,
  spec: PanelSpec,
): Promise<GreyImage> {
  const nx = gridVertexCount(spec.widthMm, spec.resolutionMm);
  const ny = gridVertexCount(spec.heightMm, spec.resolutionMm);
  try {
    const size = await orientedSize(input);
    const rect = resolveCropRect(crop, size.width, size.height, spec.widthMm / spec.heightMm);
    const left = Math.min(size.width - 1, Math.max(0, Math.round(rect.x)));
    const top = Math.min(size.height - 1, Math.max(0, Math.round(rect.y)));
    const width = Math.max(1, Math.min(size.width - left, Math.round(rect.width)));
    const height = Math.max(1, Math.min(size.height - top, Math.round(rect.height)));
    const { data, info } = await sharp(input)
      .rotate()
      .extract({ left, top, width, height })
      .flatten({ background: "#ffffff" })
      .resize(nx, ny, { fit: "fill", kernel: "lanczos3" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 || info.width !== nx || info.height !== ny) {
      throw new LithophaneError(
        "internal",
        `Unexpected decoded image ${info.width}x${info.height}x${info.channels}.`,
      );
    }
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: nx, height: ny };
  } catch (error) {
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("invalid-image", `Could not read the image: ${reason}`, { cause: error });
  }
}

/**
 * Writes to an open file handle; each write's promise settles when its buffer may be reused. Several
 * writes may be in flight on the thread pool, so each gets its file position when issued (pwrite):
 * writes at "the current position" could land out of order.
 */
export class FileSink implements ByteSink {
  constructor(
    private readonly handle: FileHandle,
    private position = 0,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    const start = this.position;
    this.position += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset, start + offset);
      offset += bytesWritten;
    }
  }
}

/**
 * A persistent zlib raw-deflate stream compressing whole chunks: each ends with a full flush (byte-aligned,
 * dictionary reset), so its output stands alone and can be spliced between other engines' output.
 */
class DeflateEngine {
  private readonly stream: zlib.DeflateRaw;
  private parts: Uint8Array[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(level: number) {
    // A 4 KiB window: as fast as the default at level 1 and ~20% smaller on this repetitive XML.
    this.stream = zlib.createDeflateRaw({ level, windowBits: 12, chunkSize: 1 << 20 });
    this.stream.on("data", (data: Buffer) => this.parts.push(data));
  }

  /** Compressed bytes of `chunk`; the chunk may be reused once the promise settles. */
  compress(chunk: Uint8Array, final: boolean): Promise<Uint8Array[]> {
    const run = this.queue.then(
      () =>
        new Promise<Uint8Array[]>((resolve, reject) => {
          this.parts = [];
          this.stream.once("error", reject);
          const done = () => {
            this.stream.off("error", reject);
            resolve(this.parts);
          };
          if (chunk.length > 0) this.stream.write(chunk);
          if (final) {
            this.stream.once("end", done);
            this.stream.end();
          } else {
            this.stream.flush(zlib.constants.Z_FULL_FLUSH, done);
          }
        }),
    );
    this.queue = run.catch(() => {});
    return run;
  }

  destroy(): void {
    this.stream.destroy();
  }
}

/**
 * 3MF model entry compressed by zlib on libuv's thread pool: chunks go round-robin to `engines` persistent
 * deflate streams, so compression of one chunk overlaps generating the next and uses several cores;
 * the pieces are spliced in order into one valid deflate stream (as pigz does). CRC-32 is zlib's native one.
 */
export function zlibDeflateEntry(level = 1, engines = 2): ZipEntryFactory {
  return (filename: string): ZipEntryStream => {
    const file: ZipInputFile & { ondata?: AsyncFlateStreamHandler } = {
      filename,
      size: 0,
      crc: 0,
      compression: 8,
    };
    const pool = Array.from({ length: engines }, () => new DeflateEngine(level));
    let turn = 0;
    let order: Promise<void> = Promise.resolve();
    let failed: Error | null = null;
    const push = (chunk: Uint8Array, final: boolean): Promise<void> => {
      file.crc = zlib.crc32(chunk, file.crc);
      file.size += chunk.length;
      const engine = pool[turn]!;
      turn = (turn + 1) % pool.length;
      const compressed = engine.compress(chunk, final);
      order = order.then(async () => {
        try {
          const parts = await compressed;
          if (final && parts.length === 0) parts.push(new Uint8Array(0));
          parts.forEach((part, k) => {
            file.ondata?.(null, part as Uint8Array<ArrayBuffer>, final && k === parts.length - 1);
          });
        } catch (error) {
          failed = error instanceof Error ? error : new Error(String(error));
        } finally {
          if (final) for (const other of pool) other.destroy();
        }
      });
      return compressed.then(
        () => undefined,
        () => undefined,
      );
    };
    return {
      file,
      push,
      settled: async () => {
        await order;
        if (failed) throw failed;
      },
    };
  };
}

/** Below this many triangles a second thread costs more to start than it saves. */
export const PARALLEL_STL_TRIANGLES = 1_500_000;

/**
 * Starts the STL row worker. From TypeScript sources (tsx: dev, CLI, tests) the worker registers tsx's
 * loader itself before importing the worker module; from compiled JavaScript it loads the .js directly.
 * Errors are caught (the caller then writes every row on this thread).
 */
export function startStlWorker(): Worker {
  const typescript = import.meta.url.endsWith(".ts");
  const url = new URL(typescript ? "./stl-worker.ts" : "./stl-worker.js", import.meta.url);
  let worker: Worker;
  if (typescript) {
    // tsx's ESM API (index.mjs beside the index.cjs that require resolves).
    const tsxApi = pathToFileURL(
      createRequire(import.meta.url)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    );
    const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
    worker = new Worker(bootstrap, { eval: true });
  } else {
    worker = new Worker(url);
  }
  worker.on("error", (error) => {
    if (process.env.LITHOPHANE_DEBUG) console.error("STL worker:", error);
  });
  return worker;
}

function runStlRowsJob(worker: Worker, job: StlRowsJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: StlRowsReply) => {
      cleanup();
      if (reply.ok) resolve(reply.bytes);
      else reject(new LithophaneError("io-error", `STL worker failed: ${reply.message}`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new LithophaneError("internal", `STL worker exited early (code ${code}).`));
    };
    const cleanup = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(job);
  });
}

/**
 * Binary STL with the rows split between this thread and a worker: facet offsets are known up front
 * (50 bytes each), so both write their share straight to its place in the file.
 */
async function writeStlInParallel(
  geometry: PanelGeometry,
  handle: FileHandle,
  path: string,
  worker: Worker,
  onProgress?: (fraction: number) => void,
): Promise<WriteResult> {
  const rows = geometry.ny - 1;
  const half = geometry.topTriangleCount / 2;
  let split = 0;
  let before = 0;
  while (split < rows && before + geometry.rowTriangleCounts[split]! <= half)
    before += geometry.rowTriangleCounts[split++]!;
  const workerPosition = STL_HEADER_BYTES + STL_FACET_BYTES * before;
  const tailPosition = STL_HEADER_BYTES + STL_FACET_BYTES * geometry.topTriangleCount;
  const workerDone = runStlRowsJob(worker, {
    geometry,
    path,
    rowStart: split,
    rowEnd: rows,
    position: workerPosition,
  });
  // Observed below; don't let a rejection count as unhandled while this thread works.
  workerDone.catch(() => {});

  const rowBytes = STL_FACET_BYTES * (4 * (geometry.nx - 1) + 8);
  const head = new ChunkedOutput(new FileSink(handle, 0), Math.max(4 << 20, rowBytes));
  head.buffer.set(stlHeader(geometry.triangleCount), 0);
  head.offset = STL_HEADER_BYTES;
  const progressEvery = Math.max(1, Math.floor(split / 25));
  await writeStlRows(geometry, head, 0, split, (row) => {
    if (onProgress && row % progressEvery === 0) onProgress((0.9 * (row + 1)) / Math.max(1, split));
  });
  await head.finish();
  const tail = new ChunkedOutput(new FileSink(handle, tailPosition), 1 << 20);
  await writeStlWallsAndBack(geometry, tail);
  await tail.finish();
  try {
    await workerDone;
  } catch {
    // The worker could not run (e.g. no loader for TypeScript): write its rows here instead.
    const rest = new ChunkedOutput(new FileSink(handle, workerPosition), Math.max(4 << 20, rowBytes));
    await writeStlRows(geometry, rest, split, rows);
    await rest.finish();
  }
  onProgress?.(1);
  return {
    triangles: geometry.triangleCount,
    bytes: STL_HEADER_BYTES + STL_FACET_BYTES * geometry.triangleCount,
  };
}

/**
 * Writes `geometry` as STL or 3MF to `outPath` atomically (temp file in the same folder, then rename).
 * With `stlWorker` (see startStlWorker) an STL is written by two threads.
 */
export async function writePrintFile(
  geometry: PanelGeometry,
  format: PrintFormat,
  outPath: string,
  onProgress?: (fraction: number) => void,
  stlWorker?: Worker,
): Promise<WriteResult> {
  const temporary = join(dirname(outPath), `.${basename(outPath)}.${randomBytes(6).toString("hex")}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, "w");
    let result: WriteResult;
    if (format === "3mf") {
      result = await write3mf(geometry, new FileSink(handle), {
        onProgress,
        modelEntry: zlibDeflateEntry(1),
      });
    } else if (stlWorker) {
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
  const spec = resolvePanelSpec(options);
  // Large STLs are written by two threads; start the worker now so its start-up overlaps decoding.
  const gridCells =
    (gridVertexCount(spec.widthMm, spec.resolutionMm) - 1) *
    (gridVertexCount(spec.heightMm, spec.resolutionMm) - 1);
  const worker = format === "stl" && 2 * gridCells >= PARALLEL_STL_TRIANGLES ? startStlWorker() : undefined;
  try {
    const image = await decodeGreyscaleForGrid((imagePath ?? imageBuffer)!, spec.crop, spec);
    onProgress?.(0.1);
    // The crop is already applied by the decoder; the grid-sized image maps 1:1.
    const heightmap = computeHeightmap(image.pixels, image.width, image.height, { ...spec, crop: undefined });
    const geometry = buildPanelGeometry(heightmap);
    onProgress?.(0.2);
    const result = await writePrintFile(
      geometry,
      format,
      outPath,
      (fraction) => onProgress?.(0.2 + 0.8 * fraction),
      worker,
    );
    return { ...result, ms: performance.now() - started, outPath };
  } finally {
    await worker?.terminate();
  }
}
