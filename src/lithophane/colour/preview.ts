/**
 * What the colour panel glows like, for the creator's 3D view and the render CLI: the predicted colour of
 * the quantised stack (the same model as the print file), as texels and with the panel's mesh.
 */
import { type BacklitPreview, PREVIEW_SAMPLE_PX, previewUvs, type Rgb } from "../backlight";
import { buildIndexedMesh, buildPanelGeometry } from "../geometry";
import { DEFAULT_SCATTER_PER_MM, lightThrough } from "../light";
import type { ShapeId } from "../params";
import { PREVIEW_RESOLUTION_MM } from "../preview";
import { linearToSrgb } from "../tones";
import { type ColourFilament, DEFAULT_COLOUR_FILAMENTS } from "./filaments";
import { type ColourPanelOptions, type ColourStack, computeColourStack } from "./model";

/** The eye adapts to the panel's white: by default the glow is shown with a neutral white backlight. */
export const NEUTRAL_BACKLIGHT: Rgb = [255, 255, 255];

/** Signal colour of the out-of-gamut hatching. */
export const OUT_OF_GAMUT_HATCH: Rgb = [20, 255, 120];

export interface ColourPreviewOptions {
  /** Light colour the panel's white glows with (sRGB bytes); default neutral. */
  backlight?: Rgb;
  /** Hatch the points whose photo colour the panel cannot make (diagonal stripes in OUT_OF_GAMUT_HATCH). */
  highlightOutOfGamut?: boolean;
  /** The filaments' scattering, sigma per mm of plastic (light.ts); the fitted default when absent. */
  scatterPerMm?: number;
}

/**
 * The stack's predicted glow (linear RGB, 3 per grid vertex) spread by the light model's scattering over
 * the whole stack's thickness, as the colour twin draws its preview (decision 338): one blur per channel.
 * Points outside the outline keep their unscattered light and lend none to the panel.
 */
export function scatteredColourLight(
  stack: ColourStack,
  scatterPerMm = DEFAULT_SCATTER_PER_MM,
): Float32Array {
  const { nx, ny, stepXMm, stepYMm, predictedLinear, inside, heightmap } = stack;
  if (scatterPerMm <= 0) return predictedLinear;
  const count = nx * ny;
  const absorbed = [0, 1, 2].map((c) =>
    Float32Array.from({ length: count }, (_, k) => predictedLinear[3 * k + c]!),
  );
  const spread = lightThrough(
    { width: nx, height: ny, cellMm: (stepXMm + stepYMm) / 2, thicknessMm: heightmap.thicknessMm, inside },
    { attenuationRgbPerMm: [1, 1, 1], scatterPerMm },
    { thinnestMm: 0, absorbed },
  );
  const out = Float32Array.from(predictedLinear);
  for (let k = 0; k < count; k++) {
    if (!inside[k]) continue;
    for (let c = 0; c < 3; c++) out[3 * k + c] = spread[c]![k]!;
  }
  return out;
}

/**
 * RGBA texels (nx x ny, row 0 = y = 0, model space like backlight.ts's backlitTexture: mirrored for the
 * flat front) of the lit colour panel, sRGB-encoded. Upload with flipY off and map with previewUvs.
 */
export function colourPreviewRgba(stack: ColourStack, options: ColourPreviewOptions = {}): Uint8Array {
  const { nx, ny, outOfGamut } = stack;
  const light = scatteredColourLight(stack, options.scatterPerMm);
  const backlight = options.backlight ?? NEUTRAL_BACKLIGHT;
  const tables = backlight.map((level) => srgbTable(level));
  const texels = new Uint8Array(nx * ny * 4);
  for (let k = 0, p = 0; k < nx * ny; k++, p += 4) {
    for (let c = 0; c < 3; c++) {
      const value = Math.min(1, Math.max(0, light[3 * k + c]!));
      texels[p + c] = tables[c]![Math.round(value * SRGB_TABLE_STEPS)]!;
    }
    texels[p + 3] = 255;
  }
  if (options.highlightOutOfGamut) hatch(texels, nx, ny, outOfGamut);
  return texels;
}

/**
 * The lit texels twice, plain and with the out-of-gamut points hatched, from one computation of the
 * light (the scattering is the costly part): for a view that shows both.
 */
