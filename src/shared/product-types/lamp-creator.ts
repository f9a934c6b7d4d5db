/**
 * The lamp creator's rules (issue 48 item 2): the sizes on sale from the owner's `lamp_size` options,
 * the creator's state (a size, one to four photos with their crops) and what Add to Cart needs. Pure:
 * the server lists the sizes with `lampSizeOffers`, the web page runs `lampCreatorReducer`.
 */
import type { CropData, CropPixels, UploadedImage } from "../creator";
import {
  buildLampCartItem,
  isLampSizeId,
  LAMP_MAX_PHOTOS,
  LAMP_SIZE_OPTION_TYPE,
  type LampSizeId,
  lampCropAspect,
  lampSizeMm,
} from "./lamp";
import type { LampSizeOffer } from "./lamp-offer";

/** The product_options fields a lamp size is read from (value = the size id, price = priceModifier). */
export interface LampSizeRow {
  readonly value: string;
  readonly optionType: string;
  readonly name: string;
  readonly description: string | null;
  readonly status: string | null;
  readonly sortOrder: number;
  readonly priceModifier: number;
  readonly isActive: boolean;
}

/** The active lamp_size rows of known sizes, in the owner's order (the seam decides prices from the same rows). */
export function lampSizeOffers(rows: readonly LampSizeRow[]): LampSizeOffer[] {
  return rows
    .filter((row) => row.optionType === LAMP_SIZE_OPTION_TYPE && row.isActive && isLampSizeId(row.value))
    .slice()
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((row) =>
      isLampSizeId(row.value)
        ? [
            {
              id: row.value,
              name: row.name,
              description: row.description ?? "",
              pricePence: row.priceModifier,
              status: row.status === "coming_soon" ? ("coming_soon" as const) : ("enabled" as const),
              ...lampSizeMm(row.value),
            },
          ]
        : [],
    );
}

/** The sizes a new shop starts with (the owner changes prices and availability in the admin). */
export const LAMP_SEED_SIZES: readonly Omit<LampSizeRow, "isActive">[] = [
  {
    value: "small",
    optionType: LAMP_SIZE_OPTION_TYPE,
    name: "Small (80 x 120 mm)",
    description: "A bedside glow.",
    status: "enabled",
    sortOrder: 1,
    priceModifier: 3499,
  },
  {
    value: "medium",
    optionType: LAMP_SIZE_OPTION_TYPE,
    name: "Medium (100 x 150 mm)",
    description: "Our most chosen size.",
    status: "enabled",
    sortOrder: 2,
    priceModifier: 4499,
  },
  {
    value: "large",
    optionType: LAMP_SIZE_OPTION_TYPE,
    name: "Large (120 x 180 mm)",
    description: "A centrepiece for a shelf or a mantel.",
    status: "enabled",
    sortOrder: 3,
    priceModifier: 5499,
  },
];

export interface LampPhotoState {
  readonly image: UploadedImage;
  /** The cropper's view (null: not opened yet, cut centred). */
  readonly cropData: CropData | null;
  /** The chosen area in the upload's pixels (null: centred). */
  readonly cropPixels: CropPixels | null;
}

export interface LampCreatorState {
  readonly sizeId: LampSizeId | null;
  readonly photos: readonly LampPhotoState[];
}

export const INITIAL_LAMP_STATE: LampCreatorState = { sizeId: null, photos: [] };

export type LampCreatorAction =
  | { type: "chooseSize"; sizeId: LampSizeId }
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

/** The crop frame's aspect as the cropper takes it ("2.0944:1"): width / height of each photo. */
export function lampAspectRatioText(sizeId: LampSizeId, photos: number): string {
  return `${lampCropAspect(sizeId, Math.min(LAMP_MAX_PHOTOS, Math.max(1, photos))).toFixed(4)}:1`;
}

/** Another size or photo count changes every photo's frame: the crops start again, centred. */
function recropped(photos: readonly LampPhotoState[]): LampPhotoState[] {
  return photos.map((photo) => ({ image: photo.image, cropData: null, cropPixels: null }));
}

export function lampCreatorReducer(state: LampCreatorState, action: LampCreatorAction): LampCreatorState {
  switch (action.type) {
    case "chooseSize":
      return action.sizeId === state.sizeId
        ? state
        : { sizeId: action.sizeId, photos: recropped(state.photos) };
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
      if (!photo || !state.sizeId) return state;
      const base = photo.cropData ?? {
        x: 0,
        y: 0,
        zoom: 1,
        aspectRatio: lampAspectRatioText(state.sizeId, state.photos.length),
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
