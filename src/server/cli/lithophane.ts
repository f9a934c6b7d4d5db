/**
 * npm run lithophane -- <image> --shape <id> --width-mm N --height-mm N --out <file.stl|file.3mf> [options]
 * Prints triangles, bytes and time; any bad argument or unreadable image exits with code 1 and leaves no file.
 */

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ColourFilament } from "../../lithophane/colour/index.js";
import type { CropInput } from "../../lithophane/crop.js";
import { isLithophaneError } from "../../lithophane/errors.js";
import { isShapeId, SHAPE_IDS, THICKNESS_MAPPINGS, type ThicknessMapping } from "../../lithophane/params.js";
import { isOrientation, ORIENTATIONS, type PrintProfile } from "../../lithophane/print-project.js";
import { wedgeSteps } from "../../lithophane/tones.js";
import { COLOUR_PRINT_RESOLUTION_MM, generateColourPrintFile } from "../print/colour-file.js";
import { formatFromPath, generatePrintFile } from "../print/print-file.js";
import { writeWedgeFile } from "../print/wedge-file.js";
import { LAMP_USAGE, LampUsageError, lamp, splitProduct } from "./lamp.js";
import { RENDER_USAGE, RenderUsageError, render } from "./render.js";
import { SIMULATE_USAGE, SimulateUsageError, simulate } from "./simulate.js";

const USAGE = `Usage: npm run lithophane -- <image> --shape <${SHAPE_IDS.join("|")}> --width-mm N --height-mm N --out <file.stl|file.3mf>
Options:
  --resolution-mm N       grid spacing (default 0.2; 0.1 for the finest prints)
  --max-error-mm N        adaptive mesh: every grid point within N mm of the surface (default 0.02;
                          0 writes two triangles per grid cell)
  --min-mm N --max-mm N   thickness range (default 0.8 and 3.0)
  --mapping M             ${THICKNESS_MAPPINGS.join(" | ")} (default beer-lambert)
  --transmission N        Beer-Lambert light fraction through 1 mm (default 0.5)
  --border-mm N           solid lip width at max thickness (default 3)
  --smoothing-mm N        blur radius before mapping (default 0)
  --front flat|relief     face the viewer looks at (default flat: image mirrored to read from the flat side)
  --crop x,y,zoom         react-easy-crop position (x, y in source pixels unless --media-width is given)
  --media-width N         displayed media width in CSS px the --crop offsets refer to
  --crop-px x,y,w,h       crop rectangle in source pixels (react-easy-crop's croppedAreaPixels)
  --orientation O         3MF: ${ORIENTATIONS.join(" | ")} on the bed (default upright)
  --layer-mm N            3MF: layer height written into the project (default 0.1)
  --filament NAME         3MF: filament profile name written into the project
  --local-contrast        local contrast (CLAHE) before the mapping: lifts shadowed regions
  --processing P          white (default) | colour: white relief + cyan, magenta, yellow layers, a
                          multi-material 3MF (4 extruders, printed flat; default resolution ${COLOUR_PRINT_RESOLUTION_MM} mm)
  --filaments FILE        colour: JSON array of the printer's 4 filaments in extruder order
                          ({ name, colourHex, role, attenuationRgbPerMm: [r, g, b] }); default the shop's
  --colour-layers N       colour: at most N layers of each colour filament (default 8)

  npm run lithophane -- --product lamp --help   the lithophane lamp: 1 to 4 photos round a cylinder shade
  npm run lithophane -- render --help      the photo beside the panel lit on the box, as a PNG
  npm run lithophane -- simulate --help    the G-code twin: the panel as the printer will lay it down`;

class UsageError extends Error {}

