/**
 * Each photo's framed part, sampled on a canvas in grey (main thread: the canvas and the decoded image
 * live here), for the lamp's preview build.
 */
import { previewSampleArea } from "@lithophane/backlight";
import { rgbaToGrey } from "@lithophane/preview";
import type { LampSample } from "./lampBuild";

/** A photo as the creator holds it: its URL, declared size and the crop in those pixels. */
export interface LampViewPhoto {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly cropPixels: { x: number; y: number; width: number; height: number } | null;
}

/** What the view is asked to show: the photos, the size and the filament it is printed in. */
export interface LampBuildInput {
  readonly photos: readonly LampViewPhoto[];
  readonly diameterMm: number;
  readonly heightMm: number;
  readonly aspect: number;
  readonly attenuationPerMm: number;
  readonly scatterPerMm: number;
}

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

async function sampleGrey(photo: LampViewPhoto, aspect: number): Promise<LampSample> {
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

/** Every photo's sample, in order round the lamp. */
export function sampleLampPhotos(input: LampBuildInput): Promise<LampSample[]> {
  return Promise.all(input.photos.map((photo) => sampleGrey(photo, input.aspect)));
}
