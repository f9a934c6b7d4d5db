/**
 * Pictures of the lit lamp straight from its wall (no slicing), drawn with the shop's light model
 * (light.ts), read from outside: the unrolled shade (angle 0, the back seam, at the left) and the
 * front view (the lamp seen from far in front, the light crossing the near wall obliquely towards
 * its sides). Browser-safe; the CLI writes them as PNG.
 */
import { greyLightModel, lightThrough } from "../light";
import { DEFAULT_ATTENUATION_PER_MM, linearToSrgb } from "../tones";
import type { TwinPicture } from "../twin/twin";
import type { LampGeometry } from "./geometry";

export interface LampPreviewOptions {
  view?: "unrolled" | "front";
  /** Picture pixel, mm (default 0.25). */
  pixelMm?: number;
  attenuationPerMm?: number;
  scatterPerMm?: number;
  /** Front view: the angle facing the viewer, degrees (default: the middle of the first photo). */
  facingDeg?: number;
}

const WARM_WHITE = [255, 232, 196] as const;
const BACKGROUND = 0x1c;

/** The wall's thickness at angle theta (radians) and height z, bilinear on the grid. */
export function lampThicknessAt(geometry: LampGeometry, theta: number, z: number): number {
  const { columns, rowsZ, thicknessMm } = geometry;
  const u = ((((theta / (2 * Math.PI)) % 1) + 1) % 1) * columns;
  const c0 = Math.floor(u) % columns;
  const c1 = (c0 + 1) % columns;
  const fu = u - Math.floor(u);
  let lo = 0;
  let hi = rowsZ.length - 1;
  const zz = Math.min(rowsZ[hi]!, Math.max(0, z));
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rowsZ[mid]! <= zz) lo = mid;
    else hi = mid;
  }
  const fz = (zz - rowsZ[lo]!) / (rowsZ[hi]! - rowsZ[lo]! || 1);
  const at = (j: number, c: number) => thicknessMm[j * columns + c]!;
  const bottom = at(lo, c0) * (1 - fu) + at(lo, c1) * fu;
  const top = at(hi, c0) * (1 - fu) + at(hi, c1) * fu;
  return bottom * (1 - fz) + top * fz;
}

export function lampPreview(geometry: LampGeometry, options: LampPreviewOptions = {}): TwinPicture {
  const { spec } = geometry;
  const pixelMm = options.pixelMm ?? 0.25;
  const k = options.attenuationPerMm ?? spec.panel.attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM;
  const front = options.view === "front";
  const R = spec.outerRadiusMm;
  const width = Math.max(8, Math.round((front ? 2 * spec.innerRadiusMm : 2 * Math.PI * R) / pixelMm));
  const height = Math.max(8, Math.round(spec.heightMm / pixelMm));
  const facing =
    options.facingDeg !== undefined ? (options.facingDeg * Math.PI) / 180 : Math.PI / spec.photos;
  const thickness = new Float32Array(width * height);
  const path = new Float32Array(width * height);
  for (let q = 0; q < height; q++) {
    const z = spec.heightMm - (q + 0.5) * pixelMm;
    for (let p = 0; p < width; p++) {
      let theta: number;
      let slant = 1;
      if (front) {
        // Through the near wall at x across (seen from outside: angle grows to the right).
        const x = (p + 0.5) * pixelMm - spec.innerRadiusMm;
        const phi = Math.asin(Math.max(-1, Math.min(1, x / spec.innerRadiusMm)));
        theta = facing + phi;
        slant = 1 / Math.max(0.2, Math.cos(phi));
      } else {
        theta = ((p + 0.5) / width) * 2 * Math.PI;
      }
      const t = lampThicknessAt(geometry, theta, z);
      thickness[q * width + p] = t;
      path[q * width + p] = t * slant;
    }
  }
  const inside = new Uint8Array(width * height).fill(1);
  const thinnest = spec.minThicknessMm;
  const absorbed = Float32Array.from(path, (t) => Math.min(1, Math.exp(-k * (t - thinnest))));
  const [light] = lightThrough(
    { width, height, cellMm: pixelMm, thicknessMm: thickness, inside },
    greyLightModel(k, options.scatterPerMm),
    { thinnestMm: thinnest, absorbed: [absorbed] },
  );
  const rgb = new Uint8Array(width * height * 3).fill(BACKGROUND);
  for (let p = 0; p < width * height; p++) {
    const value = linearToSrgb(light![p]!);
    for (let c = 0; c < 3; c++) rgb[3 * p + c] = Math.round(WARM_WHITE[c]! * value);
  }
  return { width, height, rgb };
}