export function colourPreviewTexelPair(
  stack: ColourStack,
  options: Omit<ColourPreviewOptions, "highlightOutOfGamut"> = {},
): { plain: Uint8Array; hatched: Uint8Array } {
  const plain = colourPreviewRgba(stack, { ...options, highlightOutOfGamut: false });
  const hatched = plain.slice();
  hatch(hatched, stack.nx, stack.ny, stack.outOfGamut);
  return { plain, hatched };
}

/** Linear light -> sRGB byte by table (a pow per texel and channel costs more than the rest of the preview). */
const SRGB_TABLE_STEPS = 16384;
const srgbTables = new Map<number, Uint8Array>();
function srgbTable(level: number): Uint8Array {
  let table = srgbTables.get(level);
  if (!table) {
    table = new Uint8Array(SRGB_TABLE_STEPS + 1);
    for (let k = 0; k <= SRGB_TABLE_STEPS; k++)
      table[k] = Math.round(level * linearToSrgb(k / SRGB_TABLE_STEPS));
    srgbTables.set(level, table);
  }
  return table;
}

/** Diagonal stripes of OUT_OF_GAMUT_HATCH over the out-of-gamut texels, in place. */
function hatch(texels: Uint8Array, nx: number, ny: number, outOfGamut: Uint8Array): void {
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      if (outOfGamut[k] && ((i + j) >> 1) % 3 === 0) texels.set(OUT_OF_GAMUT_HATCH, 4 * k);
    }
  }
}

/** RGBA mask (nx x ny): opaque OUT_OF_GAMUT_HATCH where the photo's colour is out of gamut, clear elsewhere. */
export function gamutMaskRgba(stack: ColourStack): Uint8Array {
  const mask = new Uint8Array(stack.nx * stack.ny * 4);
  for (let k = 0; k < stack.outOfGamut.length; k++) {
    if (!stack.outOfGamut[k]) continue;
    mask.set([...OUT_OF_GAMUT_HATCH, 255], 4 * k);
  }
  return mask;
}

/** The colour preview: a BacklitPreview (same fields the creator's stage draws) plus the gamut data. */
export interface ColourBacklitPreview extends BacklitPreview {
  /** Texels with the out-of-gamut points hatched, for "show what the panel cannot show". */
  highlightTexture: Uint8Array;
  /** Fraction of the panel whose photo colour is out of gamut (0..1). */
  outOfGamutFraction: number;
}

/**
 * RGBA of the framed area (canvas ImageData of the crop) -> the colour preview, on the same coarse grid as
 * buildBacklitPreview. The mesh is the whole stack's outer shape (front face flat, relief at the back).
 */
export function buildColourBacklitPreview(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  panel: {
    shape: ShapeId;
    widthMm: number;
    heightMm: number;
    scatterPerMm?: number | undefined;
  } & Partial<ColourPanelOptions>,
  filaments: readonly ColourFilament[] = DEFAULT_COLOUR_FILAMENTS,
  options: ColourPreviewOptions = {},
): ColourBacklitPreview {
  const resolutionMm = Math.max(
    PREVIEW_RESOLUTION_MM,
    Math.max(panel.widthMm, panel.heightMm) / PREVIEW_SAMPLE_PX,
  );
  const { scatterPerMm: panelScatter, ...stackPanel } = panel;
  const scatterPerMm = options.scatterPerMm ?? panelScatter ?? DEFAULT_SCATTER_PER_MM;
  const stack = computeColourStack(rgba, width, height, { ...stackPanel, resolutionMm }, filaments);
  const { positions, indices } = buildIndexedMesh(buildPanelGeometry(stack.heightmap, { maxErrorMm: 0 }));
  const { spec } = stack;
  const { highlightOutOfGamut, ...lit } = options;
  const { plain, hatched: highlightTexture } = colourPreviewTexelPair(stack, { ...lit, scatterPerMm });
  const texture = highlightOutOfGamut ? highlightTexture : plain;
  return {
    shape: spec.shape,
    widthMm: spec.widthMm,
    heightMm: spec.heightMm,
    minThicknessMm: spec.minThicknessMm,
    maxThicknessMm: spec.maxThicknessMm,
    borderMm: spec.borderMm,
    attenuationPerMm: spec.attenuationPerMm,
    scatterPerMm,
    localContrast: spec.localContrast,
    positions,
    indices,
    uvs: previewUvs(positions, stack.heightmap),
    texture,
    highlightTexture,
    textureWidth: stack.nx,
    textureHeight: stack.ny,
    vertexCount: positions.length / 3,
    triangleCount: indices.length / 3,
    outOfGamutFraction: stack.outOfGamutFraction,
  };
}
