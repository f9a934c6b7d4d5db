/**
 * `npm run lithophane -- <image> [<image>...] --product lamp --diameter-mm 100 --height-mm 150 --out lamp.3mf`:
 * the lithophane lamp (src/lithophane/lamp). `simulate` hands a lamp project here too (the unrolled twin).
 */
import { parseArgs } from "node:util";
import type { CropInput } from "../../lithophane/crop.js";
import {
  DEFAULT_LAMP_PRINTER,
  LAMP_DEFAULTS,
  LAMP_RIM,
  LAMP_SIZE_IDS,
  LAMP_SIZES,
  type LampPrinter,
  type LampSizeId,
  type LampTwinReport,
} from "../../lithophane/lamp/index.js";
import { lampPreview } from "../../lithophane/lamp/preview.js";
import { THICKNESS_MAPPINGS, type ThicknessMapping } from "../../lithophane/params.js";
import type { PrintProfile } from "../../lithophane/print-project.js";
import { generateLampPrintFile, simulateLamp } from "../print/lamp/index.js";
import { writeSideBySide } from "../print/twin.js";

export const LAMP_USAGE = `Usage: npm run lithophane -- <image> [<image>...] --product lamp (--size <${LAMP_SIZE_IDS.join("|")}> | --diameter-mm N --height-mm N) --out <lamp.3mf>
A cylinder shade of 1 to 4 photos side by side around (left to right seen from outside), printed upright.
Sizes: ${LAMP_SIZE_IDS.map((id) => `${id} ${LAMP_SIZES[id].diameterMm} x ${LAMP_SIZES[id].heightMm} mm`).join(", ")}.
Rims: ${LAMP_RIM.bottomMm} mm at the bottom (seats in the LED base), ${LAMP_RIM.topMm} mm at the top, full wall thickness.
Options:
  --resolution-mm N       grid spacing around and up (default ${LAMP_DEFAULTS.resolutionMm})
  --max-error-mm N        adaptive mesh: every grid point within N mm of the wall (default ${LAMP_DEFAULTS.maxErrorMm};
                          0 writes two triangles per grid cell)
  --min-mm N --max-mm N   wall thickness range (default 0.8 and 3.0; the rims are max)
  --mapping M             ${THICKNESS_MAPPINGS.join(" | ")} (default beer-lambert)
  --transmission N        Beer-Lambert light fraction through 1 mm (default 0.135, k = 2)
  --lip-mm N              full-thickness frame round each photo (default ${LAMP_DEFAULTS.lipMm})
  --smoothing-mm N        blur radius before mapping (default 0)
  --local-contrast        local contrast (CLAHE) before the mapping
  --crop-px x,y,w,h       a photo's crop in source pixels; give one per photo, in order
  --layer-mm N            layer height written into the project (default 0.1)
  --filament NAME         filament profile name written into the project
  --bed-mm WxD            the printer's bed (default ${DEFAULT_LAMP_PRINTER.bedWidthMm}x${DEFAULT_LAMP_PRINTER.bedDepthMm})
  --max-height-mm N       the printer's largest print height (default ${DEFAULT_LAMP_PRINTER.maxHeightMm})
  --preview FILE.png      also write the lit lamp: front view (left) and unrolled (right)`;

export class LampUsageError extends Error {}

/** `--product X` taken out of the arguments (null when absent). */
export function splitProduct(argv: readonly string[]): { product: string | null; rest: string[] } {
  const rest: string[] = [];
  let product: string | null = null;
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    if (arg === "--product") {
      product = argv[++k] ?? "";
    } else if (arg.startsWith("--product=")) {
      product = arg.slice("--product=".length);
    } else rest.push(arg);
  }
  return { product, rest };
}

function numberOption(values: Record<string, unknown>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(value)) {
    throw new LampUsageError(`--${name} must be a number, got ${JSON.stringify(raw)}.`);
  }
  return value;
}

function cropOf(raw: string): CropInput {
  const parts = raw.split(",").map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) {
    throw new LampUsageError(`--crop-px expects x,y,w,h in source pixels, got ${JSON.stringify(raw)}.`);
  }
  const [x, y, width, height] = parts as [number, number, number, number];
  return { x, y, width, height };
}

