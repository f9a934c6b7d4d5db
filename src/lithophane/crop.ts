import { LithophaneError } from "./errors";

/** A rectangle in source-image pixels: react-easy-crop's `croppedAreaPixels`, which the shop stores. */
export interface PixelCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * react-easy-crop's view state: `crop` offset plus `zoom`. The offset is in CSS pixels of the media as
 * displayed, so pass `mediaWidth` (react-easy-crop's `mediaSize.width`) to convert it; without it the offset
 * is read as source pixels (i.e. media displayed at natural size).
 */
export interface EasyCropPosition {
  x: number;
  y: number;
  zoom: number;
  /** Crop-area aspect (width / height); defaults to the panel's. */
  aspectRatio?: number;
  mediaWidth?: number;
}

export type CropInput = PixelCrop | EasyCropPosition;

/** A crop in source pixels (fractional), always inside the image and matching the panel's aspect ratio. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function invalidCrop(message: string): never {
  throw new LithophaneError("invalid-crop", message);
}

function finite(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    invalidCrop(`Crop ${name} must be a finite number, got ${JSON.stringify(value)}.`);
  }
  return value;
}

export function isPixelCrop(crop: CropInput): crop is PixelCrop {
  return "width" in crop && "height" in crop;
}

/** Converts react-easy-crop's {x, y, zoom} into the source-pixel area it shows (same maths as the library). */
export function easyCropToPixels(
  crop: EasyCropPosition,
  imageWidth: number,
  imageHeight: number,
  panelAspect: number,
): PixelCrop {
  const zoom = finite("zoom", crop.zoom);
  if (zoom <= 0) invalidCrop(`Crop zoom must be positive, got ${zoom}.`);
  const aspect = crop.aspectRatio === undefined ? panelAspect : finite("aspectRatio", crop.aspectRatio);
  if (aspect <= 0) invalidCrop(`Crop aspect ratio must be positive, got ${aspect}.`);
  const mediaWidth = crop.mediaWidth === undefined ? imageWidth : finite("mediaWidth", crop.mediaWidth);
  if (mediaWidth <= 0) invalidCrop(`Crop mediaWidth must be positive, got ${mediaWidth}.`);
  const displayScale = mediaWidth / imageWidth;
  // react-easy-crop's getCropSize: the largest rectangle of the aspect that fits the media.
  const fitsWidth = imageWidth > imageHeight * aspect;
  const cropWidth = fitsWidth ? imageHeight * aspect : imageWidth;
  const cropHeight = fitsWidth ? imageHeight : imageWidth / aspect;
  const width = cropWidth / zoom;
  const height = cropHeight / zoom;
  const offsetX = finite("x", crop.x) / displayScale;
  const offsetY = finite("y", crop.y) / displayScale;
  return {
    x: (imageWidth - width) / 2 - offsetX / zoom,
    y: (imageHeight - height) / 2 - offsetY / zoom,
    width,
    height,
  };
}

/**
 * Resolves any crop form to a rectangle inside the image with exactly the panel's aspect ratio: the area
 * is moved back inside the image if it overhangs (as react-easy-crop's restrictPosition does) and trimmed
 * about its centre if its aspect differs, so the photo is never stretched.
 */
export function resolveCropRect(
  crop: CropInput | undefined,
  imageWidth: number,
  imageHeight: number,
  panelAspect: number,
): CropRect {
  if (!(imageWidth >= 1 && imageHeight >= 1)) {
    throw new LithophaneError("invalid-image", `Image size ${imageWidth} x ${imageHeight} is empty.`);
  }
  let area: PixelCrop;
  if (crop === undefined) {
    area = { x: 0, y: 0, width: imageWidth, height: imageHeight };
  } else if (isPixelCrop(crop)) {
    area = {
      x: finite("x", crop.x),
      y: finite("y", crop.y),
      width: finite("width", crop.width),
      height: finite("height", crop.height),
    };
    if (area.width <= 0 || area.height <= 0) {
      invalidCrop(`Crop width and height must be positive, got ${area.width} x ${area.height}.`);
    }
    if (
      area.x >= imageWidth ||
      area.y >= imageHeight ||
      area.x + area.width <= 0 ||
      area.y + area.height <= 0
    ) {
      invalidCrop(
        `Crop ${area.width}x${area.height}+${area.x}+${area.y} lies outside the ${imageWidth}x${imageHeight} image.`,
      );
    }
  } else {
    area = easyCropToPixels(crop, imageWidth, imageHeight, panelAspect);
  }

  // Larger than the image (zoom < 1): shrink to fit, keeping the aspect.
  const shrink = Math.min(1, imageWidth / area.width, imageHeight / area.height);
  if (shrink < 1) {
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    area = {
      x: cx - (area.width * shrink) / 2,
      y: cy - (area.height * shrink) / 2,
      width: area.width * shrink,
      height: area.height * shrink,
    };
  }
  // Match the panel's aspect ratio by trimming the longer side about the centre.
  const aspect = area.width / area.height;
  if (Math.abs(aspect / panelAspect - 1) > 0.005) {
    if (aspect > panelAspect) {
      const width = area.height * panelAspect;
      area = { ...area, x: area.x + (area.width - width) / 2, width };
    } else {
      const height = area.width / panelAspect;
      area = { ...area, y: area.y + (area.height - height) / 2, height };
    }
  }
  // Move back inside the image.
  const x = Math.min(Math.max(area.x, 0), imageWidth - area.width);
  const y = Math.min(Math.max(area.y, 0), imageHeight - area.height);
  return { x: Math.max(0, x), y: Math.max(0, y), width: area.width, height: area.height };
}
