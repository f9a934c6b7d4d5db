/**
 * The lamp's 3D preview from the photos as sampled (lampSample.ts): the shade's wall from the generator
 * (lampGeometry: the print's own tone mapping, coarser), its lit picture (lampPreview: the shop's light
 * model, read from outside) and the outer surface as a mesh the three.js stage draws. Pure: run in a
 * worker (lamp.worker.ts; the picture takes about a second), on the main thread where there is none.
 */
import { type LampGeometry, lampGeometry } from "@lithophane/lamp/geometry";
import { lampPreview } from "@lithophane/lamp/preview";

/** One photo's framed part in grey (one byte a pixel, top row first). */
export interface LampSample {
  readonly grey: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface LampBuildRequest {
  readonly samples: readonly LampSample[];
  readonly diameterMm: number;
  readonly heightMm: number;
  readonly attenuationPerMm: number;
  readonly scatterPerMm: number;
}

/** The outer wall as a grid mesh (three.js's y up, centred) and its lit picture (RGBA, bottom row first). */
export interface LampBuild {
  readonly positions: Float32Array;
  readonly uvs: Float32Array;
  readonly indices: Uint32Array;
  readonly texture: Uint8Array;
  readonly textureWidth: number;
  readonly textureHeight: number;
  readonly outerRadiusMm: number;
  readonly innerRadiusMm: number;
  readonly heightMm: number;
  readonly photos: number;
  readonly vertexCount: number;
}

/** Grid and picture spacing of the preview (mm): coarser than the print's 0.2 mm, quick to build. */
const PREVIEW_RESOLUTION_MM = 0.6;
const PREVIEW_PIXEL_MM = 0.5;
/** The outer surface: one ring of (columns + 1) points per row (the seam repeated for its texture). */
function wallMesh(geometry: LampGeometry) {
  const { columns, rowsZ, thicknessMm, spec } = geometry;
  const rows = rowsZ.length;
  const ring = columns + 1;
  const positions = new Float32Array(ring * rows * 3);
  const uvs = new Float32Array(ring * rows * 2);
  for (let j = 0; j < rows; j++) {
    const y = rowsZ[j]! - spec.heightMm / 2;
    for (let c = 0; c <= columns; c++) {
      const theta = (2 * Math.PI * c) / columns;
      const r = spec.innerRadiusMm + thicknessMm[j * columns + (c % columns)]!;
      const k = j * ring + c;
      // Seen from +z (outside), the angle grows to the right: the photos read unmirrored.
      positions[3 * k] = r * Math.sin(theta);
      positions[3 * k + 1] = y;
      positions[3 * k + 2] = r * Math.cos(theta);
      uvs[2 * k] = c / columns;
      uvs[2 * k + 1] = rowsZ[j]! / spec.heightMm;
    }
  }
  const indices = new Uint32Array((rows - 1) * columns * 6);
  let n = 0;
  for (let j = 0; j < rows - 1; j++) {
    for (let c = 0; c < columns; c++) {
      const a = j * ring + c;
      const b = a + 1;
      const d = a + ring;
      const e = d + 1;
      indices.set([a, b, e, a, e, d], n);
      n += 6;
    }
  }
  return { positions, uvs, indices, vertexCount: ring * rows };
}

export function buildLamp(input: LampBuildRequest): LampBuild {
  const geometry = lampGeometry([...input.samples], {
    diameterMm: input.diameterMm,
    heightMm: input.heightMm,
    resolutionMm: PREVIEW_RESOLUTION_MM,
    attenuationPerMm: input.attenuationPerMm,
    maxErrorMm: 0,
  });
  const picture = lampPreview(geometry, {
    view: "unrolled",
    pixelMm: PREVIEW_PIXEL_MM,
    attenuationPerMm: input.attenuationPerMm,
    scatterPerMm: input.scatterPerMm,
  });
  // RGBA, bottom row first (the texture's v = 0 is the lamp's foot).
  const { width, height, rgb } = picture;
  const texture = new Uint8Array(width * height * 4);
  for (let q = 0; q < height; q++) {
    const from = (height - 1 - q) * width;
    for (let p = 0; p < width; p++) {
      const s = 3 * (from + p);
      const t = 4 * (q * width + p);
      texture[t] = rgb[s]!;
      texture[t + 1] = rgb[s + 1]!;
      texture[t + 2] = rgb[s + 2]!;
      texture[t + 3] = 255;
    }
  }
  const mesh = wallMesh(geometry);
  return {
    ...mesh,
    texture,
    textureWidth: width,
    textureHeight: height,
    outerRadiusMm: geometry.spec.outerRadiusMm,
    innerRadiusMm: geometry.spec.innerRadiusMm,
    heightMm: geometry.spec.heightMm,
    photos: geometry.spec.photos,
  };
}
