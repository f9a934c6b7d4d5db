/**
 * Node side of the lithophane generator (src/lithophane stays pure TypeScript with no native add-on, so the
 * browser runs it too): image decoding with sharp, zlib-backed 3MF compression and
 * atomic file output. The shop server calls generatePrintFile(); the browser never imports this file.
 */
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import type { AsyncFlateStreamHandler, ZipInputFile } from "fflate";
import sharp from "sharp";
import { type ByteSink, ChunkedOutput } from "../../lithophane/chunks.js";
import { type CropInput, resolveCropRect } from "../../lithophane/crop.js";
import { LithophaneError } from "../../lithophane/errors.js";
import { buildPanelGeometry, type PanelGeometry } from "../../lithophane/geometry.js";
import { computeHeightmap } from "../../lithophane/heightmap.js";
import {
  gridVertexCount,
  type PanelOptions,
  type PanelSpec,
  resolvePanelSpec,
} from "../../lithophane/params.js";
import {
  STL_FACET_BYTES,
  STL_HEADER_BYTES,
  stlHeader,
  stlLayout,
  type WriteResult,
  writeFullCellRows,
  writeStl,
  writeStlRest,
} from "../../lithophane/stl.js";
import {
  BLOCK_CLAIMED,
  BLOCK_WRITTEN,
  type StlRowsJob,
  type StlRowsReply,
  stlWorkerSource,
} from "../../lithophane/stl-worker.js";
import { write3mf, type ZipEntryFactory, type ZipEntryStream } from "../../lithophane/threemf.js";

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
 * Decodes the image, applies EXIF orientation and the crop, flattens transparency onto white, converts to
 * grey and resizes (Lanczos) straight to the heightmap grid, so the JS side only maps grey levels to
 * thickness. Two sharp passes, so the Lanczos resize runs on one grey band instead of three colour bands
 * (the same bytes on the benchmark photo, ~30 ms less CPU for 2000 x 2000).
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
    const grey = await sharp(input)
      .rotate()
      .extract({ left, top, width, height })
      .flatten({ background: "#ffffff" })
      .toColourspace("b-w")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data, info } = await sharp(grey.data, {
      raw: { width: grey.info.width, height: grey.info.height, channels: grey.info.channels },
    })
      .resize(nx, ny, { fit: "fill", kernel: "lanczos3" })
      .toColourspace("b-w")
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

/** The zlib empty final block (BFINAL, fixed Huffman, end of block) that follows a full flush. */
const EMPTY_FINAL_BLOCK = Uint8Array.from([0x03, 0x00]);
const GZIP_HEADER_BYTES = 10;
const GZIP_TAIL_BYTES = EMPTY_FINAL_BLOCK.length + 8;

/**
 * Compresses one chunk on libuv's thread pool as its own gzip member, written as data + full flush +
 * finish, and takes it apart: the deflate blocks between the 10-byte header and the empty final block stand
 * alone (byte-aligned, no dictionary carried over), and the trailer holds the chunk's CRC-32, which zlib
 * computed while compressing, so the main thread never reads the bytes again for the zip's checksum.
 */
function gzipChunk(chunk: Uint8Array, level: number): Promise<{ body: Uint8Array; crc: number }> {
  return new Promise((resolve, reject) => {
    // A 4 KiB window: as fast as the default at level 1 and ~20% smaller on this repetitive XML. The output
    // buffer holds a whole compressed chunk (~1/7 of it), so zlib returns it in one thread-pool round trip.
    const stream = zlib.createGzip({
      level,
      windowBits: 12,
      chunkSize: Math.max(64 << 10, chunk.length >> 2),
    });
    const parts: Buffer[] = [];
    stream.on("data", (data: Buffer) => parts.push(data));
    stream.once("error", reject);
    stream.once("end", () => {
      const out = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      const tail = out.length - GZIP_TAIL_BYTES;
      if (
        tail < GZIP_HEADER_BYTES ||
        out[tail] !== EMPTY_FINAL_BLOCK[0] ||
        out[tail + 1] !== EMPTY_FINAL_BLOCK[1]
      ) {
        reject(new LithophaneError("internal", "Unexpected gzip framing from zlib."));
        return;
      }
      resolve({ body: out.subarray(GZIP_HEADER_BYTES, tail), crc: out.readUInt32LE(tail + 2) });
    });
    stream.write(chunk);
    stream.flush(zlib.constants.Z_FULL_FLUSH, () => stream.end());
  });
}

