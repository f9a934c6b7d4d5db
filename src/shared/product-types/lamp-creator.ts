/**
 * The lamp creator's rules (issue 48 item 2): the creator's state (a size, one to four photos with
 * their crops), the crop frame's aspect for the size's millimetres and what Add to Cart needs. Pure;
 * the sizes on sale are ./lamp-offer.ts's.
 */

import { lampPhotoAspect } from "@lithophane/lamp/params";
import type { CropData, CropPixels, UploadedImage } from "../creator";
import { buildLampCartItem, LAMP_MAX_PHOTOS, type LampSizeId } from "./lamp";
import type { LampSizeOffer } from "./lamp-offer";

export interface LampPhotoState {
  readonly image: UploadedImage;
  /** The cropper's view (null: not opened yet, cut centred). */
  readonly cropData: CropData | null;
  /** The chosen area in the upload's pixels (null: centred). */
  readonly cropPixels: CropPixels | null;
}

/** A size's millimetres: the crop frame's aspect follows them. */
export interface LampSizeMm {
  readonly diameterMm: number;
  readonly heightMm: number;
}

export interface LampCreatorState {
  readonly sizeId: LampSizeId | null;
  readonly sizeMm: LampSizeMm | null;
  readonly photos: readonly LampPhotoState[];
}

export const INITIAL_LAMP_STATE: LampCreatorState = { sizeId: null, sizeMm: null, photos: [] };

export type LampCreatorAction =
  | { type: "chooseSize"; size: Pick<LampSizeOffer, "id" | "diameterMm" | "heightMm"> }
  | { type: "addPhoto"; image: UploadedImage }
  | { type: "removePhoto"; index: number }
  | { type: "movePhoto"; index: number; by: -1 | 1 }
  | {
      type: "setCrop";
      index: number;
      crop: { x?: number; y?: number; zoom?: number };
      cropPixels?: CropPixels | null;
    }
  | { type: "reset" };

/** Width / height of each photo's crop on a lamp of these millimetres with this many photos. */
export function lampOfferAspect(size: LampSizeMm, photos: number): number {
  return lampPhotoAspect(size.diameterMm, size.heightMm, Math.min(LAMP_MAX_PHOTOS, Math.max(1, photos)));
}

/** The crop frame's aspect as the cropper takes it ("2.0944:1"). */
export function lampAspectRatioText(size: LampSizeMm, photos: number): string {
  return `${lampOfferAspect(size, photos).toFixed(4)}:1`;
}

/** Another size or photo count changes every photo's frame: the crops start again, centred. */
function recropped(photos: readonly LampPhotoState[]): LampPhotoState[] {
  return photos.map((photo) => ({ image: photo.image, cropData: null, cropPixels: null }));
}

export function lampCreatorReducer(state: LampCreatorState, action: LampCreatorAction): LampCreatorState {
  switch (action.type) {
    case "chooseSize": {
      const { id, diameterMm, heightMm } = action.size;
      if (
        id === state.sizeId &&
        diameterMm === state.sizeMm?.diameterMm &&
        heightMm === state.sizeMm.heightMm
      )
        return state;
      return { sizeId: id, sizeMm: { diameterMm, heightMm }, photos: recropped(state.photos) };
    }
    case "addPhoto":
      if (state.photos.length >= LAMP_MAX_PHOTOS) return state;
      return {
        ...state,
        photos: recropped([...state.photos, { image: action.image, cropData: null, cropPixels: null }]),
      };
    case "removePhoto":
      if (!state.photos[action.index]) return state;
      return { ...state, photos: recropped(state.photos.filter((_, i) => i !== action.index)) };
    case "movePhoto": {
      const to = action.index + action.by;
      const from = state.photos[action.index];
      const other = state.photos[to];
      if (!from || !other) return state;
      const photos = state.photos.slice();
      photos[to] = from;
      photos[action.index] = other;
      return { ...state, photos };
    }
    case "setCrop": {
      const photo = state.photos[action.index];
      if (!photo || !state.sizeMm) return state;
      const base = photo.cropData ?? {
        x: 0,
        y: 0,
        zoom: 1,
        aspectRatio: lampAspectRatioText(state.sizeMm, state.photos.length),
      };
      const next: LampPhotoState = {
        image: photo.image,
        cropData: { ...base, ...action.crop },
        cropPixels: action.cropPixels === undefined ? photo.cropPixels : action.cropPixels,
      };
      return { ...state, photos: state.photos.map((p, i) => (i === action.index ? next : p)) };
    }
    case "reset":
      return INITIAL_LAMP_STATE;
  }
}

/** The steps' order; each opens once the one before is done. */
export const LAMP_STEPS = ["size", "photos", "crop", "preview"] as const;
export type LampStep = (typeof LAMP_STEPS)[number];

export function isLampStepOpen(state: LampCreatorState, step: LampStep): boolean {
  if (step === "size") return true;
  if (step === "photos") return state.sizeId !== null;
  return state.sizeId !== null && state.photos.length > 0;
}

export type LampAddProblem = "no-size" | "size-unavailable" | "no-photos";

/** Whether Add to Cart can make a line now, and with which size offer. */
export function lampAddCheck(
  state: LampCreatorState,
  offers: readonly LampSizeOffer[],
): { ok: true; offer: LampSizeOffer } | { ok: false; problem: LampAddProblem } {
  if (!state.sizeId) return { ok: false, problem: "no-size" };
  const offer = offers.find((o) => o.id === state.sizeId);
  if (offer?.status !== "enabled") return { ok: false, problem: "size-unavailable" };
  if (state.photos.length === 0) return { ok: false, problem: "no-photos" };
  return { ok: true, offer };
}

/** The cart line for the lamp as chosen; null when Add to Cart cannot make one. */
export function lampCartLine(
  state: LampCreatorState,
  offers: readonly LampSizeOffer[],
  makeId?: () => string,
): ReturnType<typeof buildLampCartItem> {
  const check = lampAddCheck(state, offers);
  if (!check.ok) return null;
  return buildLampCartItem(
    {
      sizeId: check.offer.id,
      sizeName: check.offer.name,
      pricePence: check.offer.pricePence,
      photos: state.photos.map((photo) => ({
        url: photo.image.url,
        originalUrl: photo.image.originalUrl,
        cropPixels: photo.cropPixels ? { ...photo.cropPixels } : null,
      })),
    },
    ...(makeId ? [makeId] : []),
  );
}
