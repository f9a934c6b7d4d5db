/**
 * The calibration wedge: a strip of flat steps from thin to thick, each with its thickness embossed on the
 * relief side (digits 0.6 mm proud), printed in the filament to calibrate. Lit from behind, the owner picks
 * the step that matches a reference card (or measures two steps' light) and the admin Calibration screen
 * turns that into the filament's attenuation k (tones.ts).
 */
import type { Heightmap } from "./heightmap";
import { gridVertexCount, resolvePanelSpec } from "./params";
import { wedgeSteps } from "./tones";

/** 3 x 5 pixel digits, rows top to bottom. */
const GLYPHS: Record<string, string[]> = {
  "0": ["###", "#.#", "#.#", "#.#", "###"],
  "1": [".#.", "##.", ".#.", ".#.", "###"],
  "2": ["###", "..#", "###", "#..", "###"],
  "3": ["###", "..#", "###", "..#", "###"],
  "4": ["#.#", "#.#", "###", "..#", "..#"],
  "5": ["###", "#..", "###", "..#", "###"],
  "6": ["###", "#..", "###", "#.#", "###"],
  "7": ["###", "..#", "..#", "..#", "..#"],
  "8": ["###", "#.#", "###", "#.#", "###"],
  "9": ["###", "#.#", "###", "..#", "###"],
  ".": ["...", "...", "...", "...", ".#."],
};

export interface WedgeOptions {
  steps?: number;
  fromMm?: number;
  toMm?: number;
  /** Width of one step; the wedge is steps x stepWidthMm wide. */
  stepWidthMm?: number;
  heightMm?: number;
}

export const EMBOSS_MM = 0.6;

/** The wedge the shop hands out: 10 steps of 14 x 30 mm from 0.6 to 3.0 mm. */
export const WEDGE_DEFAULTS = { steps: 10, fromMm: 0.6, toMm: 3.0, stepWidthMm: 14, heightMm: 30 } as const;
const PIXEL_MM = 1;

/** The wedge's heightmap (relief side up, read from the relief side: no mirroring). */
export function wedgeHeightmap(options: WedgeOptions = {}): Heightmap {
  const thicknesses = wedgeSteps(
    options.steps ?? WEDGE_DEFAULTS.steps,
    options.fromMm ?? WEDGE_DEFAULTS.fromMm,
    options.toMm ?? WEDGE_DEFAULTS.toMm,
  );
  const stepWidthMm = options.stepWidthMm ?? WEDGE_DEFAULTS.stepWidthMm;
  const heightMm = options.heightMm ?? WEDGE_DEFAULTS.heightMm;
  const widthMm = stepWidthMm * thicknesses.length;
  const spec = resolvePanelSpec({
    shape: "rectangle",
    widthMm,
    heightMm,
    resolutionMm: 0.2,
    minThicknessMm: Math.min(...thicknesses),
    maxThicknessMm: Math.max(...thicknesses) + EMBOSS_MM,
    borderMm: 0,
    front: "relief",
    autoLevels: false,
  });
  const nx = gridVertexCount(widthMm, spec.resolutionMm);
  const ny = gridVertexCount(heightMm, spec.resolutionMm);
  const stepXMm = widthMm / (nx - 1);
  const stepYMm = heightMm / (ny - 1);
  const thicknessMm = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) {
    const y = j * stepYMm;
    for (let i = 0; i < nx; i++) {
      const x = i * stepXMm;
      const step = Math.min(thicknesses.length - 1, Math.floor(x / stepWidthMm));
      const base = thicknesses[step]!;
      const label = base.toFixed(1);
      // The label sits in the upper part of the step, centred: (3 + 1) mm per character.
      const labelWidth = label.length * 4 * PIXEL_MM - PIXEL_MM;
      const left = step * stepWidthMm + (stepWidthMm - labelWidth) / 2;
      const top = heightMm - 4;
      const column = Math.floor((x - left) / PIXEL_MM);
      const row = Math.floor((top - y) / PIXEL_MM);
      let raised = false;
      if (column >= 0 && row >= 0 && row < 5) {
        const character = label[Math.floor(column / 4)];
        const glyphColumn = column % 4;
        raised = character !== undefined && glyphColumn < 3 && GLYPHS[character]![row]![glyphColumn] === "#";
      }
      thicknessMm[j * nx + i] = raised ? base + EMBOSS_MM : base;
    }
  }
  return { spec, nx, ny, stepXMm, stepYMm, thicknessMm, signedDistanceMm: null };
}
