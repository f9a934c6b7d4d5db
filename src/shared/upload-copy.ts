/**
 * What the creator sends of a photo (issue 31, decision 325): not the phone's original but a
 * copy with the pixels the print can use, so a 12 MP photo is not 4 MB on a slow uplink.
 *
 * The print is made at 0.1 mm (PRINT_PX_PER_MM = 10) on a panel of at most the largest size the
 * shop sells. The crop step covers the panel with the photo ("cover"), so at zoom 1 the crop
 * spans at least the photo's short side across one of the panel's sides: a copy whose short side
 * is the largest panel side x 10 px/mm x the zoom headroom gives every sold panel at least
 * 0.1 mm detail up to that zoom, whatever the photo's aspect. Never upscaled, never more bytes
 * than the original: a photo already small enough goes as it is, and so does one whose copy
 * would come out larger than the file itself.
 */
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_FORMATS, type UploadImageFormat } from "./limits";
import { type CreatorOption, isSelectable } from "./options";

/** The print's finest relief grid, 0.1 mm: ten pixels of photo per millimetre of panel. */
export const PRINT_PX_PER_MM = 10;
/** The crop step's largest zoom (the creator's zoom slider). */
export const CREATOR_MAX_ZOOM = 3;
/**
 * How much of the crop step's zoom the copy keeps at full 0.1 mm detail on the largest panel.
 * 1: zoom 1 on the largest panel, and more on the smaller ones (decision 325 has the numbers
 * and why not CREATOR_MAX_ZOOM: 6000 px, more than a phone's original, would mean "always send
 * the original").
 */
export const UPLOAD_COPY_ZOOM_HEADROOM = 1;
/** JPEG quality of the copy: high enough that the relief keeps the photo's fine detail. */
export const UPLOAD_COPY_JPEG_QUALITY = 0.92;
/** The largest side of a sold panel when the catalogue names none (the 8" side of 6x8, 20 cm). */
export const FALLBACK_LARGEST_PANEL_MM = 200;

/** The longest side, in mm, of any size the shop sells now (selectable sizes only). */
export function largestSoldPanelMm(options: readonly CreatorOption[]): number {
  let largest = 0;
  for (const option of options) {
    if (option.optionType !== "size" || !isSelectable(option)) continue;
    largest = Math.max(largest, option.widthMm ?? 0, option.heightMm ?? 0);
  }
  return largest > 0 ? largest : FALLBACK_LARGEST_PANEL_MM;
}

/** The short side, in px, the copy needs: largest panel side x 10 px/mm x the zoom headroom. */
export function uploadCopyShortSidePx(
  largestPanelMm: number,
  zoomHeadroom: number = UPLOAD_COPY_ZOOM_HEADROOM,
): number {
  return Math.ceil(largestPanelMm * PRINT_PX_PER_MM * Math.min(Math.max(zoomHeadroom, 1), CREATOR_MAX_ZOOM));
}

export interface CopySize {
  readonly width: number;
  readonly height: number;
  /** False when the photo is already no larger than needed (it is never upscaled). */
  readonly scaled: boolean;
}

/** The copy's pixel size for an upright photo of width x height (aspect kept, never upscaled). */
export function uploadCopySize(width: number, height: number, shortSidePx: number): CopySize {
  const short = Math.min(width, height);
  if (!(short > shortSidePx)) return { width, height, scaled: false };
  const scale = shortSidePx / short;
  return {
    width: width <= height ? shortSidePx : Math.max(1, Math.round(width * scale)),
    height: width <= height ? Math.max(1, Math.round(height * scale)) : shortSidePx,
    scaled: true,
  };
}

/** Whether the server takes the file's type as it is (JPEG, PNG, WEBP); HEIC and others are not. */
export function isAcceptedAsIs(mimeType: string): boolean {
  const sub = mimeType.toLowerCase().replace(/^image\//, "");
  const format = sub === "jpg" ? "jpeg" : sub;
  return (
    mimeType.toLowerCase().startsWith("image/") && UPLOAD_IMAGE_FORMATS.includes(format as UploadImageFormat)
  );
}

/** HEIC/HEIF by type or, when the browser gives no type, by name (iPhones' default format). */
export function isHeic(mimeType: string, fileName: string): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(mimeType) || (!mimeType && /\.hei[cf]$/i.test(fileName));
}

export type UploadBodyChoice = "original" | "copy";

/**
 * Which file leaves the device: the original when the server takes its type and either no copy
 * was needed or the copy is not smaller; otherwise the copy (always, for a type the server does
 * not take, such as a HEIC the browser could decode). Null: neither may be sent (over 10 MB).
 */
export function chooseUploadBody(facts: {
  readonly originalBytes: number;
  readonly originalAcceptedAsIs: boolean;
  /** Null when no copy was made (the photo was small enough and its type accepted). */
  readonly copyBytes: number | null;
}): UploadBodyChoice | null {
  const { originalBytes, originalAcceptedAsIs, copyBytes } = facts;
  const originalFits = originalAcceptedAsIs && originalBytes <= MAX_UPLOAD_BYTES;
  if (copyBytes === null) return originalFits ? "original" : null;
  if (originalFits && originalBytes <= copyBytes) return "original";
  return copyBytes <= MAX_UPLOAD_BYTES ? "copy" : null;
}

/** Whether a copy must be made: the photo is larger than needed, or its type is not accepted as is. */
export function needsCopy(size: CopySize, originalAcceptedAsIs: boolean): boolean {
  return size.scaled || !originalAcceptedAsIs;
}

/** Where resumable (tus) uploads are created: POST here, then PATCH/HEAD its Location. */
export const RESUMABLE_UPLOADS_PATH = "/api/uploads/resumable";
