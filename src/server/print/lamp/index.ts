/**
 * The lamp's Node side (issue 48 item 2): photos on disk or in memory -> the lamp's print-ready 3MF
 * (atomically), its lit pictures as PNG, and its G-code twin (slice with PrusaSlicer, its embedded
 * settings only, then the unrolled twin beside the unrolled preview). The pure parts are
 * src/lithophane/lamp/; a product-type module calls these.
 */

import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, open, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { parseGcodeEstimate } from "@shared/production-estimates";
import { Unzip, UnzipInflate } from "fflate";
import type { CropInput } from "../../../lithophane/crop.js";
import { LithophaneError } from "../../../lithophane/errors.js";
import { computeHeightmap } from "../../../lithophane/heightmap.js";
import {
  buildLampMesh,
  DEFAULT_LAMP_PRINTER,
  isLampProject,
  type LampGeometry,
  type LampOptions,
  type LampPreviewOptions,
  type LampPrinter,
  type LampTwinOptions,
  type LampTwinResult,
  lampGeometryFromHeightmaps,
  lampPhotoSpec,
  lampPreview,
  lampPrintProject,
  lampTwin,
  resolveLampSpec,
} from "../../../lithophane/lamp/index.js";
import { writeLamp3mf } from "../../../lithophane/lamp/threemf.js";
import {
  DEFAULT_PRINT_PROFILE,
  type PrintProfile,
  SLICER_CONFIG_PATH,
} from "../../../lithophane/print-project.js";
import { read3mf } from "../../../lithophane/twin/model3mf.js";
import { decodeGreyscaleCrop } from "../decode.js";
import { FileSink } from "../file-sink.js";
import { exportGcode } from "../slicer.js";
import { type PrintTwinCheck, pictureToPng, readTail } from "../twin.js";
import { zlibDeflateEntry } from "../zlib-entry.js";

export interface LampPhotoInput {
  /** A path or the photo's bytes (any format sharp reads). */
  image: string | Uint8Array;
  crop?: CropInput;
}

export interface GenerateLampOptions extends Omit<LampOptions, "photos" | "crops"> {
  photos: readonly LampPhotoInput[];
  outPath: string;
  profile?: Partial<PrintProfile>;
  printer?: LampPrinter;
  onProgress?: (fraction: number) => void;
}

export interface GenerateLampResult {
  triangles: number;
  bytes: number;
  ms: number;
  outPath: string;
  geometry: LampGeometry;
  /** The adaptive mesh (else the full grid). */
  adaptive: boolean;
}

/** Decodes each photo at its crop and builds the lamp's wall (the flat panel's heightmap per photo). */
export async function lampGeometryFromImages(
  options: Omit<LampOptions, "photos" | "crops"> & { photos: readonly LampPhotoInput[] },
): Promise<LampGeometry> {
  const spec = resolveLampSpec({
    ...options,
    photos: options.photos.length,
    crops: options.photos.map((photo) => photo.crop),
  });
  const heightmaps = await Promise.all(
    options.photos.map(async (photo, k) => {
      const photoSpec = lampPhotoSpec(spec, k);
      const image = await decodeGreyscaleCrop(photo.image, photoSpec.crop, photoSpec);
      return computeHeightmap(image.pixels, image.width, image.height, { ...photoSpec, crop: image.crop });
    }),
  );
  return lampGeometryFromHeightmaps(spec, heightmaps);
}

/**
 * Photos -> the lamp's print-ready 3MF at `outPath`, written atomically (a temporary file, then a
 * rename). Refuses a lamp that does not fit the printer before any work.
 */
