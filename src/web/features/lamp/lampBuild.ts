/**
 * The lamp's 3D preview, built from the photos as cropped: each photo sampled from its crop, the shade's
 * wall from the generator (lampGeometry: the print's own tone mapping, coarser), its lit picture
 * (lampPreview: the shop's light model, read from outside) and the outer surface as a mesh the
 * three.js stage draws. Runs in the browser, in the view's lazy chunk.
 */
import { previewSampleArea } from "@lithophane/backlight";
import { type LampGeometry, lampGeometry } from "@lithophane/lamp/geometry";
import { lampPreview } from "@lithophane/lamp/preview";
import { rgbaToGrey } from "@lithophane/preview";

/** A photo as the creator holds it: its URL, declared size and the crop in those pixels. */
export interface LampViewPhoto {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly cropPixels: { x: number; y: number; width: number; height: number } | null;
}

export interface LampBuildInput {
  readonly photos: readonly LampViewPhoto[];
  readonly diameterMm: number;
  readonly heightMm: number;
  readonly aspect: number;
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
/** Longest side a photo is sampled at. */
const SAMPLE_PX = 480;

const images = new Map<string, Promise<HTMLImageElement>>();

function loadImage(url: string): Promise<HTMLImageElement> {
  let pending = images.get(url);
  if (!pending) {
    const image = new Image();
    if (new URL(url, window.location.href).origin !== window.location.origin) image.crossOrigin = "anonymous";
    image.decoding = "async";
    image.src = url;
    pending = image.decode().then(() => image);
    pending.catch(() => images.delete(url));
    images.set(url, pending);
  }
  return pending;
}

async function sampleGrey(photo: LampViewPhoto, aspect: number) {
  const image = await loadImage(photo.url);
  const area = previewSampleArea(
    photo.cropPixels,
    { width: photo.width, height: photo.height },
    { width: image.naturalWidth, height: image.naturalHeight },
    aspect,
    SAMPLE_PX,
  );
  const canvas = document.createElement("canvas");
  canvas.width = area.width;
  canvas.height = area.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas to read the photo.");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, area.width, area.height);
  context.drawImage(image, area.sx, area.sy, area.sw, area.sh, 0, 0, area.width, area.height);
  const pixels = context.getImageData(0, 0, area.width, area.height).data;
  return { grey: rgbaToGrey(pixels, area.width, area.height), width: area.width, height: area.height };
}

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

export async function buildLamp(input: LampBuildInput): Promise<LampBuild> {
  const samples = await Promise.all(input.photos.map((photo) => sampleGrey(photo, input.aspect)));
  const geometry = lampGeometry(samples, {
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
