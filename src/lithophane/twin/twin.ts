/**
 * The G-code twin: the panel as the printer will lay it down, lit like the creator's preview, and how it
 * differs from the mesh the file asks for. Pure and browser-safe; the Node side slices and reads files
 * (src/server/print/twin.ts).
 *
 * - Upright white panel: each layer is a horizontal slice of the standing panel (model y = bed z); the
 *   plastic the light crosses at (x, layer) is the volume deposited in that column of that layer divided
 *   by the layer height and the column width (volume, not outline: gaps and over-extrusion count).
 * - Flat colour panel: each filament's thickness at (x, y) is the volume that tool deposits over that
 *   cell divided by its area, summed over the layers.
 * Both are lit with the shop's model (Beer-Lambert per mm, colour channels for colour filaments) and
 * compared with the same model applied to the mesh: SSIM and mean |ΔL*| (CIE L*), areas thinner or
 * thicker than the mesh by more than half a layer, layers the slicer left out.
 */
import { type ColourFilament, DEFAULT_COLOUR_FILAMENTS } from "../colour/filaments";
import { deltaE2000Rgb } from "../colour/science";
import { absorbedLight, DEFAULT_SCATTER_PER_MM, gaussianBlur, lightThrough } from "../light";
import { modelColumnAsSeen } from "../orientation";
import type { FrontFace } from "../params";
import { DEFAULT_ATTENUATION_PER_MM, linearToSrgb } from "../tones";
import { type Extrusion, filamentArea, GcodeReader, lineWidthMm } from "./gcode";
import { applyTransform, type Project3mf } from "./model3mf";
import { averageInto, depositBox, depositInterval, meshThickness } from "./thickness";

export type TwinMode = "upright" | "flat";

export interface TwinOptions {
  /** White filament's attenuation per mm (upright panels). */
  attenuationPerMm?: number;
  /** Colour filaments in extruder order (flat colour panels). */
  filaments?: readonly ColourFilament[];
  /** Comparison grid step in the panel's plane, mm (default 0.1 upright, 0.2 flat). */
  gridMm?: number;
  /** Pixel size of the pictures the SSIM and L* compare, mm (default 0.25). */
  pixelMm?: number;
  /** Regions smaller than this are counted in the areas but not listed (default 1 mm²). */
  minRegionMm2?: number;
  /**
   * Scattering of the light model (light.ts): sigma = this x the plastic's thickness, mm per mm: the
   * filament's photo calibration, else DEFAULT_SCATTER_PER_MM (fitted, decision 338); 0 turns it off.
   */
  scatterPerMm?: number;
  /**
   * The face the customer looks at (params.ts): the pictures are drawn as seen from it
   * (orientation.ts). Default "flat", the shop's panels; the calibration wedge's is "relief".
   */
  front?: FrontFace;
  /** Told when a stage starts (the benchmark times reading and depositing apart from the light model). */
  onStage?: (stage: "light" | "done") => void;
}

/** The light model's default scattering (fitted, decision 338); a filament's photo calibration replaces it. */
export { DEFAULT_SCATTER_PER_MM };

export interface TwinRegion {
  kind: "thinner" | "thicker";
  areaMm2: number;
  /** Mean difference twin - mesh over the region, mm. */
  meanDifferenceMm: number;
  /** Bounding box in the panel's model coordinates (x right, y up), mm. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Filament role for colour panels ("white" for upright panels). */
  part: string;
}

export interface TwinReport {
  mode: TwinMode;
  layerHeightMm: number;
  /** Layers the mesh needs (from the first layer to its top) and layers the G-code prints. */
  layersExpected: number;
  layersPrinted: number;
  /** Bands (model y for upright, bed z for flat) where a whole layer has no plastic or under half its share. */
  missingLayers: Array<{ fromMm: number; toMm: number; layers: number }>;
  thinnerAreaMm2: number;
  thickerAreaMm2: number;
  panelAreaMm2: number;
  regions: TwinRegion[];
  ssim: number;
  meanDeltaL: number;
  /** Mean CIEDE2000 for colour panels. */
  meanDeltaE?: number;
  extrusions: number;
  filamentMm: number;
}