/** The --filaments JSON file: checked by the engine (validateColourFilaments) when used. */
async function readFilaments(path: string): Promise<ColourFilament[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new UsageError(
      `--filaments: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!Array.isArray(parsed)) throw new UsageError("--filaments must hold a JSON array of four filaments.");
  return parsed as ColourFilament[];
}

function numberOption(values: Record<string, unknown>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(value)) {
    throw new UsageError(`--${name} must be a number, got ${JSON.stringify(raw)}.`);
  }
  return value;
}

function numberList(raw: string, name: string, count: number): number[] {
  const parts = raw.split(",").map((part) => Number(part.trim()));
  if (parts.length !== count || parts.some((part) => !Number.isFinite(part))) {
    throw new UsageError(`--${name} expects ${count} comma-separated numbers, got ${JSON.stringify(raw)}.`);
  }
  return parts;
}

const CALIBRATION_USAGE = `Usage: npm run lithophane -- calibration --out <wedge.3mf|wedge.stl> [--steps 10 --from-mm 0.6 --to-mm 3.0]
Writes a step wedge with each step's thickness embossed, printed upright with the project's settings.`;

/** `calibration`: the step wedge the admin Calibration reading is taken from. */
async function calibration(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      out: { type: "string" },
      steps: { type: "string" },
      "from-mm": { type: "string" },
      "to-mm": { type: "string" },
      filament: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(CALIBRATION_USAGE);
    return 0;
  }
  if (!values.out) throw new UsageError("--out is required.");
  const format = formatFromPath(values.out);
  if (!format) throw new UsageError(`--out must end in .stl or .3mf, got ${JSON.stringify(values.out)}.`);
  const steps = numberOption(values, "steps") ?? 10;
  const fromMm = numberOption(values, "from-mm") ?? 0.6;
  const toMm = numberOption(values, "to-mm") ?? 3.0;
  if (!Number.isInteger(steps) || steps < 2 || steps > 20) throw new UsageError("--steps must be 2 to 20.");
  if (!(fromMm >= 0.3 && toMm > fromMm && toMm <= 6))
    throw new UsageError("Need 0.3 <= --from-mm < --to-mm <= 6.");
  const started = performance.now();
  const result = await writeWedgeFile({
    steps,
    fromMm,
    toMm,
    format,
    outPath: values.out,
    ...(values.filament ? { filamentName: values.filament } : {}),
  });
  console.log(
    `Wrote ${values.out}: ${steps} steps ${wedgeSteps(steps, fromMm, toMm).join(", ")} mm, ${result.triangles.toLocaleString("en-GB")} triangles in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  return 0;
}

export async function main(args: string[]): Promise<number> {
  try {
    // --product lamp: the lamp's own command; --product flat (or none): the flat panel's, below.
    const { product, rest: argv } = splitProduct(args);
    if (product === "lamp") return await lamp(argv);
    if (product !== null && product !== "flat") {
      throw new UsageError(`--product must be flat or lamp, got ${JSON.stringify(product)}.`);
    }
    if (argv[0] === "calibration") return await calibration(argv.slice(1));
    if (argv[0] === "render") return await render(argv.slice(1));
    if (argv[0] === "simulate") return await simulate(argv.slice(1));
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        shape: { type: "string" },
        "width-mm": { type: "string" },
        "height-mm": { type: "string" },
        "resolution-mm": { type: "string" },
        "max-error-mm": { type: "string" },
        "min-mm": { type: "string" },
        "max-mm": { type: "string" },
        mapping: { type: "string" },
        transmission: { type: "string" },
        "border-mm": { type: "string" },
        "smoothing-mm": { type: "string" },
        front: { type: "string" },
        crop: { type: "string" },
        "media-width": { type: "string" },
        "crop-px": { type: "string" },
        orientation: { type: "string" },
        "layer-mm": { type: "string" },
        filament: { type: "string" },
        "local-contrast": { type: "boolean" },
        processing: { type: "string" },
        filaments: { type: "string" },
        "colour-layers": { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("Give exactly one input image.");
    const imagePath = positionals[0]!;
    if (!values.shape) throw new UsageError("--shape is required.");
    if (!isShapeId(values.shape)) {
      throw new UsageError(
        `Unknown shape ${JSON.stringify(values.shape)}; expected one of ${SHAPE_IDS.join(", ")}.`,
      );
    }
    const widthMm = numberOption(values, "width-mm");
    const heightMm = numberOption(values, "height-mm");
    if (widthMm === undefined || heightMm === undefined)
      throw new UsageError("--width-mm and --height-mm are required.");
    if (!values.out) throw new UsageError("--out is required.");
    const format = formatFromPath(values.out);
    if (!format) throw new UsageError(`--out must end in .stl or .3mf, got ${JSON.stringify(values.out)}.`);
    if (values.mapping !== undefined && !(THICKNESS_MAPPINGS as readonly string[]).includes(values.mapping)) {
      throw new UsageError(
        `--mapping must be ${THICKNESS_MAPPINGS.join(" or ")}, got ${JSON.stringify(values.mapping)}.`,
      );
    }
    if (values.front !== undefined && values.front !== "flat" && values.front !== "relief") {
      throw new UsageError(`--front must be flat or relief, got ${JSON.stringify(values.front)}.`);
    }
    if (values.crop !== undefined && values["crop-px"] !== undefined) {
      throw new UsageError("Use either --crop or --crop-px, not both.");
    }
    const orientation = values.orientation;
    if (orientation !== undefined && !isOrientation(orientation)) {
      throw new UsageError(
        `--orientation must be ${ORIENTATIONS.join(" or ")}, got ${JSON.stringify(orientation)}.`,
      );
    }
    const layerHeightMm = numberOption(values, "layer-mm");
    if (layerHeightMm !== undefined && !(layerHeightMm >= 0.04 && layerHeightMm <= 0.4)) {
      throw new UsageError(`--layer-mm must be between 0.04 and 0.4, got ${layerHeightMm}.`);
    }
    const profile: Partial<PrintProfile> = {
      ...(orientation ? { orientation } : {}),
      ...(layerHeightMm !== undefined ? { layerHeightMm } : {}),
      ...(values.filament ? { filamentName: values.filament } : {}),
    };
    let crop: CropInput | undefined;
    if (values.crop !== undefined) {
      const [x, y, zoom] = numberList(values.crop, "crop", 3) as [number, number, number];
      const mediaWidth = numberOption(values, "media-width");
      crop = mediaWidth === undefined ? { x, y, zoom } : { x, y, zoom, mediaWidth };
    } else if (values["crop-px"] !== undefined) {
      const [x, y, width, height] = numberList(values["crop-px"], "crop-px", 4) as [
        number,
        number,
        number,
        number,
      ];
      crop = { x, y, width, height };
    }

    const processing = values.processing ?? "white";
    if (processing !== "white" && processing !== "colour") {
      throw new UsageError(`--processing must be white or colour, got ${JSON.stringify(processing)}.`);
    }
    if (processing === "colour") {
      if (format !== "3mf") throw new UsageError("--processing colour writes a .3mf project (4 filaments).");
      for (const name of [
        "mapping",
        "transmission",
        "orientation",
        "filament",
        "front",
        "smoothing-mm",
      ] as const) {
        if (values[name] !== undefined)
          throw new UsageError(`--${name} does not apply to --processing colour.`);
      }
      const maxLayers = numberOption(values, "colour-layers");
      const filaments = values.filaments ? await readFilaments(values.filaments) : undefined;
      const colour = await generateColourPrintFile({
        imagePath,
        shape: values.shape,
        widthMm,
        heightMm,
        resolutionMm: numberOption(values, "resolution-mm"),
        maxErrorMm: numberOption(values, "max-error-mm"),
        minThicknessMm: numberOption(values, "min-mm"),
        maxThicknessMm: numberOption(values, "max-mm"),
        borderMm: numberOption(values, "border-mm"),
        crop,
        ...(layerHeightMm !== undefined ? { layerHeightMm } : {}),
        ...(maxLayers !== undefined ? { maxLayers } : {}),
        ...(filaments ? { filaments } : {}),
        outPath: values.out,
      });
      console.log(
        `Wrote ${colour.outPath}: ${colour.triangles.toLocaleString("en-GB")} triangles in ${colour.parts.length} parts (${colour.parts
          .map((part) => `T${part.extruder - 1} ${part.role}`)
          .join(
            ", ",
          )}), ${colour.bytes.toLocaleString("en-GB")} bytes in ${(colour.ms / 1000).toFixed(2)} s; ${(100 * colour.outOfGamutFraction).toFixed(1)}% of the panel out of gamut`,
      );
      return 0;
    }
    if (values.filaments !== undefined || values["colour-layers"] !== undefined) {
      throw new UsageError("--filaments and --colour-layers need --processing colour.");
    }

    const result = await generatePrintFile({
      imagePath,
      shape: values.shape,
      widthMm,
      heightMm,
      resolutionMm: numberOption(values, "resolution-mm"),
      maxErrorMm: numberOption(values, "max-error-mm"),
      minThicknessMm: numberOption(values, "min-mm"),
      maxThicknessMm: numberOption(values, "max-mm"),
      mapping: values.mapping as ThicknessMapping | undefined,
      transmissionPerMm: numberOption(values, "transmission"),
      borderMm: numberOption(values, "border-mm"),
      smoothingMm: numberOption(values, "smoothing-mm"),
      localContrast: values["local-contrast"] === true,
      front: values.front as "flat" | "relief" | undefined,
      crop,
      format,
      profile,
      outPath: values.out,
    });
    console.log(
      `Wrote ${result.outPath}: ${result.triangles.toLocaleString("en-GB")} triangles, ${result.bytes.toLocaleString("en-GB")} bytes in ${(result.ms / 1000).toFixed(2)} s`,
    );
    return 0;
  } catch (error) {
    if (error instanceof LampUsageError) {
      console.error(`error: ${error.message}\n\n${LAMP_USAGE}`);
    } else if (error instanceof SimulateUsageError) {
      console.error(`error: ${error.message}\n\n${SIMULATE_USAGE}`);
    } else if (error instanceof RenderUsageError) {
      console.error(`error: ${error.message}\n\n${RENDER_USAGE}`);
    } else if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
    } else if (isLithophaneError(error)) {
      console.error(`error: ${error.message}`);
    } else if (
      error instanceof TypeError &&
      "code" in error &&
      String(error.code).startsWith("ERR_PARSE_ARGS")
    ) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
    } else {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}

// Run when executed directly (tsx src/server/cli/lithophane.ts), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
