/**
 * The G-code twin's Node side: slices the 3MF project with PrusaSlicer (its own settings only) unless a
 * G-code file is given, streams both files into the pure twin (src/lithophane/twin) and writes the
 * pictures: the creator's preview of the mesh beside the twin of the print, lit the same way.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
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