/** The lamp's `lithophane` command (the arguments without --product). */
export async function lamp(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      size: { type: "string" },
      "diameter-mm": { type: "string" },
      "height-mm": { type: "string" },
      "resolution-mm": { type: "string" },
      "max-error-mm": { type: "string" },
      "min-mm": { type: "string" },
      "max-mm": { type: "string" },
      mapping: { type: "string" },
      transmission: { type: "string" },
      "lip-mm": { type: "string" },
      "smoothing-mm": { type: "string" },
      "local-contrast": { type: "boolean" },
      "crop-px": { type: "string", multiple: true },
      "layer-mm": { type: "string" },
      filament: { type: "string" },
      "bed-mm": { type: "string" },
      "max-height-mm": { type: "string" },
      preview: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(LAMP_USAGE);
    return 0;
  }
  if (positionals.length < 1 || positionals.length > 4) throw new LampUsageError("Give 1 to 4 photos.");
  let diameterMm = numberOption(values, "diameter-mm");
  let heightMm = numberOption(values, "height-mm");
  if (values.size !== undefined) {
    if (!(LAMP_SIZE_IDS as readonly string[]).includes(values.size)) {
      throw new LampUsageError(`--size must be one of ${LAMP_SIZE_IDS.join(", ")}.`);
    }
    if (diameterMm !== undefined || heightMm !== undefined) {
      throw new LampUsageError("Give --size or --diameter-mm and --height-mm, not both.");
    }
    ({ diameterMm, heightMm } = LAMP_SIZES[values.size as LampSizeId]);
  }
  if (diameterMm === undefined || heightMm === undefined) {
    throw new LampUsageError("--diameter-mm and --height-mm (or --size) are required.");
  }
  if (!values.out?.endsWith(".3mf")) throw new LampUsageError("--out must end in .3mf.");
  if (values.preview !== undefined && !values.preview.endsWith(".png")) {
    throw new LampUsageError("--preview must end in .png.");
  }
  if (values.mapping !== undefined && !(THICKNESS_MAPPINGS as readonly string[]).includes(values.mapping)) {
    throw new LampUsageError(`--mapping must be ${THICKNESS_MAPPINGS.join(" or ")}.`);
  }
  const crops = (values["crop-px"] ?? []).map(cropOf);
  if (crops.length > positionals.length) {
    throw new LampUsageError(`Got ${crops.length} --crop-px for ${positionals.length} photos.`);
  }
  const printer: LampPrinter = { ...DEFAULT_LAMP_PRINTER };
  if (values["bed-mm"] !== undefined) {
    const match = values["bed-mm"].match(/^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/);
    if (!match) throw new LampUsageError("--bed-mm expects WxD in mm, e.g. 250x210.");
    printer.bedWidthMm = Number(match[1]);
    printer.bedDepthMm = Number(match[2]);
    printer.name = `${match[1]} x ${match[2]}`;
  }
  const maxHeightMm = numberOption(values, "max-height-mm");
  if (maxHeightMm !== undefined) printer.maxHeightMm = maxHeightMm;
  const layerHeightMm = numberOption(values, "layer-mm");
  if (layerHeightMm !== undefined && !(layerHeightMm >= 0.04 && layerHeightMm <= 0.4)) {
    throw new LampUsageError(`--layer-mm must be between 0.04 and 0.4, got ${layerHeightMm}.`);
  }
  const profile: Partial<PrintProfile> = {
    ...(layerHeightMm !== undefined ? { layerHeightMm } : {}),
    ...(values.filament ? { filamentName: values.filament } : {}),
  };
  const transmission = numberOption(values, "transmission");
  const result = await generateLampPrintFile({
    photos: positionals.map((image, k) => ({ image, ...(crops[k] ? { crop: crops[k] } : {}) })),
    diameterMm,
    heightMm,
    resolutionMm: numberOption(values, "resolution-mm"),
    maxErrorMm: numberOption(values, "max-error-mm"),
    minThicknessMm: numberOption(values, "min-mm"),
    maxThicknessMm: numberOption(values, "max-mm"),
    mapping: values.mapping as ThicknessMapping | undefined,
    ...(transmission !== undefined ? { transmissionPerMm: transmission } : {}),
    lipMm: numberOption(values, "lip-mm"),
    smoothingMm: numberOption(values, "smoothing-mm"),
    localContrast: values["local-contrast"] === true,
    profile,
    printer,
    outPath: values.out,
  });
  console.log(
    `Wrote ${result.outPath}: lamp ${diameterMm} x ${heightMm} mm, ${positionals.length} photo${positionals.length === 1 ? "" : "s"}, ${result.geometry.columns} x ${result.geometry.rowsZ.length} grid, ${result.adaptive ? `adaptive within ${result.geometry.spec.maxErrorMm} mm` : "full grid"}, ${result.triangles.toLocaleString("en-GB")} triangles, ${result.bytes.toLocaleString("en-GB")} bytes in ${(result.ms / 1000).toFixed(2)} s`,
  );
  if (values.preview) {
    await writeSideBySide(
      lampPreview(result.geometry, { view: "front" }),
      lampPreview(result.geometry),
      values.preview,
    );
    console.log(`Wrote ${values.preview} (the lit lamp: front view left, unrolled right)`);
  }
  return 0;
}

