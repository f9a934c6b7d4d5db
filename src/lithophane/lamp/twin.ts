/**
 * The lamp's G-code twin, unrolled: the shade as the printer will lay it down, lit from inside like the
 * preview, as a flat picture of (angle, height) read from outside (angle 0, the back seam, at the left;
 * up is up). Pure and browser-safe; reuses the flat panel's twin (twin/): the G-code reader, the
 * layer tops, the mesh thickness sampler, the missing layers, thinner/thicker regions, the light model,
 * the pictures and SSIM / mean |ΔL*|.
 *
 * - Mesh (what the file asks for): the wall's radial thickness at (angle, mid-layer height), found by
 *   unrolling the mesh to (arc at the outer radius, z, r) and sampling it with meshThickness: outward
 *   faces add their radius, inward faces subtract theirs, the foot and the top (flat in that view) none.
 * - Print: per layer, every extrusion is cut into pieces of at most 0.1 mm whose volume goes to the
 *   angular cells it covers (its own tangential length plus its width across); a cell's plastic
 *   thickness is its volume / (layer height x angle x the volume's mean radius).
 */
import { DEFAULT_SCATTER_PER_MM } from "../light";
import { DEFAULT_ATTENUATION_PER_MM } from "../tones";
import { type Extrusion, filamentArea, GcodeReader, lineWidthMm } from "../twin/gcode";
import type { Project3mf } from "../twin/model3mf";
import { depositInterval, meshThickness } from "../twin/thickness";
import {
  configNumber,
  differenceRegions,
  drawBoth,
  expectedLayerTops,
  missingBands,
  picture,
  type TwinPicture,
  type TwinReport,
  WARM_WHITE,
} from "../twin/twin";
import { pointAngle } from "./geometry";
import { LAMP_PRINT_SETTINGS_PREFIX } from "./print-project";

export interface LampTwinOptions {
  /** White filament's attenuation per mm (default 2). */
  attenuationPerMm?: number;
  /** Comparison grid step round the lamp, arc mm at the outer radius (default 0.1). */
  gridMm?: number;
  /** Pixel size of the pictures, mm (default 0.25). */
  pixelMm?: number;
  minRegionMm2?: number;
  scatterPerMm?: number;
}

export type LampTwinReport = Omit<TwinReport, "mode"> & {
  mode: "lamp";
  /** Outer circumference (the picture's width) and height, mm. */
  circumferenceMm: number;
  heightMm: number;
};

export interface LampTwinResult {
  report: LampTwinReport;
  /** Unrolled pictures, read from outside: the twin of the print and the preview of the mesh. */
  twin: TwinPicture;
  preview: TwinPicture;
}

/** A lamp project is recognised by the print settings name it carries (print-project.ts). */
export function isLampProject(project: Pick<Project3mf, "config">): boolean {
  return (project.config.get("print_settings_id") ?? "").includes(LAMP_PRINT_SETTINGS_PREFIX);
}

/** The mesh unrolled: x = angle x outer radius (arc mm), y = z, z = radius. */
export function unrolledPositions(positions: Float32Array, indices: Uint32Array, radius: number) {
  // Triangles across the seam (angle 0 / 2 pi) get their own copies of the vertices near 0, moved by 2 pi.
  const count = positions.length / 3;
  const angle = new Float64Array(count);
  const r = new Float64Array(count);
  for (let v = 0; v < count; v++) {
    const x = positions[3 * v]!;
    const y = positions[3 * v + 1]!;
    let theta = pointAngle(x, y);
    if (2 * Math.PI - theta < 1e-7) theta = 0;
    angle[v] = theta;
    r[v] = Math.hypot(x, y);
  }
  const extra: number[] = [];
  const out = Uint32Array.from(indices);
  const copies = new Map<number, number>();
  for (let t = 0; t < indices.length; t += 3) {
    const a = angle[indices[t]!]!;
    const b = angle[indices[t + 1]!]!;
    const c = angle[indices[t + 2]!]!;
    if (Math.max(a, b, c) - Math.min(a, b, c) <= Math.PI) continue;
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k]!;
      if (angle[v]! >= Math.PI) continue;
      let copy = copies.get(v);
      if (copy === undefined) {
        copy = count + extra.length / 3;
        copies.set(v, copy);
        extra.push((angle[v]! + 2 * Math.PI) * radius, positions[3 * v + 2]!, r[v]!);
      }
      out[t + k] = copy;
    }
  }
  const unrolled = new Float32Array(3 * count + extra.length);
  for (let v = 0; v < count; v++) {
    unrolled[3 * v] = angle[v]! * radius;
    unrolled[3 * v + 1] = positions[3 * v + 2]!;
    unrolled[3 * v + 2] = r[v]!;
  }
  unrolled.set(extra, 3 * count);
  return { positions: unrolled, indices: out };
}

