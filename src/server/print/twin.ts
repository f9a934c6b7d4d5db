/**
 * The G-code twin's Node side: slices the 3MF project with PrusaSlicer (its own settings only) unless a
 * G-code file is given, streams both files into the pure twin (src/lithophane/twin) and writes the
 * pictures: the creator's preview of the mesh beside the twin of the print, lit the same way.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseGcodeEstimate, parseGramsPerExtruder } from "@shared/production-estimates";
import sharp from "sharp";
import type { ColourFilament } from "../../lithophane/colour/filaments.js";
import { read3mf } from "../../lithophane/twin/model3mf.js";
import {
  buildTwin,
  type TwinOptions,
  type TwinPicture,
  type TwinResult,
} from "../../lithophane/twin/twin.js";
import { exportGcode } from "./slicer.js";

export interface SimulateOptions extends TwinOptions {
  threeMfPath: string;
  /** An existing G-code of the project; sliced here when absent. */
  gcodePath?: string | undefined;
  /** The slicer's path (used when no G-code is given). */
  slicer?: string | undefined;
  timeoutMs?: number | undefined;
}

export interface SimulateOutcome extends TwinResult {
  /** Slicing time (0 when a G-code was given) and the twin's own time (reading, depositing, lighting), ms. */
  sliceMs: number;
  twinMs: number;
}

export async function simulatePrint(options: SimulateOptions): Promise<SimulateOutcome> {
  let dir: string | null = null;
  try {
    let gcodePath = options.gcodePath;
    let sliceMs = 0;
    if (!gcodePath) {
      if (!options.slicer)
        throw new Error("PrusaSlicer is not installed: give --gcode or install prusa-slicer.");
      dir = await mkdtemp(path.join(tmpdir(), "lithobox-twin-"));
      gcodePath = path.join(dir, "panel.gcode");
      const started = performance.now();
      await exportGcode(options.slicer, path.resolve(options.threeMfPath), gcodePath, {
        timeoutMs: options.timeoutMs ?? 600_000,
        home: dir,
      });
      sliceMs = performance.now() - started;
    }
    const started = performance.now();
    const project = await read3mf(createReadStream(options.threeMfPath, { highWaterMark: 1 << 20 }));
    const result = await buildTwin(
      project,
      createReadStream(gcodePath, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string>,
      options,
    );
    return { ...result, sliceMs, twinMs: performance.now() - started };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The preview (left) beside the twin (right) as one PNG. */
export async function writeSideBySide(
  preview: TwinPicture,
  twin: TwinPicture,
  outPath: string,
): Promise<void> {
  const gap = 16;
  const raw = (picture: TwinPicture) => ({
    input: Buffer.from(picture.rgb),
    raw: { width: picture.width, height: picture.height, channels: 3 as const },
  });
  await sharp({
    create: {
      width: preview.width + gap + twin.width,
      height: Math.max(preview.height, twin.height),
      channels: 3,
      background: "#1c1917",
    },
  })
    .composite([
      { ...raw(preview), left: 0, top: 0 },
      { ...raw(twin), left: preview.width + gap, top: 0 },
    ])
    .png()
    .toFile(outPath);
}

/** A picture as PNG bytes. */
export function pictureToPng(picture: TwinPicture): Promise<Buffer> {
  return sharp(Buffer.from(picture.rgb), {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  })
    .png()
    .toBuffer();
}

export interface PrintTwinCheck {
  mode: TwinResult["report"]["mode"];
  ssim: number;
  meanDeltaL: number;
  missingLayers: number;
  /** The twin's and the preview's pictures (PNG). */
  twinPng: Buffer;
  previewPng: Buffer;
  /** The same slicing's production estimate (null when the G-code lacks its figures). */
  estimate: { printSeconds: number; filamentGrams: number; gramsPerExtruder: number[] | null } | null;
}

/**
 * The print worker's check of a print file it made (issue 32 item 2): slices the 3MF once with
 * PrusaSlicer (its own settings), builds the twin and the preview from it, and reads the
 * production estimate from the same G-code, which is then deleted.
 */
export async function checkPrintFile(options: {
  threeMfPath: string;
  slicer: string;
  timeoutMs: number;
  attenuationPerMm: number;
  /** The filament's scattering (light.ts); the model's fitted default when absent. */
  scatterPerMm?: number | undefined;
  filaments?: readonly ColourFilament[] | undefined;
  onChild?: (kill: () => void) => void;
}): Promise<PrintTwinCheck> {
  const dir = await mkdtemp(path.join(tmpdir(), "lithobox-twin-"));
  try {
    const gcodePath = path.join(dir, "panel.gcode");
    await exportGcode(options.slicer, path.resolve(options.threeMfPath), gcodePath, {
      timeoutMs: options.timeoutMs,
      home: dir,
      ...(options.onChild ? { onChild: options.onChild } : {}),
    });
    const outcome = await simulatePrint({
      threeMfPath: options.threeMfPath,
      gcodePath,
      attenuationPerMm: options.attenuationPerMm,
      ...(options.scatterPerMm !== undefined ? { scatterPerMm: options.scatterPerMm } : {}),
      ...(options.filaments ? { filaments: options.filaments } : {}),
    });
    const tail = await readTail(gcodePath);
    const figures = parseGcodeEstimate(tail);
    const [twinPng, previewPng] = await Promise.all([
      pictureToPng(outcome.twin),
      pictureToPng(outcome.preview),
    ]);
    return {
      mode: outcome.report.mode,
      ssim: outcome.report.ssim,
      meanDeltaL: outcome.report.meanDeltaL,
      missingLayers: outcome.report.missingLayers.reduce((sum, band) => sum + band.layers, 0),
      twinPng,
      previewPng,
      estimate: figures ? { ...figures, gramsPerExtruder: parseGramsPerExtruder(tail) } : null,
    };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The G-code's figures are in its last few kilobytes (before the config block). */
export async function readTail(file: string, bytes = 64 * 1024): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}