const mm = (value: number) => value.toFixed(1);

/** The lamp twin's report as lines a person reads (as `simulate` reports a flat panel's). */
export function formatLampTwinReport(report: LampTwinReport): string[] {
  const percent = (area: number) => ((100 * area) / report.panelAreaMm2).toFixed(2);
  const lines = [
    `Lamp ${mm(report.circumferenceMm / Math.PI)} mm across x ${mm(report.heightMm)} mm, unrolled ${mm(report.circumferenceMm)} mm: ${report.layersPrinted} layers printed of ${report.layersExpected} (${report.layerHeightMm} mm), ${report.extrusions.toLocaleString("en-GB")} extrusions, ${(report.filamentMm / 1000).toFixed(2)} m of filament`,
    `Agreement with the preview: SSIM ${report.ssim.toFixed(3)}, mean |ΔL*| ${report.meanDeltaL.toFixed(2)}`,
    `Thinner than the mesh by more than half a layer: ${report.thinnerAreaMm2.toFixed(1)} mm² (${percent(report.thinnerAreaMm2)}% of the shade); thicker: ${report.thickerAreaMm2.toFixed(1)} mm² (${percent(report.thickerAreaMm2)}%)`,
  ];
  if (report.missingLayers.length === 0) lines.push("Missing layers: none");
  for (const band of report.missingLayers) {
    lines.push(`Missing layers: ${band.layers} between ${mm(band.fromMm)} and ${mm(band.toMm)} mm`);
  }
  for (const region of report.regions.slice(0, 8)) {
    lines.push(
      `  ${region.kind}: ${region.areaMm2.toFixed(1)} mm², mean ${region.meanDifferenceMm >= 0 ? "+" : ""}${region.meanDifferenceMm.toFixed(2)} mm, around ${mm(region.x0)}-${mm(region.x1)} mm (arc from the back seam), z ${mm(region.y0)}-${mm(region.y1)} mm`,
    );
  }
  return lines;
}

/** `simulate` on a lamp project: the unrolled preview and twin side by side, and the report. */
export async function simulateLampFile(options: {
  threeMfPath: string;
  out: string;
  gcodePath?: string | undefined;
  slicer?: string | undefined;
  attenuationPerMm?: number | undefined;
  gridMm?: number | undefined;
  pixelMm?: number | undefined;
  scatterPerMm?: number | undefined;
  json?: boolean | undefined;
}): Promise<number> {
  const outcome = await simulateLamp({
    threeMfPath: options.threeMfPath,
    gcodePath: options.gcodePath,
    slicer: options.slicer,
    ...(options.attenuationPerMm !== undefined ? { attenuationPerMm: options.attenuationPerMm } : {}),
    ...(options.gridMm !== undefined ? { gridMm: options.gridMm } : {}),
    ...(options.pixelMm !== undefined ? { pixelMm: options.pixelMm } : {}),
    ...(options.scatterPerMm !== undefined ? { scatterPerMm: options.scatterPerMm } : {}),
  });
  await writeSideBySide(outcome.preview, outcome.twin, options.out);
  if (options.json) {
    console.log(
      JSON.stringify({ ...outcome.report, sliceMs: outcome.sliceMs, twinMs: outcome.twinMs }, null, 2),
    );
  } else {
    for (const line of formatLampTwinReport(outcome.report)) console.log(line);
    console.log(
      `Wrote ${options.out} (unrolled preview left, unrolled twin right, read from outside); slicing ${(outcome.sliceMs / 1000).toFixed(1)} s, twin ${(outcome.twinMs / 1000).toFixed(1)} s`,
    );
  }
  return 0;
}
