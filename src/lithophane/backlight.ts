import { resolveCropRect } from "./crop";
import { buildIndexedMesh, buildPanelGeometry } from "./geometry";
import { computeHeightmap, type Heightmap } from "./heightmap";
import { absorbedLight, DEFAULT_SCATTER_PER_MM, greyLightModel, lightThrough } from "./light";
import { type Outline, outlineBounds, shapeOutline } from "./outline";
import { DEFAULTS, type ShapeId } from "./params";
import { PREVIEW_RESOLUTION_MM } from "./preview";
import { linearToSrgb } from "./tones";

/**
 * The backlit preview's optics, browser-safe and pure: how much of the box's light passes through each
 * point of the panel (Beer-Lambert, the same law the heightmap's thickness mapping inverts), and the
 * data a three.js view needs to draw it.
 */

/** An RGB colour, 0..255 per channel. */
export type Rgb = readonly [number, number, number];

/** Warm-white LEDs (about 3000 K) seen through white PLA: the colour of the thinnest, brightest areas. */
export const WARM_WHITE_BACKLIGHT: Rgb = [255, 232, 196];

/** Fraction of the light that passes through `thicknessMm` of filament: T1^t (Beer-Lambert). */
export function transmittedLight(
  thicknessMm: number,
  transmissionPerMm: number = DEFAULTS.transmissionPerMm,
): number {
  return transmissionPerMm ** Math.max(0, thicknessMm);
}

/**
 * Light through `thicknessMm` relative to the thinnest part of the panel (1 at min thickness, T1^(max-min)
 * at max thickness): how bright that point glows compared with the panel's brightest highlight.
 */
export function relativeBacklight(
  thicknessMm: number,
  minThicknessMm: number = DEFAULTS.minThicknessMm,
  transmissionPerMm: number = DEFAULTS.transmissionPerMm,
): number {
  const relative =
    transmittedLight(thicknessMm, transmissionPerMm) / transmittedLight(minThicknessMm, transmissionPerMm);
  return Math.min(1, Math.max(0, relative));
}

/**
 * The colour a point glows with (sRGB-encoded, as a screen shows it): the backlight scaled by the linear
 * light its thickness lets through.
 */
export function backlitColour(
  thicknessMm: number,
  minThicknessMm: number = DEFAULTS.minThicknessMm,
  transmissionPerMm: number = DEFAULTS.transmissionPerMm,
  backlight: Rgb = WARM_WHITE_BACKLIGHT,
): Rgb {
  const light = linearToSrgb(relativeBacklight(thicknessMm, minThicknessMm, transmissionPerMm));
  return [
    Math.round(backlight[0] * light),
    Math.round(backlight[1] * light),
    Math.round(backlight[2] * light),
  ];
}

/**
 * Linear light per grid point of the lit panel (1 at the panel's thinnest), by the shop's light model
 * (light.ts): Beer-Lambert with the panel's k, spread by the filament's scattering (sigma = s x the
 * thickness). Points outside a hexagon's or heart's outline keep their unscattered light (the mesh's
 * outline crossings interpolate towards them) and lend none to the panel.
 */
export function backlitLight(
  heightmap: Heightmap,
  scatterPerMm: number = DEFAULT_SCATTER_PER_MM,
): Float32Array {
  const { nx, ny, stepXMm, stepYMm, thicknessMm, signedDistanceMm, spec } = heightmap;
  const k = -Math.log(spec.transmissionPerMm);
  const inside = signedDistanceMm
    ? Uint8Array.from(signedDistanceMm, (d) => (d <= 0 ? 1 : 0))
    : new Uint8Array(nx * ny).fill(1);
  const [light] = lightThrough(
    { width: nx, height: ny, cellMm: (stepXMm + stepYMm) / 2, thicknessMm, inside },
    greyLightModel(k, scatterPerMm),
    { thinnestMm: spec.minThicknessMm },
  );
  const out = Float32Array.from(light!);
  for (let p = 0; p < out.length; p++) {
    if (!inside[p]) out[p] = absorbedLight(thicknessMm[p]!, k, spec.minThicknessMm);
  }
  return out;
}

/**
 * RGBA texels (nx x ny, row 0 = the heightmap's row 0 at y = 0) of the lit panel: each grid point shaded by
 * the light model (backlitLight), sRGB-encoded (the stage uploads it as an SRGBColorSpace texture). Upload
 * with flipY off and map with {@link previewUvs}.
 */