/** GF(2) 32x32 matrix (one word per column) times a 32-bit vector. */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let k = 0; v !== 0; k++, v >>>= 1) if (v & 1) sum ^= matrix[k]!;
  return sum >>> 0;
}

/** CRC-32 operators for appending 2^k zero bytes (k = 0, 1, ...), built on first use. */
const zeroBytesOperators: Uint32Array[] = [];

function zeroBytesOperator(k: number): Uint32Array {
  while (zeroBytesOperators.length <= k) {
    let previous = zeroBytesOperators.at(-1);
    let squarings = 1;
    if (!previous) {
      previous = new Uint32Array(32);
      previous[0] = 0xedb88320; // the CRC-32 polynomial: the operator for one zero bit
      for (let n = 1; n < 32; n++) previous[n] = 1 << (n - 1);
      squarings = 3; // 1 bit -> 8 bits
    }
    for (let s = 0; s < squarings; s++) {
      const squared = new Uint32Array(32);
      for (let n = 0; n < 32; n++) squared[n] = gf2Times(previous, previous[n]!);
      previous = squared;
    }
    zeroBytesOperators.push(previous);
  }
  return zeroBytesOperators[k]!;
}

/** CRC-32 of A followed by B from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let crc = crcA >>> 0;
  let length = lengthB;
  for (let k = 0; length > 0; k++, length = Math.floor(length / 2)) {
    if (length % 2 === 1) crc = gf2Times(zeroBytesOperator(k), crc);
  }
  return (crc ^ crcB) >>> 0;
}

/**
 * 3MF model entry compressed by zlib on libuv's thread pool: every chunk is compressed (and checksummed)
 * independently, so compression of several chunks overlaps generating the next ones and uses every core;
 * the pieces are spliced in order into one valid deflate stream (as pigz does) and the CRCs combined.
 */