/** A picture as RGB bytes, row 0 at the top. */
export interface TwinPicture {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface TwinResult {
  report: TwinReport;
  twin: TwinPicture;
  preview: TwinPicture;
}

/** The warm white of the box's LEDs (backlight.ts) for white panels. */
export const WARM_WHITE = [255, 232, 196] as const;
const BACKGROUND = 0x1c;

/** Upright when the model's z (thickness) lies along the bed's y. */
export function twinMode(project: Project3mf): TwinMode {
  const m = project.transform;
  return Math.abs(m[8]!) > 0.5 ? "flat" : "upright";
}

/** Bounding box of the mesh on the bed (after the build transform), x and y. */
function bedBounds(project: Project3mf): { minX: number; maxX: number; minY: number; maxY: number } {
  const { positions, transform } = project;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let v = 0; v < positions.length; v += 3) {
    const [x, y] = applyTransform(transform, positions[v]!, positions[v + 1]!, positions[v + 2]!);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return { minX, maxX, minY, maxY };
}

function modelBounds(positions: Float32Array): {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  maxZ: number;
} {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let maxZ = 0;
  for (let v = 0; v < positions.length; v += 3) {
    minX = Math.min(minX, positions[v]!);
    maxX = Math.max(maxX, positions[v]!);
    minY = Math.min(minY, positions[v + 1]!);
    maxY = Math.max(maxY, positions[v + 1]!);
    maxZ = Math.max(maxZ, positions[v + 2]!);
  }
  return { minX, maxX, minY, maxY, maxZ };
}

export function configNumber(project: Project3mf, key: string, fallback: number): number {
  const raw = project.config.get(key)?.split(/[,;]/)[0];
  const value = raw === undefined ? Number.NaN : Number.parseFloat(raw);
  return Number.isFinite(value) ? value : fallback;
}

/** The print heights (layer tops) PrusaSlicer slices an object of `heightMm` at. */
export function expectedLayerTops(heightMm: number, firstLayerMm: number, layerMm: number): number[] {
  const tops = [firstLayerMm];
  while (tops.at(-1)! + layerMm / 2 < heightMm) tops.push(Math.round((tops.at(-1)! + layerMm) * 1e6) / 1e6);
  return tops;
}

/** CIE L* of relative luminance Y (1 = the panel's white). */
export function lightnessL(y: number): number {
  const v = Math.max(0, y);
  return v > 216 / 24389 ? 116 * Math.cbrt(v) - 16 : (24389 / 27) * v;
}

/**
 * Builds the twin from a read 3MF project and its G-code (text chunks in order).
 */
export async function buildTwin(
  project: Project3mf,
  gcode: AsyncIterable<string> | Iterable<string>,
  options: TwinOptions = {},
): Promise<TwinResult> {
  return twinMode(project) === "upright"
    ? buildUprightTwin(project, gcode, options)
    : buildFlatTwin(project, gcode, options);
}

/** Fine bed-x cells for upright deposition: 0.05 mm over 0..600 mm. */
const FINE_STEP = 0.05;
const FINE_SPAN = 600;

async function buildUprightTwin(
  project: Project3mf,
  gcode: AsyncIterable<string> | Iterable<string>,
  options: TwinOptions,
): Promise<TwinResult> {
  const k = options.attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM;
  const layerMm = configNumber(project, "layer_height", 0.1);
  const firstLayerMm = configNumber(project, "first_layer_height", layerMm);
  const area = filamentArea(configNumber(project, "filament_diameter", 1.75));
  const m = project.transform;
  const model = modelBounds(project.positions);
  // Upright: bed z = model y * m[5] + m[11] (m[5] = 1), bed x = model x * m[0] + m[9] (m[0] = +-1).
  const heightMm = (model.maxY - model.minY) * Math.abs(m[5]!);
  const tops = expectedLayerTops(heightMm, firstLayerMm, layerMm);
  const dx = options.gridMm ?? 0.1;
  const x0 = model.minX;
  const nx = Math.max(1, Math.ceil((model.maxX - model.minX) / dx));
  const ny = tops.length;
  // Each row samples the mesh where the slicer slices it: the middle of the layer.
  const rows = Float64Array.from(tops, (top, j) => {
    const bottom = j === 0 ? 0 : tops[j - 1]!;
    return ((top + bottom) / 2 - m[11]!) / m[5]!;
  });
  const reference = meshThickness(project.positions, project.indices, { x0, dx, nx, rows, subsamples: 4 });

  // Deposit: per layer (matched to a row by its top), the fine bed-x profile of volume.
  const fine = new Float64Array(Math.round(FINE_SPAN / FINE_STEP));
  const twin = new Float32Array(nx * ny);
  const rowVolume = new Float64Array(ny);
  let currentLayer = -1;
  let currentRow = -1;
  let extrusions = 0;
  let filamentMm = 0;
  const perimeterBounds = { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
  // Rows are filled once the bed's x offset is known: PrusaSlicer may re-centre the object on its bed.
  const pendingRows: Array<{ row: number; profile: Float64Array }> = [];
  const rowOf = (z: number): number => {
    let best = -1;
    let bestDistance = layerMm / 2;
    for (let j = 0; j < ny; j++) {
      const distance = Math.abs(tops[j]! - z);
      if (distance <= bestDistance) {
        best = j;
        bestDistance = distance;
      }
    }
    return best;
  };
  const flush = () => {
    if (currentRow >= 0) pendingRows.push({ row: currentRow, profile: fine.slice() });
    fine.fill(0);
  };
  const reader = new GcodeReader((e: Extrusion) => {
    if (e.layer !== currentLayer) {
      flush();
      currentLayer = e.layer;
      currentRow = rowOf(reader.layers[e.layer]!.z);
    }
    const layer = reader.layers[e.layer]!;
    const length = Math.hypot(e.x1 - e.x0, e.y1 - e.y0);
    const volume = e.filamentMm * area;
    extrusions++;
    filamentMm += e.filamentMm;
    if (e.type === "External perimeter") {
      perimeterBounds.min = Math.min(perimeterBounds.min, e.x0, e.x1);
      perimeterBounds.max = Math.max(perimeterBounds.max, e.x0, e.x1);
    }
    if (currentRow < 0) return;
    const width = lineWidthMm(volume / length, layer.heightMm);
    const spread = (width / 2) * (Math.abs(e.y1 - e.y0) / length);
    depositInterval(fine, 0, FINE_STEP, Math.min(e.x0, e.x1) - spread, Math.max(e.x0, e.x1) + spread, volume);
    rowVolume[currentRow]! += volume;
  });
  for await (const chunk of gcode) reader.push(chunk);
  reader.end();
  flush();

  // The bed x of model x: the 3MF's transform, shifted by however much the slicer moved the object
  // (centre of the external perimeters against the centre of the mesh on the bed).
  const bed = bedBounds(project);
  const shift = Number.isFinite(perimeterBounds.min)
    ? (perimeterBounds.min + perimeterBounds.max) / 2 - (bed.minX + bed.maxX) / 2
    : 0;
  const mirrored = m[0]! < 0;
  const bedX0 = x0 * m[0]! + m[9]! + shift;
  const column = new Float32Array(nx);
  for (const { row, profile } of pendingRows) {
    const h = row === 0 ? tops[0]! : tops[row]! - tops[row - 1]!;
    averageInto(profile, 0, FINE_STEP, bedX0, dx, column, 0, nx, mirrored);
    for (let i = 0; i < nx; i++) twin[row * nx + i]! += column[i]! / h;
  }

  const rowHeights = Float64Array.from(tops, (top, j) => (j === 0 ? top : top - tops[j - 1]!));
  const inside = new Uint8Array(nx * ny);
  for (let c = 0; c < inside.length; c++) inside[c] = reference[c]! > 0.05 ? 1 : 0;
  const missingLayers = missingBands(rowVolume, reference, nx, rowHeights, dx, (j) => [
    rows[j]! - rowHeights[j]! / 2 / m[5]!,
    rows[j]! + rowHeights[j]! / 2 / m[5]!,
  ]);
  // A missing layer is its own finding: its rows are left out of the thinner/thicker regions.
  const excluded = new Uint8Array(ny);
  for (let j = 0; j < ny; j++) {
    const [from, to] = [rows[j]! - rowHeights[j]! / 2, rows[j]! + rowHeights[j]! / 2];
    if (missingLayers.some((band) => from >= band.fromMm - 1e-6 && to <= band.toMm + 1e-6)) excluded[j] = 1;
  }
  const findings = differenceRegions(
    [{ part: "white", twin, reference }],
    inside,
    nx,
    ny,
    dx,
    rowHeights,
    x0,
    (j) => rows[j]! - rowHeights[j]! / 2,
    layerMm / 2,
    options.minRegionMm2 ?? 1,
    excluded,
  );

  options.onStage?.("light");
  // Light: relative to the thinnest the panel is meant to be (1st percentile of the mesh inside).
  const insideThickness = reference.filter((_, c) => inside[c] === 1).sort();
  const thinnest = insideThickness[Math.floor(0.01 * insideThickness.length)] ?? 0;
  const light = (t: number) => absorbedLight(t, k, thinnest);
  const twinLight = Float32Array.from(twin, light);
  const referenceLight = Float32Array.from(reference, light);
  const pixelMm = options.pixelMm ?? 0.25;
  // The rows above are in model space (column i at model x0 + i dx, whichever way the bed runs).
  const front = options.front ?? "flat";
  const scatterPerMm = options.scatterPerMm ?? DEFAULT_SCATTER_PER_MM;
  const { a, b, metrics } = drawBoth(
    { inside, nx, ny, dx, rowHeights, pixelMm, front, scatterPerMm },
    { channels: [twinLight], thickness: twin },
    { channels: [referenceLight], thickness: reference },
  );
  options.onStage?.("done");
  return {
    report: {
      mode: "upright",
      layerHeightMm: layerMm,
      layersExpected: ny,
      layersPrinted: reader.layers.length,
      missingLayers,
      ...findings,
      ...metrics,
      extrusions,
      filamentMm,
    },
    twin: picture(a, WARM_WHITE),
    preview: picture(b, WARM_WHITE),
  };
}

/** Colour panels: each tool's thickness over a 2D grid in the panel's plane. */
async function buildFlatTwin(
  project: Project3mf,
  gcode: AsyncIterable<string> | Iterable<string>,
  options: TwinOptions,
): Promise<TwinResult> {
  const filaments = options.filaments ?? DEFAULT_COLOUR_FILAMENTS;
  const layerMm = configNumber(project, "layer_height", 0.1);
  const area = filamentArea(configNumber(project, "filament_diameter", 1.75));
  const m = project.transform;
  const model = modelBounds(project.positions);
  const dx = options.gridMm ?? 0.2;
  const x0 = model.minX;
  const nx = Math.max(1, Math.ceil((model.maxX - model.minX) / dx));
  const ny = Math.max(1, Math.ceil((model.maxY - model.minY) / dx));
  const rows = Float64Array.from({ length: ny }, (_, j) => model.minY + (j + 0.5) * dx);
  const grid = { x0, dx, nx, rows, subsamples: 2 };
  // One thickness map per volume, by extruder (tool = extruder - 1).
  const tools = project.volumes.map((v) => v.extruder - 1);
  const references = project.volumes.map((v) =>
    meshThickness(project.positions, project.indices, grid, v.firstTriangle, v.lastTriangle),
  );
  // Fine bed cells: 0.1 mm over the object's bed bounds plus a margin the slicer's re-centring may use.
  const bed = bedBounds(project);
  const fineStep = dx / 2;
  const segments: number[] = [];
  const perimeterBounds = {
    minX: Number.POSITIVE_INFINITY,
    maxX: Number.NEGATIVE_INFINITY,
    minY: Number.POSITIVE_INFINITY,
    maxY: Number.NEGATIVE_INFINITY,
  };
  let extrusions = 0;
  let filamentMm = 0;
  const reader = new GcodeReader((e) => {
    extrusions++;
    filamentMm += e.filamentMm;
    const layer = reader.layers[e.layer]!;
    segments.push(e.x0, e.y0, e.x1, e.y1, e.filamentMm * area, layer.heightMm, e.tool, e.layer);
    perimeterBounds.minX = Math.min(perimeterBounds.minX, e.x0, e.x1);
    perimeterBounds.maxX = Math.max(perimeterBounds.maxX, e.x0, e.x1);
    perimeterBounds.minY = Math.min(perimeterBounds.minY, e.y0, e.y1);
    perimeterBounds.maxY = Math.max(perimeterBounds.maxY, e.y0, e.y1);
  });
  for await (const chunk of gcode) reader.push(chunk);
  reader.end();
  const shiftX = (perimeterBounds.minX + perimeterBounds.maxX) / 2 - (bed.minX + bed.maxX) / 2;
  const shiftY = (perimeterBounds.minY + perimeterBounds.maxY) / 2 - (bed.minY + bed.maxY) / 2;
  // Model (x, y) -> bed: x + m[9] + shift (the flat transform is a translation).
  const originX = x0 + m[9]! + shiftX;
  const originY = model.minY + m[10]! + shiftY;
  const fnx = 2 * nx;
  const fny = 2 * ny;
  const fine = tools.map(() => new Float64Array(fnx * fny));
  const toolIndex = new Map(tools.map((tool, v) => [tool, v]));
  const layerVolume = new Float64Array(reader.layers.length);
  for (let s = 0; s < segments.length; s += 8) {
    const [ax, ay, bx, by, volume, h, tool, layer] = segments.slice(s, s + 8) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    layerVolume[layer]! += volume;
    const v = toolIndex.get(tool);
    if (v === undefined) continue;
    const length = Math.hypot(bx - ax, by - ay);
    const width = lineWidthMm(volume / length, h);
    const cos = Math.abs(bx - ax) / length;
    const sin = Math.abs(by - ay) / length;
    const steps = Math.max(1, Math.ceil(length / (fineStep / 2)));
    const step = length / steps;
    const halfX = (width / 2) * sin + (step / 2) * cos;
    const halfY = (width / 2) * cos + (step / 2) * sin;
    for (let q = 0; q < steps; q++) {
      const t = (q + 0.5) / steps;
      const px = ax + (bx - ax) * t;
      const py = ay + (by - ay) * t;
      depositBox(
        fine[v]!,
        fnx,
        fny,
        originX,
        originY,
        fineStep,
        px - halfX,
        px + halfX,
        py - halfY,
        py + halfY,
        volume / steps,
      );
    }
  }
  // Volume per fine cell -> thickness per comparison cell (2 x 2 fine cells).
  const twins = fine.map((cells) => {
    const out = new Float32Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const f = 2 * j * fnx + 2 * i;
        out[j * nx + i] = (cells[f]! + cells[f + 1]! + cells[f + fnx]! + cells[f + fnx + 1]!) / (dx * dx);
      }
    }
    return out;
  });
  const total = new Float32Array(nx * ny);
  for (const reference of references) for (let c = 0; c < total.length; c++) total[c]! += reference[c]!;
  const inside = Uint8Array.from(total, (t) => (t > 0.05 ? 1 : 0));