export function backlitTexture(
  heightmap: Heightmap,
  backlight: Rgb = WARM_WHITE_BACKLIGHT,
  scatterPerMm: number = DEFAULT_SCATTER_PER_MM,
): Uint8Array {
  const light = backlitLight(heightmap, scatterPerMm);
  const texels = new Uint8Array(light.length * 4);
  for (let k = 0, p = 0; k < light.length; k++, p += 4) {
    const encoded = linearToSrgb(light[k]!);
    texels[p] = Math.round(backlight[0] * encoded);
    texels[p + 1] = Math.round(backlight[1] * encoded);
    texels[p + 2] = Math.round(backlight[2] * encoded);
    texels[p + 3] = 255;
  }
  return texels;
}

/**
 * Texture coordinates for mesh positions (x, y in mm): grid vertex (i, j) lands on the centre of texel
 * (i, j), so the texture's samples sit exactly on the heightmap's; in-between points (outline crossings,
 * walls, the back face) interpolate.
 */
export function previewUvs(positions: Float32Array, heightmap: Heightmap): Float32Array {
  const { nx, ny, stepXMm, stepYMm } = heightmap;
  const uvs = new Float32Array((positions.length / 3) * 2);
  for (let v = 0, p = 0; p < positions.length; v += 2, p += 3) {
    uvs[v] = (positions[p]! / stepXMm + 0.5) / nx;
    uvs[v + 1] = (positions[p + 1]! / stepYMm + 0.5) / ny;
  }
  return uvs;
}

/** Default panel size per shape when no size is chosen yet: the shop's standard sizes. */
export function previewPanelSizeMm(
  shape: ShapeId,
  size?: { readonly widthMm?: number | undefined; readonly heightMm?: number | undefined } | null,
): { widthMm: number; heightMm: number } {
  if (size?.widthMm && size.heightMm) {
    const ratio = size.widthMm / size.heightMm;
    const fits =
      shape === "rectangle"
        ? ratio > 1
        : shape === "rectangle-portrait"
          ? ratio < 1
          : Math.abs(ratio - 1) <= 0.05;
    if (fits) return { widthMm: size.widthMm, heightMm: size.heightMm };
  }
  if (shape === "rectangle") return { widthMm: 200, heightMm: 150 };
  if (shape === "rectangle-portrait") return { widthMm: 150, heightMm: 200 };
  return { widthMm: 180, heightMm: 180 };
}

/** Longest side, in pixels, of the image the browser samples for the preview. */
export const PREVIEW_SAMPLE_PX = 160;

/** Where to read the photo for the preview and how large to draw it (canvas drawImage arguments). */
export interface PreviewSampleArea {
  /** Source rectangle in the loaded image's natural pixels. */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** Size of the downsampled greyscale image, at most `maxSide` on its long side. */
  width: number;
  height: number;
}

/**
 * The part of the photo the customer framed, in the loaded image's pixels, and the downsampled size to
 * draw it at. `cropPixels` is in the upload's declared size (`declared`), which may differ from the
 * loaded image (`natural`); without a crop the centred area at the panel's aspect is used (what the
 * cropper shows at zoom 1).
 */
export function previewSampleArea(
  cropPixels: { x: number; y: number; width: number; height: number } | null | undefined,
  declared: { width: number; height: number },
  natural: { width: number; height: number },
  panelAspect: number,
  maxSide: number = PREVIEW_SAMPLE_PX,
): PreviewSampleArea {
  const scaleX = natural.width / (declared.width > 0 ? declared.width : natural.width);
  const scaleY = natural.height / (declared.height > 0 ? declared.height : natural.height);
  const crop = cropPixels
    ? {
        x: cropPixels.x * scaleX,
        y: cropPixels.y * scaleY,
        width: cropPixels.width * scaleX,
        height: cropPixels.height * scaleY,
      }
    : undefined;
  const rect = resolveCropRect(crop, natural.width, natural.height, panelAspect);
  const longSide = Math.max(rect.width, rect.height);
  const scale = Math.min(1, maxSide / longSide);
  return {
    sx: rect.x,
    sy: rect.y,
    sw: rect.width,
    sh: rect.height,
    width: Math.max(1, Math.round(rect.width * scale)),
    height: Math.max(1, Math.round(rect.height * scale)),
  };
}