export function zlibDeflateEntry(level = 1): ZipEntryFactory {
  return (filename: string): ZipEntryStream => {
    const file: ZipInputFile & { ondata?: AsyncFlateStreamHandler } = {
      filename,
      size: 0,
      crc: 0,
      compression: 8,
    };
    let order: Promise<void> = Promise.resolve();
    let failed: Error | null = null;
    const push = (chunk: Uint8Array, final: boolean): Promise<void> => {
      const length = chunk.length;
      const compressed = length > 0 ? gzipChunk(chunk, level) : Promise.resolve(null);
      order = order.then(async () => {
        try {
          const result = await compressed;
          if (result) {
            file.crc = crc32Combine(file.crc, result.crc, length);
            file.size += length;
            file.ondata?.(null, result.body as Uint8Array<ArrayBuffer>, false);
          }
          if (final) file.ondata?.(null, EMPTY_FINAL_BLOCK.slice(), true);
        } catch (error) {
          failed = error instanceof Error ? error : new Error(String(error));
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

/** Below this many triangles a second thread (~30 ms to start) costs more than it saves. */
export const PARALLEL_STL_TRIANGLES = 1_500_000;

/**
 * Starts the STL row worker (plain JavaScript, see stl-worker.ts). Its errors are caught: the caller then
 * writes every block on this thread.
 */
export function startStlWorker(): Worker {
  const worker = new Worker(stlWorkerSource(), { eval: true });
  worker.on("error", (error) => {
    if (process.env.LITHOPHANE_DEBUG) console.error("STL worker:", error);
  });
  return worker;
}

function runStlRowsJob(worker: Worker, job: StlRowsJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: StlRowsReply) => {
      cleanup();
      if (reply.ok) resolve(reply.blocks);
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

/** Writes all of `bytes[0, length)` at `position`. */
async function writeAt(
  handle: FileHandle,
  bytes: Uint8Array,
  length: number,
  position: number,
): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await handle.write(bytes, offset, length - offset, position + offset);
    offset += bytesWritten;
  }
}

/**
 * Binary STL written by this thread and a worker together: the full-cell rows (nearly all of the file) are
 * cut into ~4 MB blocks at offsets known up front, and each thread claims the next block from a shared
 * counter, so the work splits by how fast each thread really runs (the worker may start late on a busy
 * machine). This thread also writes the header and the remaining facets. Same bytes as writeStl.
 */
async function writeStlInParallel(
  geometry: PanelGeometry,
  handle: FileHandle,
  path: string,
  worker: Worker,
  onProgress?: (fraction: number) => void,
): Promise<WriteResult> {
  const { nx, ny, stepXMm, stepYMm, cellCase } = geometry;
  const heights = geometry.heightmap.thicknessMm;
  const layout = stlLayout(geometry);
  const rows = ny - 1;
  const rowBytes = 2 * (nx - 1) * STL_FACET_BYTES;
  const blockRows = Math.max(1, Math.floor((4 << 20) / rowBytes));
  const blockCount = Math.ceil(rows / blockRows);
  const blockBytes = blockRows * rowBytes;
  const blockPositions = new Float64Array(blockCount);
  for (let b = 0; b < blockCount; b++) {
    blockPositions[b] = STL_HEADER_BYTES + STL_FACET_BYTES * layout.fullFacetsBefore[b * blockRows]!;
  }
  const control = new Int32Array(new SharedArrayBuffer(4 * (1 + blockCount)));
  const workerDone = runStlRowsJob(worker, {
    heights,
    cellCase,
    nx,
    stepXMm,
    stepYMm,
    path,
    rows,
    blockRows,
    blockCount,
    blockBytes,
    blockPositions,
    control,
  });
  // Observed below (or not needed); don't let a rejection count as unhandled.
  workerDone.catch(() => {});

  const header = writeAt(handle, stlHeader(geometry.triangleCount), STL_HEADER_BYTES, 0);
  const buffers = [0, 1, 2].map(() => new Uint8Array(blockBytes));
  const pending: (Promise<void> | undefined)[] = [undefined, undefined, undefined];
  let turn = 0;
  const writeBlock = async (block: number): Promise<void> => {
    await pending[turn];
    const buffer = buffers[turn]!;
    const rowStart = block * blockRows;
    const rowEnd = Math.min(rows, rowStart + blockRows);
    const length = writeFullCellRows(heights, cellCase, nx, stepXMm, stepYMm, rowStart, rowEnd, buffer, 0);
    pending[turn] = writeAt(handle, buffer, length, blockPositions[block]!).then(() => {
      Atomics.store(control, 1 + block, BLOCK_WRITTEN);
    });
    turn = (turn + 1) % buffers.length;
    onProgress?.((0.95 * (Atomics.load(control, 0) + 1)) / (blockCount + 1));
  };
  let ownBlocks = 0;
  for (;;) {
    const block = Atomics.add(control, 0, 1);
    if (block >= blockCount) break;
    Atomics.store(control, 1 + block, BLOCK_CLAIMED);
    await writeBlock(block);
    ownBlocks++;
  }
  if (process.env.LITHOPHANE_DEBUG)
    console.error(`STL: this thread wrote ${ownBlocks} of ${blockCount} blocks`);
  const tail = new ChunkedOutput(
    new FileSink(handle, STL_HEADER_BYTES + STL_FACET_BYTES * layout.fullFacetsBefore[rows]!),
    1 << 20,
  );
  await writeStlRest(geometry, layout, tail);
  await tail.finish();
  await header;
  await Promise.all(pending);
  const unwritten = () => {
    const blocks: number[] = [];
    for (let b = 0; b < blockCount; b++) if (Atomics.load(control, 1 + b) !== BLOCK_WRITTEN) blocks.push(b);
    return blocks;
  };
  // Blocks the worker claimed and is still writing: wait for it; if it failed, write them here.
  if (unwritten().length > 0) {
    try {
      await workerDone;
    } catch {
      for (const block of unwritten()) await writeBlock(block);
      await Promise.all(pending);
    }
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
