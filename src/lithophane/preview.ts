import { buildIndexedMesh, buildPanelGeometry, type IndexedMesh } from "./geometry";
import { computeHeightmap } from "./heightmap";
import type { PanelOptions } from "./params";

/** Default grid spacing of the browser preview: coarse enough to build in a few milliseconds. */
export const PREVIEW_RESOLUTION_MM = 1;

/**
 * Low-resolution closed mesh for a three.js preview (x right, y up, relief towards +z, mm):
 * `new BufferGeometry().setAttribute("position", new BufferAttribute(positions, 3)).setIndex(new
 * BufferAttribute(indices, 1))`, then computeVertexNormals(). Browser-safe.
 */
export function buildPreviewGeometry(
  greyPixels: Uint8Array,
  width: number,
  height: number,
  options: PanelOptions,
): IndexedMesh & { triangles: number } {
  const resolutionMm = Math.max(
    options.resolutionMm ?? PREVIEW_RESOLUTION_MM,
    Math.min(options.widthMm, options.heightMm) / 400,
  );
  const heightmap = computeHeightmap(greyPixels, width, height, { ...options, resolutionMm });
  // The preview keeps the grid: coarse already, built in milliseconds, lit by its texture.
  const mesh = buildIndexedMesh(buildPanelGeometry(heightmap, { maxErrorMm: 0 }));
  return { ...mesh, triangles: mesh.indices.length / 3 };
}

/** Converts RGBA pixels (e.g. canvas ImageData) to the greyscale bytes the generator takes (Rec. 601 luma). */
export function rgbaToGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let k = 0, p = 0; k < grey.length; k++, p += 4) {
    const alpha = rgba[p + 3]! / 255;
    // Transparent areas read as white (thinnest), like the server's flatten onto white.
    const luma = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    grey[k] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return grey;
}