export async function generateLampPrintFile(options: GenerateLampOptions): Promise<GenerateLampResult> {
  const started = performance.now();
  const profile: PrintProfile = { ...DEFAULT_PRINT_PROFILE, ...options.profile, orientation: "upright" };
  const printer = options.printer ?? DEFAULT_LAMP_PRINTER;
  const spec = resolveLampSpec({ ...options, photos: options.photos.length });
  const project = lampPrintProject(spec, profile, printer);
  const geometry = await lampGeometryFromImages(options);
  options.onProgress?.(0.2);
  const mesh = buildLampMesh(geometry);
  const { outPath } = options;
  const temporary = join(dirname(outPath), `.${basename(outPath)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "w");
  try {
    const result = await writeLamp3mf(mesh, new FileSink(handle), {
      project,
      modelEntry: zlibDeflateEntry(1),
      onProgress: (fraction) => options.onProgress?.(0.2 + 0.8 * fraction),
    });
    await handle.close();
    await rename(temporary, outPath);
    return { ...result, ms: performance.now() - started, outPath, geometry, adaptive: mesh.adaptive };
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("io-error", `Could not write ${outPath}: ${reason}`, { cause: error });
  }
}

/** The lit lamp as PNG (unrolled or from the front). */
export function lampPreviewPng(geometry: LampGeometry, options: LampPreviewOptions = {}): Promise<Buffer> {
  return pictureToPng(lampPreview(geometry, options));
}

/** Photos -> the lamp lit from inside and unrolled, as PNG (the proof's picture before its twin). */
export async function generateLampPreviewPng(
  options: Omit<LampOptions, "photos" | "crops"> & { photos: readonly LampPhotoInput[] },
): Promise<Buffer> {
  const geometry = await lampGeometryFromImages({ ...options, maxErrorMm: 0 });
  return lampPreviewPng(geometry, { view: "unrolled", pixelMm: options.resolutionMm ?? 0.5 });
}

/** Whether a 3MF on disk is a lamp project: streams the zip, inflating only its settings file. */
export async function isLampThreeMf(path: string): Promise<boolean> {
  let text = "";
  let finished = false;
  let done: Promise<void> = Promise.resolve();
  const decoder = new TextDecoder();
  const unzip = new Unzip((file) => {
    if (file.name !== SLICER_CONFIG_PATH) return;
    done = new Promise<void>((resolve, reject) => {
      file.ondata = (error, data, final) => {
        if (error) return reject(error);
        text += decoder.decode(data, { stream: !final });
        if (final) {
          finished = true;
          resolve();
        }
      };
      file.start();
    });
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    unzip.push(chunk as Uint8Array, false);
    // The settings file is written before the model: stop reading once it is in.
    if (finished) break;
  }
  if (!finished) unzip.push(new Uint8Array(0), true);
  await done;
  const config = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = line.match(/^; ([\w-]+) = (.*)$/);
    if (match) config.set(match[1]!, match[2]!);
  }
  return isLampProject({ config });
}

export interface SimulateLampOptions extends LampTwinOptions {
  threeMfPath: string;
  /** An existing G-code of the project; sliced here when absent. */
  gcodePath?: string | undefined;
  slicer?: string | undefined;
  timeoutMs?: number | undefined;
}

export interface SimulateLampOutcome extends LampTwinResult {
  sliceMs: number;
  twinMs: number;
}

/** Slices the lamp's 3MF with its own settings (unless a G-code is given) and builds the unrolled twin. */
export async function simulateLamp(options: SimulateLampOptions): Promise<SimulateLampOutcome> {
  let dir: string | null = null;
  try {
    let gcodePath = options.gcodePath;
    let sliceMs = 0;
    if (!gcodePath) {
      if (!options.slicer)
        throw new Error("PrusaSlicer is not installed: give --gcode or install prusa-slicer.");
      dir = await mkdtemp(join(tmpdir(), "lithobox-lamp-twin-"));
      gcodePath = join(dir, "lamp.gcode");
      const started = performance.now();
      await exportGcode(options.slicer, resolve(options.threeMfPath), gcodePath, {
        timeoutMs: options.timeoutMs ?? 1_200_000,
        home: dir,
      });
      sliceMs = performance.now() - started;
    }
    const started = performance.now();
    const project = await read3mf(createReadStream(options.threeMfPath, { highWaterMark: 1 << 20 }));
    const result = await lampTwin(
      project,
      createReadStream(gcodePath, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string>,
      options,
    );
    return { ...result, sliceMs, twinMs: performance.now() - started };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

export type LampPrintCheck = Omit<PrintTwinCheck, "mode"> & { mode: "cylinder" };

/**
 * The print worker's check of a lamp's print file, as checkPrintFile does for a panel: slices the 3MF
 * once with PrusaSlicer (its own settings), builds the unrolled twin and preview from it and reads the
 * production estimate from the same G-code, which is then deleted.
 */
export async function checkLampPrintFile(options: {
  threeMfPath: string;
  slicer: string;
  timeoutMs: number;
  attenuationPerMm: number;
  scatterPerMm?: number | undefined;
  onChild?: (kill: () => void) => void;
}): Promise<LampPrintCheck> {
  const dir = await mkdtemp(join(tmpdir(), "lithobox-lamp-twin-"));
  try {
    const gcodePath = join(dir, "lamp.gcode");
    await exportGcode(options.slicer, resolve(options.threeMfPath), gcodePath, {
      timeoutMs: options.timeoutMs,
      home: dir,
      ...(options.onChild ? { onChild: options.onChild } : {}),
    });
    const outcome = await simulateLamp({
      threeMfPath: options.threeMfPath,
      gcodePath,
      attenuationPerMm: options.attenuationPerMm,
      ...(options.scatterPerMm !== undefined ? { scatterPerMm: options.scatterPerMm } : {}),
    });
    const figures = parseGcodeEstimate(await readTail(gcodePath));
    const [twinPng, previewPng] = await Promise.all([
      pictureToPng(outcome.twin),
      pictureToPng(outcome.preview),
    ]);
    return {
      mode: "cylinder",
      ssim: outcome.report.ssim,
      meanDeltaL: outcome.report.meanDeltaL,
      missingLayers: outcome.report.missingLayers.reduce((sum, band) => sum + band.layers, 0),
      twinPng,
      previewPng,
      estimate: figures ? { ...figures, gramsPerExtruder: null } : null,
    };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