  // Layers: print tops from the first layer to the mesh's thickness; missing = no G-code layer near it.
  const firstLayerMm = configNumber(project, "first_layer_height", layerMm);
  const tops = expectedLayerTops(model.maxZ, firstLayerMm, layerMm);
  const printed = reader.layers.map((l) => l.z);
  const missingLayers: TwinReport["missingLayers"] = [];
  for (let j = 0; j < tops.length; j++) {
    const found = printed.some((z, l) => Math.abs(z - tops[j]!) < layerMm / 2 && layerVolume[l]! > 0);
    if (found) continue;
    const from = j === 0 ? 0 : tops[j - 1]!;
    const last = missingLayers.at(-1);
    if (last && Math.abs(last.toMm - from) < 1e-6) {
      last.toMm = tops[j]!;
      last.layers++;
    } else missingLayers.push({ fromMm: from, toMm: tops[j]!, layers: 1 });
  }
  const rowHeights = new Float64Array(ny).fill(dx);
  const roles = project.volumes.map((v, index) => filaments[tools[index]!]?.role ?? v.name);
  const findings = differenceRegions(
    references.map((reference, v) => ({ part: roles[v]!, twin: twins[v]!, reference })),
    inside,
    nx,
    ny,
    dx,
    rowHeights,
    x0,
    (j) => model.minY + j * dx,
    layerMm / 2,
    options.minRegionMm2 ?? 1,
  );
  // Light: per channel, relative to the brightest stack (each part at its thinnest inside the panel).
  const lightOf = (maps: Float32Array[]): Float32Array[] => {
    const channels = [new Float32Array(nx * ny), new Float32Array(nx * ny), new Float32Array(nx * ny)];
    for (let v = 0; v < maps.length; v++) {
      const filament = filaments[tools[v]!] ?? filaments[0]!;
      const thinnest = minimumInside(references[v]!, inside);
      for (let c = 0; c < 3; c++) {
        const kc = filament.attenuationRgbPerMm[c]!;
        const channel = channels[c]!;
        const map = maps[v]!;
        for (let p = 0; p < channel.length; p++) channel[p]! += kc * (map[p]! - thinnest);
      }
    }
    return channels.map((density) => density.map((d) => Math.min(1, Math.exp(-d))));
  };
  const pixelMm = options.pixelMm ?? 0.25;
  // Model space (the identity transform), drawn as seen from the front (the face on the bed).
  const scatterPerMm = options.scatterPerMm ?? DEFAULT_SCATTER_PER_MM;
  const totalTwin = new Float32Array(nx * ny);
  for (const map of twins) for (let c = 0; c < totalTwin.length; c++) totalTwin[c]! += map[c]!;
  const front = options.front ?? "flat";
  const { a, b, metrics } = drawBoth(
    { inside, nx, ny, dx, rowHeights, pixelMm, front, scatterPerMm },
    { channels: lightOf(twins), thickness: totalTwin },
    { channels: lightOf(references), thickness: total },
  );
  return {
    report: {
      mode: "flat",
      layerHeightMm: layerMm,
      layersExpected: tops.length,
      layersPrinted: reader.layers.length,
      missingLayers,
      ...findings,
      ...metrics,
      meanDeltaE: meanDeltaE2000(a, b),
      extrusions,
      filamentMm,
    },
    twin: picture(a, [255, 255, 255]),
    preview: picture(b, [255, 255, 255]),
  };
}