/** Cells of padding either side of the angular profile, folded back round the seam. */
const PAD = 256;
/** Longest piece an extrusion is cut into, mm. */
const PIECE_MM = 0.1;

/** Builds the lamp's twin from its read 3MF project and G-code (text chunks in order). */
export async function lampTwin(
  project: Project3mf,
  gcode: AsyncIterable<string> | Iterable<string>,
  options: LampTwinOptions = {},
): Promise<LampTwinResult> {
  const k = options.attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM;
  const layerMm = configNumber(project, "layer_height", 0.1);
  const firstLayerMm = configNumber(project, "first_layer_height", layerMm);
  const area = filamentArea(configNumber(project, "filament_diameter", 1.75));
  const { positions, indices, transform: m } = project;
  let radius = 0;
  let heightMm = 0;
  for (let v = 0; v < positions.length; v += 3) {
    radius = Math.max(radius, Math.hypot(positions[v]!, positions[v + 1]!));
    heightMm = Math.max(heightMm, positions[v + 2]!);
  }
  const circumferenceMm = 2 * Math.PI * radius;
  const tops = expectedLayerTops(heightMm, firstLayerMm, layerMm);
  const ny = tops.length;
  const requested = options.gridMm ?? 0.1;
  const nx = Math.max(8, Math.round(circumferenceMm / requested));
  const dx = circumferenceMm / nx;
  const rowHeights = Float64Array.from(tops, (top, j) => (j === 0 ? top : top - tops[j - 1]!));
  // Model z of each row: the middle of its layer (bed z = model z + m[11]).
  const rows = Float64Array.from(tops, (top, j) => (top + (j === 0 ? 0 : tops[j - 1]!)) / 2 - m[11]!);
  const unrolled = unrolledPositions(positions, indices, radius);
  const reference = meshThickness(unrolled.positions, unrolled.indices, {
    x0: 0,
    dx,
    nx,
    rows,
    subsamples: 4,
  });

  // Deposits: per layer, volume and volume x radius per angular cell (with padding round the seam),
  // folded into the twin's row when the layer ends.
  const volume = new Float64Array(nx + 2 * PAD);
  const moment = new Float64Array(nx + 2 * PAD);
  const twin = new Float32Array(nx * ny);
  const rowVolume = new Float64Array(ny);
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
  const dTheta = dx / radius;
  let currentLayer = -1;
  let currentRow = -1;
  const finishLayer = () => {
    if (currentRow >= 0) {
      for (let p = 0; p < PAD; p++) {
        volume[nx + p]! += volume[p]!;
        moment[nx + p]! += moment[p]!;
        volume[PAD + p]! += volume[PAD + nx + p]!;
        moment[PAD + p]! += moment[PAD + nx + p]!;
      }
      const h = rowHeights[currentRow]!;
      for (let i = 0; i < nx; i++) {
        const cellVolume = volume[PAD + i]!;
        if (cellVolume <= 0) continue;
        const meanR = moment[PAD + i]! / cellVolume;
        twin[currentRow * nx + i]! += cellVolume / (h * dTheta * meanR);
      }
    }
    volume.fill(0);
    moment.fill(0);
  };
  // The axis on the bed: where the slicer put the foot. The bottom rim is a true circle, printed
  // first: the centre of its external perimeters' bounds (until then the 3MF's placement is assumed).
  const FOOT_MM = 3;
  const foot = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  let centre: [number, number] | null = null;
  const footExtrusions: Extrusion[] = [];
  let count = 0;
  let filamentMm = 0;
  const deposit = (e: Extrusion) => {
    const [cx, cy] = centre!;
    if (e.layer !== currentLayer) {
      finishLayer();
      currentLayer = e.layer;
      currentRow = rowOf(reader.layers[e.layer]!.z);
    }
    if (currentRow < 0) return;
    const layer = reader.layers[e.layer]!;
    const length = Math.hypot(e.x1 - e.x0, e.y1 - e.y0);
    const total = e.filamentMm * area;
    rowVolume[currentRow]! += total;
    const width = lineWidthMm(total / length, layer.heightMm);
    const pieces = Math.max(1, Math.ceil(length / PIECE_MM));
    const ux = (e.x1 - e.x0) / length;
    const uy = (e.y1 - e.y0) / length;
    const share = total / pieces;
    const origin = -PAD * dx;
    for (let p = 0; p < pieces; p++) {
      const x = e.x0 + (e.x1 - e.x0) * ((p + 0.5) / pieces) - cx;
      const y = e.y0 + (e.y1 - e.y0) * ((p + 0.5) / pieces) - cy;
      const r = Math.hypot(x, y);
      if (r < 1e-6) continue;
      // |cos| of the piece's direction against the radius: its tangential length and its width across.
      const radial = Math.abs((ux * x + uy * y) / r);
      const tangential = Math.sqrt(Math.max(0, 1 - radial * radial));
      const half = ((tangential * length) / pieces / 2 + (width / 2) * radial) * (radius / r);
      const s = pointAngle(x, y) * radius;
      depositInterval(volume, origin, dx, s - half, s + half, share);
      depositInterval(moment, origin, dx, s - half, s + half, share * r);
    }
  };
  const settleCentre = () => {
    centre = Number.isFinite(foot.minX)
      ? [(foot.minX + foot.maxX) / 2, (foot.minY + foot.maxY) / 2]
      : [m[9]!, m[10]!];
    for (const e of footExtrusions.splice(0)) deposit(e);
  };
  const reader = new GcodeReader((e) => {
    count++;
    filamentMm += e.filamentMm;
    if (centre) {
      deposit(e);
      return;
    }
    if (reader.layers[e.layer]!.z <= FOOT_MM) {
      if (e.type === "External perimeter") {
        foot.minX = Math.min(foot.minX, e.x0, e.x1);
        foot.maxX = Math.max(foot.maxX, e.x0, e.x1);
        foot.minY = Math.min(foot.minY, e.y0, e.y1);
        foot.maxY = Math.max(foot.maxY, e.y0, e.y1);
      }
      footExtrusions.push(e);
      return;
    }
    settleCentre();
    deposit(e);
  });
  for await (const chunk of gcode) reader.push(chunk);
  reader.end();
  if (!centre) settleCentre();
  finishLayer();

  const inside = Uint8Array.from(reference, (t) => (t > 0.05 ? 1 : 0));
  const missingLayers = missingBands(rowVolume, reference, nx, rowHeights, dx, (j) => [
    rows[j]! - rowHeights[j]! / 2,
    rows[j]! + rowHeights[j]! / 2,
  ]);
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
    0,
    (j) => rows[j]! - rowHeights[j]! / 2,
    layerMm / 2,
    options.minRegionMm2 ?? 1,
    excluded,
  );
  // Light relative to the thinnest the wall is meant to be (1st percentile), as the flat twin does.
  const sorted = reference.filter((_, c) => inside[c] === 1).sort();
  const thinnest = sorted[Math.floor(0.01 * sorted.length)] ?? 0;
  const light = (t: number) => Math.min(1, Math.exp(-k * (t - thinnest)));
  const { a, b, metrics } = drawBoth(
    {
      inside,
      nx,
      ny,
      dx,
      rowHeights,
      pixelMm: options.pixelMm ?? 0.25,
      // Column i is angle i dx / radius, which grows to the right seen from outside: no mirroring.
      front: "relief",
      scatterPerMm: options.scatterPerMm ?? DEFAULT_SCATTER_PER_MM,
    },
    { channels: [Float32Array.from(twin, light)], thickness: twin },
    { channels: [Float32Array.from(reference, light)], thickness: reference },
  );
  return {
    report: {
      mode: "lamp",
      layerHeightMm: layerMm,
      layersExpected: ny,
      layersPrinted: reader.layers.length,
      missingLayers,
      ...findings,
      ...metrics,
      extrusions: count,
      filamentMm,
      circumferenceMm,
      heightMm,
    },
    twin: picture(a, WARM_WHITE),
    preview: picture(b, WARM_WHITE),
  };
}
