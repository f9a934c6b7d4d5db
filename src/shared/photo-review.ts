/**
 * Photo review (issue 17): the owner asks for a better photo for one panel of an order; the
 * customer uploads a replacement through a signed link, with the creator's crop tool and these
 * size checks; the panel's print file is then made again from the new photo.
 *
 * The size check: a print file samples the photo every 0.2 mm (the generator's resolution), so
 * a photo with fewer than MIN_PIXELS_PER_MM pixels per millimetre across the panel's shorter
 * side is stretched more than 2x and prints soft. The texts here are the customer's page and
 * the shop's checks; the admin's texts are in admin-messages.ts.
 */
import { type CropPixels, isCropWithinImage } from "./creator";

export const PHOTO_REQUEST_REASONS = ["too_dark", "too_small", "other"] as const;
export type PhotoRequestReason = (typeof PHOTO_REQUEST_REASONS)[number];

export const PHOTO_REQUEST_STATUSES = ["open", "replaced", "withdrawn"] as const;
export type PhotoRequestStatus = (typeof PHOTO_REQUEST_STATUSES)[number];

/** 2.5 px/mm: half the print's 0.2 mm sampling; below it a face turns visibly soft. */
export const MIN_PIXELS_PER_MM = 2.5;

/** How long the upload link in the e-mail works. */
export const PHOTO_LINK_DAYS = 30;

/** What the customer is told, by reason (the e-mail and the upload page say the same). */
export const PHOTO_REQUEST_REASON_TEXT: Readonly<Record<PhotoRequestReason, string>> = {
  too_dark:
    "The photo is quite dark: in a lithophane, dark areas become thick and block the light, so faces and details may be hard to see. A brighter photo will print better.",
  too_small:
    "The photo's resolution is low for the size you chose, so the print may look soft. A larger version (the original from your phone or camera) will print better.",
  other: "We would like a different photo for this panel.",
};

export const PHOTO_PAGE_TEXTS = {
  title: "Send a better photo",
  intro: (orderNumber: string) =>
    `We checked the photos of order #${orderNumber} before printing and would like a better one for this panel.`,
  panel: (panelNumber: number, panelCount: number) =>
    panelCount > 1 ? `Panel ${panelNumber} of ${panelCount}` : "Your lithophane",
  current: "The photo we have",
  choose: "Choose a new photo",
  position: "Position your photo in the frame",
  send: "Use this photo",
  sending: "Sending...",
  done: "Thank you! We have your new photo and will print your lithophane with it.",
  invalid: "This link is not valid. Please use the link in our latest e-mail.",
  expired: "This link has expired. Please write to us and we will send a new one.",
  used: "We already have your new photo for this panel, thank you. Write to us if you want to change it again.",
  withdrawn: "We no longer need a new photo for this panel. Thank you!",
  notStored: "Please upload the photo again: we could not find it.",
  cropOutside: "The crop does not fit in the photo. Please position it again.",
  tooSmall: (minShortSidePx: number) =>
    `This photo is too small for the size you chose: it needs at least ${minShortSidePx} pixels on its shorter side (after cropping). Please choose a larger photo.`,
} as const;

/** The fewest pixels the replacement's shorter side (after cropping) needs for a panel of this size. */
export function minShortSidePixels(panel: { widthMm: number; heightMm: number }): number {
  return Math.ceil(Math.min(panel.widthMm, panel.heightMm) * MIN_PIXELS_PER_MM);
}

export type PhotoReplacementProblem = "crop-outside" | "too-small";

/**
 * Whether a replacement can be printed: the crop (main panel only: the creator crops the main
 * photo, the others are centred) lies inside the photo, and the area that will be printed has
 * enough pixels for the panel's size. Null when it can.
 */
export function photoReplacementProblem(input: {
  photo: { width: number; height: number };
  crop: CropPixels | null;
  panel: { widthMm: number; heightMm: number };
}): { problem: PhotoReplacementProblem; message: string } | null {
  const { photo, crop, panel } = input;
  if (crop && !isCropWithinImage(crop, photo))
    return { problem: "crop-outside", message: PHOTO_PAGE_TEXTS.cropOutside };
  const area = crop ?? photo;
  const need = minShortSidePixels(panel);
  if (Math.min(area.width, area.height) < need)
    return { problem: "too-small", message: PHOTO_PAGE_TEXTS.tooSmall(need) };
  return null;
}