function minimumInside(map: Float32Array, inside: Uint8Array): number {
  const values = map.filter((_, c) => inside[c] === 1).sort();
  return values[Math.floor(0.01 * values.length)] ?? 0;
}

/** Rows whose deposited volume is under half of what the mesh holds there: missing layers, as bands. */
export function missingBands(
  rowVolume: Float64Array,
  reference: Float32Array,
  nx: number,
  rowHeights: Float64Array,
  dx: number,
  span: (row: number) => [number, number],
): TwinReport["missingLayers"] {
  const bands: TwinReport["missingLayers"] = [];
  for (let j = 0; j < rowVolume.length; j++) {
    let expected = 0;
    for (let i = 0; i < nx; i++) expected += reference[j * nx + i]!;
    expected *= dx * rowHeights[j]!;
    if (expected <= 0 || rowVolume[j]! >= 0.5 * expected) continue;
    const [from, to] = span(j);
    const last = bands.at(-1);
    if (last && Math.abs(last.toMm - from) < 1e-6) {
      last.toMm = to;
      last.layers++;
    } else bands.push({ fromMm: from, toMm: to, layers: 1 });
  }
  return bands;
}

/** Sigma of the smoothing applied to the twin - mesh difference before regions are found, mm. */
const REGION_SMOOTHING_MM = 0.5;

