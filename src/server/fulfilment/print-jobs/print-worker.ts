/**
 * Worker-thread side of print-file generation (see runner.ts and worker.ts): decodes the photo, builds the
 * mesh and writes the 3MF off the main thread, so requests are never held up by a print file.
 * One message in (PrintWorkerJob), progress messages out, then exactly one result.
 */
import { parentPort } from "node:worker_threads";
import type { ColourFilament } from "../../../lithophane/colour/filaments.js";
import type { CropInput } from "../../../lithophane/crop.js";
import { isLithophaneError } from "../../../lithophane/errors.js";
import type { ShapeId } from "../../../lithophane/params.js";
import { COLOUR_PRINT_RESOLUTION_MM, generateColourPrintFile } from "../../print/colour-file.js";
import { generatePrintFile } from "../../print/print-file.js";

export interface PrintWorkerJob {
  image: Uint8Array;
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  resolutionMm: number;
  crop: CropInput | undefined;
  /** Local contrast (CLAHE) chosen for the order line. */
  localContrast: boolean;
  /** The filament's attenuation k per mm, fixed on the job when it was queued. */
  attenuationPerMm: number;
  /** Written into the 3MF project as the filament profile; null: the default profile's. */
  filamentName: string | null;
  /** A colour panel (issue 22): the four spools in extruder order; null prints the white panel. */
  colour: { filaments: ColourFilament[] } | null;
  outPath: string;
}

export type PrintWorkerMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; triangles: number; bytes: number }
  | { type: "failed"; message: string };

parentPort?.once("message", async (job: PrintWorkerJob) => {
  const port = parentPort;
  if (!port) return;
  const send = (message: PrintWorkerMessage) => port.postMessage(message);
  try {
    if (job.colour) {
      // A colour panel (issue 22): the multi-material 3MF with the job's four spools, at the
      // colour engine's grid (one nozzle line) or coarser, never finer: colour dithering cannot print finer.
      const result = await generateColourPrintFile({
        imageBuffer: job.image,
        shape: job.shape,
        widthMm: job.widthMm,
        heightMm: job.heightMm,
        resolutionMm: Math.max(job.resolutionMm, COLOUR_PRINT_RESOLUTION_MM),
        ...(job.crop ? { crop: job.crop } : {}),
        filaments: job.colour.filaments,
        outPath: job.outPath,
        onProgress: (fraction) => send({ type: "progress", fraction }),
      });
      send({ type: "done", triangles: result.triangles, bytes: result.bytes });
      return;
    }
    const result = await generatePrintFile({
      imageBuffer: job.image,
      shape: job.shape,
      widthMm: job.widthMm,
      heightMm: job.heightMm,
      resolutionMm: job.resolutionMm,
      ...(job.crop ? { crop: job.crop } : {}),
      localContrast: job.localContrast,
      attenuationPerMm: job.attenuationPerMm,
      ...(job.filamentName ? { profile: { filamentName: job.filamentName } } : {}),
      format: "3mf",
      outPath: job.outPath,
      onProgress: (fraction) => send({ type: "progress", fraction }),
    });
    send({ type: "done", triangles: result.triangles, bytes: result.bytes });
  } catch (error) {
    const message = isLithophaneError(error)
      ? error.message
      : `Generation failed: ${error instanceof Error ? error.message : String(error)}`;
    send({ type: "failed", message });
  }
});