/** Everything a three.js view needs for the preview; typed arrays, so a worker can transfer them. */
export interface BacklitPreview {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  minThicknessMm: number;
  maxThicknessMm: number;
  borderMm: number;
  /** The filament's attenuation k per mm the tones were mapped with. */
  attenuationPerMm: number;
  /** The scattering the light was drawn with, sigma per mm of plastic (light.ts). */
  scatterPerMm: number;
  /** Whether local contrast (CLAHE) shaped the tones, as in the print file. */
  localContrast: boolean;
  positions: Float32Array;
  indices: Uint32Array;
  uvs: Float32Array;
  /** RGBA, textureWidth x textureHeight. */
  texture: Uint8Array;
  textureWidth: number;
  textureHeight: number;
  vertexCount: number;
  triangleCount: number;
}

/**
 * Greyscale image of the framed area -> the preview panel, through the same heightmap and mesh code as the
 * print file at a coarse grid (PREVIEW_RESOLUTION_MM or one point per sampled pixel, whichever is coarser:
 * about 26,000 vertices for a 180 mm square).
 */
export function buildBacklitPreview(
  grey: Uint8Array,
  width: number,
  height: number,
  panel: {
    shape: ShapeId;
    widthMm: number;
    heightMm: number;
    attenuationPerMm?: number | undefined;
    /** The filament's scattering (light.ts); the fitted default when absent. */
    scatterPerMm?: number | undefined;
    localContrast?: boolean | undefined;
  },
  backlight: Rgb = WARM_WHITE_BACKLIGHT,
): BacklitPreview {
  // No finer than the sampled photo: one grid point per pixel of a PREVIEW_SAMPLE_PX image at most.
  const resolutionMm = Math.max(
    PREVIEW_RESOLUTION_MM,
    Math.max(panel.widthMm, panel.heightMm) / PREVIEW_SAMPLE_PX,
  );
  const { attenuationPerMm, scatterPerMm, localContrast, ...shape } = panel;
  const heightmap = computeHeightmap(grey, width, height, {
    ...shape,
    resolutionMm,
    ...(attenuationPerMm !== undefined ? { attenuationPerMm } : {}),
    localContrast: localContrast === true,
  });
  // The grid, not the print's adaptive mesh: at this spacing it builds in milliseconds and the light is
  // the texture's (from the heightmap), so the picture is the same either way.
  const { positions, indices } = buildIndexedMesh(buildPanelGeometry(heightmap, { maxErrorMm: 0 }));
  const { spec } = heightmap;
  return {
    shape: spec.shape,
    widthMm: spec.widthMm,
    heightMm: spec.heightMm,
    minThicknessMm: spec.minThicknessMm,
    maxThicknessMm: spec.maxThicknessMm,
    borderMm: spec.borderMm,
    attenuationPerMm: spec.attenuationPerMm,
    scatterPerMm: scatterPerMm ?? DEFAULT_SCATTER_PER_MM,
    localContrast: spec.localContrast,
    positions,
    indices,
    uvs: previewUvs(positions, heightmap),
    texture: backlitTexture(heightmap, backlight, scatterPerMm ?? DEFAULT_SCATTER_PER_MM),
    textureWidth: heightmap.nx,
    textureHeight: heightmap.ny,
    vertexCount: positions.length / 3,
    triangleCount: indices.length / 3,
  };
}

/**
 * The panel's outline (rectangle, hexagon or heart) grown or shrunk about the panel's centre by `offsetMm`
 * on each side of its bounding box: a frame's outer edge (positive) and the opening over the lip
 * (negative). Counter-clockwise, in panel millimetres.
 */
export function offsetOutline(shape: ShapeId, widthMm: number, heightMm: number, offsetMm: number): Outline {
  const base = shapeOutline(shape, widthMm, heightMm) ?? {
    xs: Float64Array.from([0, widthMm, widthMm, 0]),
    ys: Float64Array.from([0, 0, heightMm, heightMm]),
  };
  // Scaled about the outline's own bounds, so the offset is offsetMm on every side of the shape itself.
  const { minX, maxX, minY, maxY } = outlineBounds(base);
  const sx = (maxX - minX + 2 * offsetMm) / (maxX - minX);
  const sy = (maxY - minY + 2 * offsetMm) / (maxY - minY);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return {
    xs: base.xs.map((x) => cx + (x - cx) * sx),
    ys: base.ys.map((y) => cy + (y - cy) * sy),
  };
}
