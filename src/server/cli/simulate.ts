/**
 * `npm run lithophane -- simulate <file.3mf> --out lit.png [--gcode file.gcode]`: the G-code twin. Slices
 * the project with PrusaSlicer (its embedded settings only) unless --gcode is given, rebuilds the plastic
 * the printer will lay down, lights it like the creator's preview and reports what the slicer lost or
 * added and how far the twin is from the preview (SSIM, mean |ΔL*|).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { ColourFilament } from "../../lithophane/colour/index.js";
import { FRONT_FACES, type FrontFace } from "../../lithophane/params.js";
import type { TwinReport } from "../../lithophane/twin/twin.js";
import { isLampThreeMf } from "../print/lamp/index.js";
import { findExecutable } from "../print/slicer.js";
import { simulatePrint, writeSideBySide } from "../print/twin.js";
import { simulateLampFile } from "./lamp.js";

export const SIMULATE_USAGE = `Usage: npm run lithophane -- simulate <file.3mf> --out <lit.png> [--gcode file.gcode]
  --gcode FILE        the project's G-code (default: slice it with prusa-slicer, its own settings only)
  --k N               white filament's attenuation per mm (default 2)
  --filaments FILE    colour panels: JSON array of the 4 filaments in extruder order (default the shop's)
  --grid-mm N         comparison grid (default 0.1 upright, 0.2 flat colour)
  --pixel-mm N        picture pixel for SSIM and L* (default 0.25)
  --scatter N         sideways spread of the light, sigma per mm of plastic: the filament's photo
                      calibration's s (default 0.248, fitted, decision 338; 0 = none)
  --front flat|relief the face the customer looks at (default flat, the shop's panels; the
                      calibration wedge's is relief): the pictures read as seen from it
  --json              print the report as JSON
The picture shows the creator's preview of the mesh (left) beside the twin of the print (right);
a lamp project's are unrolled, read from outside, the back seam at the left edge.`;

export class SimulateUsageError extends Error {}

function isFrontFace(value: string): value is FrontFace {
  return (FRONT_FACES as readonly string[]).includes(value);
}

function positive(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new SimulateUsageError(`--${name} must be a positive number.`);
  return value;
}

const mm = (value: number) => value.toFixed(1);

/** The report as lines a person reads. */
export function formatTwinReport(report: TwinReport): string[] {
  const lines = [
    `${report.mode === "upright" ? "Upright white panel" : "Flat colour panel"}: ${report.layersPrinted} layers printed of ${report.layersExpected} (${report.layerHeightMm} mm), ${report.extrusions.toLocaleString("en-GB")} extrusions, ${(report.filamentMm / 1000).toFixed(2)} m of filament`,
    `Agreement with the preview: SSIM ${report.ssim.toFixed(3)}, mean |ΔL*| ${report.meanDeltaL.toFixed(2)}${report.meanDeltaE !== undefined ? `, mean ΔE2000 ${report.meanDeltaE.toFixed(2)}` : ""}`,
    `Thinner than the mesh by more than half a layer: ${report.thinnerAreaMm2.toFixed(1)} mm² (${((100 * report.thinnerAreaMm2) / report.panelAreaMm2).toFixed(2)}% of the panel); thicker: ${report.thickerAreaMm2.toFixed(1)} mm² (${((100 * report.thickerAreaMm2) / report.panelAreaMm2).toFixed(2)}%)`,
  ];
  if (report.missingLayers.length === 0) lines.push("Missing layers: none");
  for (const band of report.missingLayers) {
    lines.push(`Missing layers: ${band.layers} between ${mm(band.fromMm)} and ${mm(band.toMm)} mm`);
  }
  for (const region of report.regions.slice(0, 8)) {
    lines.push(
      `  ${region.kind} (${region.part}): ${region.areaMm2.toFixed(1)} mm², mean ${region.meanDifferenceMm >= 0 ? "+" : ""}${region.meanDifferenceMm.toFixed(2)} mm, x ${mm(region.x0)}-${mm(region.x1)}, y ${mm(region.y0)}-${mm(region.y1)} mm`,
    );
  }
  return lines;
}

export async function simulate(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: "string" },
      gcode: { type: "string" },
      k: { type: "string" },
      filaments: { type: "string" },
      "grid-mm": { type: "string" },
      "pixel-mm": { type: "string" },
      scatter: { type: "string" },
      front: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(SIMULATE_USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0]!.endsWith(".3mf"))
    throw new SimulateUsageError("Give exactly one .3mf project.");
  if (!values.out?.endsWith(".png")) throw new SimulateUsageError("--out must end in .png.");
  let filaments: ColourFilament[] | undefined;
  if (values.filaments) {
    const parsed: unknown = JSON.parse(await readFile(values.filaments, "utf8"));
    if (!Array.isArray(parsed)) throw new SimulateUsageError("--filaments must hold a JSON array.");
    filaments = parsed as ColourFilament[];
  }
  const slicer = values.gcode
    ? undefined
    : await findExecutable(process.env.PRUSA_SLICER || "prusa-slicer", process.env.PATH);
  if (!values.gcode && !slicer) throw new SimulateUsageError("prusa-slicer is not installed: give --gcode.");
  const k = positive(values.k, "k");
  const gridMm = positive(values["grid-mm"], "grid-mm");
  const pixelMm = positive(values["pixel-mm"], "pixel-mm");
  const scatterPerMm = values.scatter === undefined ? undefined : Number(values.scatter);
  if (scatterPerMm !== undefined && !(scatterPerMm >= 0 && scatterPerMm <= 2))
    throw new SimulateUsageError("--scatter must be between 0 and 2.");
  const front = values.front ?? "flat";
  if (!isFrontFace(front)) throw new SimulateUsageError("--front must be flat or relief.");
  // A lamp project: its twin unrolled, read from outside (src/lithophane/lamp/twin.ts).
  if (await isLampThreeMf(positionals[0]!)) {
    return await simulateLampFile({
      threeMfPath: positionals[0]!,
      out: values.out,
      gcodePath: values.gcode,
      slicer: slicer ?? undefined,
      attenuationPerMm: k,
      gridMm,
      pixelMm,
      scatterPerMm,
      json: values.json,
    });
  }
  const outcome = await simulatePrint({
    front,
    threeMfPath: positionals[0]!,
    gcodePath: values.gcode,
    slicer: slicer ?? undefined,
    ...(k !== undefined ? { attenuationPerMm: k } : {}),
    ...(filaments ? { filaments } : {}),
    ...(gridMm !== undefined ? { gridMm } : {}),
    ...(pixelMm !== undefined ? { pixelMm } : {}),
    ...(scatterPerMm !== undefined ? { scatterPerMm } : {}),
  });
  await writeSideBySide(outcome.preview, outcome.twin, values.out);
  if (values.json) {
    console.log(
      JSON.stringify({ ...outcome.report, sliceMs: outcome.sliceMs, twinMs: outcome.twinMs }, null, 2),
    );
  } else {
    for (const line of formatTwinReport(outcome.report)) console.log(line);
    console.log(
      `Wrote ${values.out} (preview left, twin right); slicing ${(outcome.sliceMs / 1000).toFixed(1)} s, twin ${(outcome.twinMs / 1000).toFixed(1)} s`,
    );
  }
  return 0;
}
