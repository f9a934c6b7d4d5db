/**
 * Worker-thread side of print-file generation (see runner.ts and worker.ts): decodes the photo, builds the
 * mesh and writes the 3MF off the main thread, so requests are never held up by a print file.
 * One message in (PrintWorkerJob), progress messages out, then exactly one result.
 */
import { writeFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import type { TwinMode } from "@shared/proofs";
import type { ColourFilament } from "../../../lithophane/colour/filaments.js";
import type { CropInput } from "../../../lithophane/crop.js";
import { isLithophaneError } from "../../../lithophane/errors.js";
import type { ShapeId } from "../../../lithophane/params.js";
import type { Printer } from "../../../lithophane/print-project.js";
import { lowerThisThreadsPriority } from "../../lib/thread-priority.js";
import { COLOUR_PRINT_RESOLUTION_MM, generateColourPrintFile } from "../../print/colour-file.js";
import { checkLampPrintFile, generateLampPrintFile } from "../../print/lamp/index.js";
import { generatePrintFile } from "../../print/print-file.js";
import { checkPrintFile } from "../../print/twin.js";

/** A flat panel: one photo, its shape and size. */
export interface PanelWork {
  form: "panel";
  image: Uint8Array;
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  crop: CropInput | undefined;
  /** A colour panel (issue 22): the four spools in extruder order; null prints the white panel. */
  colour: { filaments: ColourFilament[] } | null;
}

/** A cylinder (the lamp, issue 48): every photo of the line round one wall. */
export interface CylinderWork {
  form: "cylinder";
  photos: Array<{ image: Uint8Array; crop: CropInput | undefined }>;
  diameterMm: number;
  heightMm: number;
}

export interface PrintWorkerJob {
  /** What the file is: the product type's print form (the runner asks the type). */
  work: PanelWork | CylinderWork;
  resolutionMm: number;
  /** The adaptive mesh's largest vertical error (mm); 0: the full grid. */
  maxErrorMm: number;
  /** Local contrast (CLAHE) chosen for the order line. */
  localContrast: boolean;
  /** The filament's attenuation k per mm, fixed on the job when it was queued. */
  attenuationPerMm: number;
  /** The filament's scattering for the twin's light model (its photo calibration's, else the fitted default). */
  scatterPerMm: number;
  /** Written into the 3MF project as the filament profile; null: the default profile's. */
  filamentName: string | null;
  /** The owner's printer the file is made for (issue 48 item 3): the bed it is centred on. */
  printer: Printer;
  outPath: string;
  /**
   * The G-code twin (issue 32): when set, the file made is sliced by PrusaSlicer here and its twin
   * compared with the preview; the pictures are written beside outPath (.twin.png, .preview.png).
   */
  twin: { slicer: string; timeoutMs: number } | null;
}

/** What the twin found (figures), or why it could not run (error): never a failure of the file. */
export type TwinOutcome =
  | {
      ok: true;
      mode: TwinMode;
      ssim: number;
      meanDeltaL: number;
      missingLayers: number;
      twinPath: string;
      previewPath: string;
      estimate: { printSeconds: number; filamentGrams: number; gramsPerExtruder: number[] | null } | null;
    }
  | { ok: false; error: string };

export type PrintWorkerMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; triangles: number; bytes: number; twin: TwinOutcome | null }
  | { type: "failed"; message: string };

/** Runs the twin on the file just made; a failure is the twin's, not the file's. */
async function runTwin(job: PrintWorkerJob): Promise<TwinOutcome | null> {
  if (!job.twin) return null;
  try {
    const common = {
      threeMfPath: job.outPath,
      slicer: job.twin.slicer,
      timeoutMs: job.twin.timeoutMs,
      attenuationPerMm: job.attenuationPerMm,
      scatterPerMm: job.scatterPerMm,
    };
    const check =
      job.work.form === "cylinder"
        ? await checkLampPrintFile(common)
        : await checkPrintFile({ ...common, filaments: job.work.colour?.filaments });
    const twinPath = `${job.outPath}.twin.png`;
    const previewPath = `${job.outPath}.preview.png`;
    await Promise.all([writeFile(twinPath, check.twinPng), writeFile(previewPath, check.previewPng)]);
    return {
      ok: true,
      mode: check.mode,
      ssim: check.ssim,
      meanDeltaL: check.meanDeltaL,
      missingLayers: check.missingLayers,
      twinPath,
      previewPath,
      estimate: check.estimate,
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Writes the job's 3MF at job.outPath. */
function makeFile(
  job: PrintWorkerJob,
  onProgress: (fraction: number) => void,
): Promise<{ triangles: number; bytes: number }> {
  const { work } = job;
  if (work.form === "cylinder") {
    return generateLampPrintFile({
      photos: work.photos.map((photo) => ({
        image: photo.image,
        ...(photo.crop ? { crop: photo.crop } : {}),
      })),
      diameterMm: work.diameterMm,
      heightMm: work.heightMm,
      resolutionMm: job.resolutionMm,
      maxErrorMm: job.maxErrorMm,
      localContrast: job.localContrast,
      attenuationPerMm: job.attenuationPerMm,
      profile: job.filamentName ? { filamentName: job.filamentName } : {},
      printer: job.printer,
      outPath: job.outPath,
      onProgress,
    });
  }
  if (work.colour) {
    // A colour panel (issue 22): the multi-material 3MF with the job's four spools, at the
    // colour engine's grid (one nozzle line) or coarser, never finer: colour dithering cannot print finer.
    return generateColourPrintFile({
      imageBuffer: work.image,
      shape: work.shape,
      widthMm: work.widthMm,
      heightMm: work.heightMm,
      resolutionMm: Math.max(job.resolutionMm, COLOUR_PRINT_RESOLUTION_MM),
      maxErrorMm: job.maxErrorMm,
      ...(work.crop ? { crop: work.crop } : {}),
      filaments: work.colour.filaments,
      outPath: job.outPath,
      onProgress,
    });
  }
  return generatePrintFile({
    imageBuffer: work.image,
    shape: work.shape,
    widthMm: work.widthMm,
    heightMm: work.heightMm,
    resolutionMm: job.resolutionMm,
    maxErrorMm: job.maxErrorMm,
    ...(work.crop ? { crop: work.crop } : {}),
    localContrast: job.localContrast,
    attenuationPerMm: job.attenuationPerMm,
    profile: { printer: job.printer, ...(job.filamentName ? { filamentName: job.filamentName } : {}) },
    format: "3mf",
    outPath: job.outPath,
    onProgress,
  });
}

parentPort?.once("message", async (job: PrintWorkerJob) => {
  const port = parentPort;
  if (!port) return;
  // The file and the twin at the slicer's priority (nice 19): a Keepsake's three panels, one after
  // another, never hold up the shop's requests, which this process's main thread answers at its own.
  lowerThisThreadsPriority();
  const send = (message: PrintWorkerMessage) => port.postMessage(message);
  try {
    const result = await makeFile(job, (fraction) => send({ type: "progress", fraction }));
    send({ type: "done", triangles: result.triangles, bytes: result.bytes, twin: await runTwin(job) });
  } catch (error) {
    const message = isLithophaneError(error)
      ? error.message
      : `Generation failed: ${error instanceof Error ? error.message : String(error)}`;
    send({ type: "failed", message });
  }
});