/** Margin inside the outline left out of the regions, mm. */
const EDGE_MARGIN_MM = 1;

/** The mask shrunk by `r` cells (a square window: separable minimum). */
function erode(mask: Uint8Array, nx: number, ny: number, r: number): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let keep = 1;
      for (let k = Math.max(0, i - r); k <= Math.min(nx - 1, i + r) && keep; k++) keep = mask[j * nx + k]!;
      across[j * nx + i] = i - r < 0 || i + r >= nx ? 0 : keep;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let j = r; j < ny - r; j++) {
    for (let i = 0; i < nx; i++) {
      let keep = 1;
      for (let k = j - r; k <= j + r && keep; k++) keep = across[k * nx + i]!;
      out[j * nx + i] = keep;
    }
  }
  return out;
}

/** Cells where the twin is thinner or thicker than the mesh by more than `threshold`, as regions. */
export function differenceRegions(
  parts: Array<{ part: string; twin: Float32Array; reference: Float32Array }>,
  inside: Uint8Array,
  nx: number,
  ny: number,
  dx: number,
  rowHeights: Float64Array,
  x0: number,
  rowBottom: (row: number) => number,
  threshold: number,
  minRegionMm2: number,
  excludedRows: Uint8Array = new Uint8Array(ny),
): Pick<TwinReport, "thinnerAreaMm2" | "thickerAreaMm2" | "panelAreaMm2" | "regions"> {
  let thinnerAreaMm2 = 0;
  let thickerAreaMm2 = 0;
  let panelAreaMm2 = 0;
  for (let c = 0; c < inside.length; c++) if (inside[c]) panelAreaMm2 += dx * rowHeights[Math.floor(c / nx)]!;
  const regions: TwinRegion[] = [];
  const seen = new Uint8Array(nx * ny);
  // The outline's last millimetre is left out: rounded line ends and the walls' perimeters differ from
  // the mesh's sharp edge there on every print, and the frame's lip covers it.
  const core = erode(inside, nx, ny, Math.ceil(EDGE_MARGIN_MM / dx));
  for (const { part, twin, reference } of parts) {
    // Differences finer than the light's own spread (line texture, seams) are not findings: the
    // difference is smoothed over about a millimetre before it is compared with half a layer.
    const raw = new Float64Array(nx * ny);
    for (let c = 0; c < raw.length; c++) {
      const counted = (inside[c] || twin[c]! > 0) && !excludedRows[Math.floor(c / nx)];
      raw[c] = counted ? twin[c]! - reference[c]! : 0;
    }
    const smooth = gaussianBlur(nx, ny, REGION_SMOOTHING_MM / dx)(raw);
    const sign = new Int8Array(nx * ny);
    for (let c = 0; c < sign.length; c++) {
      if (excludedRows[Math.floor(c / nx)] || !core[c]) continue;
      const difference = smooth[c]!;
      if (difference < -threshold && inside[c]) sign[c] = -1;
      else if (difference > threshold) sign[c] = 1;
      const cellArea = dx * rowHeights[Math.floor(c / nx)]!;
      if (sign[c] === -1) thinnerAreaMm2 += cellArea;
      if (sign[c] === 1) thickerAreaMm2 += cellArea;
    }
    seen.fill(0);
    const stack: number[] = [];
    for (let start = 0; start < sign.length; start++) {
      if (sign[start] === 0 || seen[start]) continue;
      const kind = sign[start]!;
      let areaMm2 = 0;
      let sum = 0;
      let i0 = nx;
      let i1 = -1;
      let j0 = ny;
      let j1 = -1;
      stack.push(start);
      seen[start] = 1;
      while (stack.length > 0) {
        const c = stack.pop()!;
        const i = c % nx;
        const j = (c - i) / nx;
        const cellArea = dx * rowHeights[j]!;
        areaMm2 += cellArea;
        sum += (twin[c]! - reference[c]!) * cellArea;
        i0 = Math.min(i0, i);
        i1 = Math.max(i1, i);
        j0 = Math.min(j0, j);
        j1 = Math.max(j1, j);
        const neighbours = [
          i > 0 ? c - 1 : -1,
          i < nx - 1 ? c + 1 : -1,
          j > 0 ? c - nx : -1,
          j < ny - 1 ? c + nx : -1,
        ];
        for (const n of neighbours) {
          if (n >= 0 && !seen[n] && sign[n] === kind) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
      if (areaMm2 < minRegionMm2) continue;
      regions.push({
        kind: kind < 0 ? "thinner" : "thicker",
        areaMm2,
        meanDifferenceMm: sum / areaMm2,
        x0: x0 + i0 * dx,
        x1: x0 + (i1 + 1) * dx,
        y0: rowBottom(j0),
        y1: rowBottom(j1) + rowHeights[j1]!,
        part,
      });
    }
  }
  regions.sort((p, q) => q.areaMm2 - p.areaMm2);
  return { thinnerAreaMm2, thickerAreaMm2, panelAreaMm2, regions: regions.slice(0, 20) };
}

export interface Pixels {
  width: number;
  height: number;
  /** Linear light per channel (1 or 3 channels), row 0 at the top. */
  channels: Float32Array[];
  luminance: Float32Array;
  inside: Uint8Array;
}

/** The model-space grid both pictures are drawn from, and how they are drawn. */
export interface PixelGrid {
  inside: Uint8Array;
  nx: number;
  ny: number;
  dx: number;
  rowHeights: Float64Array;
  pixelMm: number;
  front: FrontFace;
  scatterPerMm: number;
}

/** One picture's light per channel over the grid, and the thickness it came through. */
export interface GridLight {
  channels: Float32Array[];
  thickness: Float32Array;
}

/** The twin and the preview drawn the same way, and how alike the eye would find them. */
export function drawBoth(grid: PixelGrid, twin: GridLight, preview: GridLight) {
  const a = toPixels(twin, grid);
  const b = toPixels(preview, grid);
  return { a, b, metrics: compareLuminance(a.luminance, b.luminance, a.inside, a.width, a.height) };
}

/**
 * Averages the grid's linear light into square pixels of `pixelMm` (row 0 at the top: the panel's top),
 * a pixel counting as panel when at least 3/4 of its area is inside.
 */
function toPixels(
  { channels, thickness }: GridLight,
  { scatterPerMm, inside, nx, ny, dx, rowHeights, pixelMm, front }: PixelGrid,
): Pixels {
  const totalHeight = rowHeights.reduce((s, h) => s + h, 0);
  const width = Math.max(1, Math.round((nx * dx) / pixelMm));
  const height = Math.max(1, Math.round(totalHeight / pixelMm));
  const sums = [...channels, thickness].map(() => new Float64Array(width * height));
  const all = [...channels, thickness];
  const areas = new Float64Array(width * height);
  const insideAreas = new Float64Array(width * height);
  let y = 0;
  for (let j = 0; j < ny; j++) {
    const h = rowHeights[j]!;
    const q = Math.min(height - 1, height - 1 - Math.floor(((y + h / 2) / totalHeight) * height));
    y += h;
    for (let i = 0; i < nx; i++) {
      const column = modelColumnAsSeen(i, nx, front);
      const p = Math.min(width - 1, Math.floor(((column + 0.5) / nx) * width));
      const c = j * nx + i;
      const cellArea = dx * h;
      const target = q * width + p;
      areas[target]! += cellArea;
      if (!inside[c]) continue;
      insideAreas[target]! += cellArea;
      for (let ch = 0; ch < all.length; ch++) sums[ch]![target]! += all[ch]![c]! * cellArea;
    }
  }
  const pixelInside = Uint8Array.from(areas, (a, p) => (a > 0 && insideAreas[p]! >= 0.75 * a ? 1 : 0));
  const averaged = sums.map((sum) =>
    Float32Array.from(sum, (s, p) => (insideAreas[p]! > 0 ? s / insideAreas[p]! : 0)),
  );
  const pixelThickness = averaged.pop()!;
  // The shop's light model (light.ts) on the averaged light: the preview and the renders draw the same.
  const out = lightThrough(
    { width, height, cellMm: pixelMm, thicknessMm: pixelThickness, inside: pixelInside },
    { attenuationRgbPerMm: [1, 1, 1], scatterPerMm },
    { thinnestMm: 0, absorbed: averaged },
  );
  const luminance =
    out.length === 1
      ? out[0]!
      : Float32Array.from(out[0]!, (r, p) => 0.2126 * r + 0.7152 * out[1]![p]! + 0.0722 * out[2]![p]!);
  return { width, height, channels: out, luminance, inside: pixelInside };
}

export function picture(pixels: Pixels, backlight: readonly [number, number, number]): TwinPicture {
  const { width, height, channels, inside } = pixels;
  const rgb = new Uint8Array(width * height * 3).fill(BACKGROUND);
  for (let p = 0; p < width * height; p++) {
    if (!inside[p]) continue;
    for (let c = 0; c < 3; c++) {
      const value = (channels.length === 1 ? channels[0]! : channels[c]!)[p]!;
      rgb[3 * p + c] = Math.round(backlight[c]! * linearToSrgb(value));
    }
  }
  return { width, height, rgb };
}

/**
 * SSIM (Wang et al. 2004: Gaussian window sigma 1.5, K1 0.01, K2 0.03) of the sRGB-encoded luminance
 * the eye judges, averaged over windows centred on the panel, and the mean |ΔL*| over the panel.
 */
export function compareLuminance(
  a: Float32Array,
  b: Float32Array,
  inside: Uint8Array,
  width: number,
  height: number,
): { ssim: number; meanDeltaL: number } {
  let deltaSum = 0;
  let count = 0;
  for (let p = 0; p < a.length; p++) {
    if (!inside[p]) continue;
    deltaSum += Math.abs(lightnessL(a[p]!) - lightnessL(b[p]!));
    count++;
  }
  const x = Float64Array.from(a, (v) => linearToSrgb(v));
  const y = Float64Array.from(b, (v) => linearToSrgb(v));
  const blur = gaussianBlur(width, height, 1.5);
  const muX = blur(x);
  const muY = blur(y);
  const xx = blur(x.map((v) => v * v));
  const yy = blur(y.map((v) => v * v));
  const xy = blur(x.map((v, p) => v * y[p]!));
  const c1 = 0.01 ** 2;
  const c2 = 0.03 ** 2;
  let ssimSum = 0;
  let windows = 0;
  for (let p = 0; p < a.length; p++) {
    if (!inside[p]) continue;
    const mx = muX[p]!;
    const my = muY[p]!;
    const vx = xx[p]! - mx * mx;
    const vy = yy[p]! - my * my;
    const cov = xy[p]! - mx * my;
    ssimSum += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
    windows++;
  }
  return { ssim: windows ? ssimSum / windows : 0, meanDeltaL: count ? deltaSum / count : 0 };
}

/** Mean CIEDE2000 between two colour pictures over the panel (linear RGB relative to white). */
function meanDeltaE2000(a: Pixels, b: Pixels): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < a.inside.length; p++) {
    if (!a.inside[p]) continue;
    const rgbA = [a.channels[0]![p]!, a.channels[1]![p]!, a.channels[2]![p]!] as const;
    const rgbB = [b.channels[0]![p]!, b.channels[1]![p]!, b.channels[2]![p]!] as const;
    sum += deltaE2000Rgb(rgbA, rgbB);
    count++;
  }
  return count ? sum / count : 0;
}
