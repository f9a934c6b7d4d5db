import { BUNDLES, type Bundle, type BundleId, getBundle } from "./bundles";
import { CREATOR_MESSAGES } from "./creator-messages";
import { lightboxPricePence } from "./lightbox-price";
import type { DescribedToast } from "./messages";
import type { Pence } from "./money";
import { type CreatorOption, findOption, isSelectable, type OptionType, sizeAppliesToShape } from "./options";

/** The wizard's steps, in order (spec section 4 "Create wizard"). */
export const CREATOR_STEPS = ["upload", "processing", "shape", "frame-color", "size", "bundle"] as const;
export type CreatorStep = (typeof CREATOR_STEPS)[number];

/** Labels under the six numbered progress dots. */
export const CREATOR_STEP_LABELS: Readonly<Record<CreatorStep, string>> = {
  upload: "Upload",
  processing: "Processing",
  shape: "Shape",
  "frame-color": "Frame",
  size: "Size",
  bundle: "Bundle",
};

/** Steps whose choice is a product option, and the option type each one chooses. */
export type OptionStep = "processing" | "shape" | "frame-color" | "size";
export const OPTION_TYPE_FOR_STEP: Readonly<Record<OptionStep, OptionType>> = {
  processing: "processing",
  shape: "shape",
  "frame-color": "frame_color",
  size: "size",
};

export interface UploadedImage {
  /** The processed image shown and printed (the device's own preview while `pending`). */
  readonly url: string;
  /** The file as uploaded ("" while `pending`). */
  readonly originalUrl: string;
  readonly width: number;
  readonly height: number;
  /**
   * True while the photo is shown from the device and its upload is still running (issue 31):
   * the steps go on, but no cart line is made from it until the server's URLs replace these.
   */
  readonly pending?: boolean;
  /** The device's preview (a blob: URL), kept for display once the upload is stored. */
  readonly deviceUrl?: string;
}

/** The image the creator shows: the device's preview when there is one, else the server's. */
export function displayUrl(image: UploadedImage): string {
  return image.deviceUrl ?? image.url;
}

export type AspectRatio = "1:1" | "4:3" | "3:4";

/** react-easy-crop's view state: offset in px (0,0 is centred) and zoom. */
export interface CropData {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
  readonly aspectRatio: string;
}

/** The chosen area of the source image, in source pixels (what the print file is cut from). */
export interface CropPixels {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * An extra photo of a multi-lithophane bundle: like the main photo it can be moved and zoomed
 * in the frame; without a crop it is cut centred.
 */
export interface AdditionalImage extends UploadedImage {
  readonly cropData?: CropData;
  readonly cropPixels?: CropPixels | null;
}

export interface CreatorSelections {
  readonly image: UploadedImage | null;
  readonly processing: string | null;
  readonly shape: string | null;
  readonly frameColor: string | null;
  readonly size: string | null;
  readonly bundle: BundleId | null;
}

export interface CreatorState {
  readonly completed: Readonly<Record<CreatorStep, boolean>>;
  readonly selections: CreatorSelections;
  /**
   * Extra images for multi-lithophane bundles; never more than the chosen bundle needs. Without
   * a bundle (a reset by an earlier step's change) the photos already uploaded are kept.
   */
  readonly additionalImages: readonly AdditionalImage[];
  readonly cropData: CropData;
  readonly cropPixels: CropPixels | null;
  /**
   * Local contrast (CLAHE, issue 19): evens out light and shade so detail in shadows and bright
   * skies survives. Off by default; a finishing touch that no later step depends on, so choosing
   * another option keeps it.
   */
  readonly localContrast: boolean;
}

export const DEFAULT_CROP_DATA: CropData = { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" };

/**
 * True once the customer moved or zoomed a photo in its frame: the cropper reports its area as
 * soon as it opens, so having a crop is not the same as having positioned it (issue 30).
 */
export function isPositioned(cropData: Pick<CropData, "x" | "y" | "zoom"> | null | undefined): boolean {
  if (!cropData) return false;
  const moved = (value: number) => Math.abs(value) > 0.5; // half a screen pixel: a jitter, not a move
  return moved(cropData.x) || moved(cropData.y) || Math.abs(cropData.zoom - 1) > 0.001;
}

/**
 * A photo as the creator shows it: for a colour order the file as uploaded, in colour (issue 30:
 * the cropper and every thumbnail), else the greyscale preview. While the upload runs there is
 * no original yet, so the device's own preview stands in.
 */
export function photoAsShown<T extends UploadedImage>(image: T, processing: string | null): T {
  if (processing !== "colour" || image.originalUrl === "") return image;
  // The device's preview is greyscale too: shown first by displayUrl, it kept a colour order grey
  // (issue 47 item 9), so the colour original replaces it.
  const { deviceUrl: _greyOnDevice, ...rest } = image;
  return { ...rest, url: image.originalUrl } as T;
}

const NOTHING_COMPLETED: Readonly<Record<CreatorStep, boolean>> = {
  upload: false,
  processing: false,
  shape: false,
  "frame-color": false,
  size: false,
  bundle: false,
};

export const INITIAL_CREATOR_STATE: CreatorState = {
  completed: NOTHING_COMPLETED,
  selections: { image: null, processing: null, shape: null, frameColor: null, size: null, bundle: null },
  additionalImages: [],
  cropData: DEFAULT_CROP_DATA,
  cropPixels: null,
  localContrast: false,
};

export type CreatorAction =
  | { readonly type: "imageUploaded"; readonly image: UploadedImage }
  /** The upload of the photo shown from the device (`deviceUrl`) is stored: the server's URLs. */
  | { readonly type: "imageStored"; readonly deviceUrl: string; readonly image: UploadedImage }
  /** The upload of the photo shown from the device was refused or failed: the photo goes. */
  | { readonly type: "imageFailed"; readonly deviceUrl: string }
  /** The UI passes the clicked option itself, so the reducer can refuse coming_soon ones. */
  | { readonly type: "selectOption"; readonly step: OptionStep; readonly option: CreatorOption }
  | { readonly type: "selectBundle"; readonly bundleId: BundleId }
  | {
      readonly type: "setCrop";
      readonly cropData: Partial<CropData>;
      readonly cropPixels?: CropPixels | null;
    }
  | { readonly type: "addAdditionalImage"; readonly image: UploadedImage }
  | {
      readonly type: "setAdditionalCrop";
      readonly index: number;
      readonly cropData: Partial<CropData>;
      readonly cropPixels?: CropPixels | null;
    }
  | { readonly type: "removeAdditionalImage"; readonly index: number }
  | { readonly type: "setLocalContrast"; readonly on: boolean }
  | { readonly type: "reset" };

/** Which selection field each step fills. */
const SELECTION_KEY: Readonly<Record<CreatorStep, keyof CreatorSelections>> = {
  upload: "image",
  processing: "processing",
  shape: "shape",
  "frame-color": "frameColor",
  size: "size",
  bundle: "bundle",
};

export function stepIndex(step: CreatorStep): number {
  return CREATOR_STEPS.indexOf(step);
}

/** A step is open only if it is the first or the previous step is completed. */
export function isStepOpen(state: CreatorState, step: CreatorStep): boolean {
  const index = stepIndex(step);
  if (index === 0) return true;
  const previous = CREATOR_STEPS[index - 1];
  return previous !== undefined && state.completed[previous];
}

export function isStepCompleted(state: CreatorState, step: CreatorStep): boolean {
  return state.completed[step];
}

/** How many steps are completed (always a prefix of the six: the next one is the open one). */
export function completedCount(state: CreatorState): number {
  return CREATOR_STEPS.filter((step) => state.completed[step]).length;
}

/**
 * Whether a step counts as done for the progress dots and the step's check mark: its choice is
 * made and, for the bundle step, every extra photo the bundle takes is there (issue 20).
 */
export function isStepDone(state: CreatorState, step: CreatorStep): boolean {
  if (!state.completed[step]) return false;
  return step !== "bundle" || missingAdditionalImages(state) === 0;
}

/** How many progress dots are filled: the steps done by isStepDone. */
export function progressCount(state: CreatorState): number {
  return CREATOR_STEPS.filter((step) => isStepDone(state, step)).length;
}

/** The first step not yet completed (the one to expand), or null when all six are done. */
export function currentStep(state: CreatorState): CreatorStep | null {
  return CREATOR_STEPS.find((step) => !state.completed[step]) ?? null;
}

/**
 * Crop frame for a shape: square 1:1, rectangle (landscape) 4:3, rectangle-portrait 3:4;
 * hexagon and heart are cut from a 1:1 panel (see shapeClip). Unknown shapes get 1:1.
 */
export function aspectRatioForShape(shapeId: string | null | undefined): AspectRatio {
  if (shapeId === "rectangle") return "4:3";
  if (shapeId === "rectangle-portrait") return "3:4";
  return "1:1";
}

/** Width divided by height, for react-easy-crop's `aspect` prop: "4:3" -> 1.333… */
export function aspectRatioValue(ratio: string): number {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return match && width > 0 && height > 0 ? width / height : 1;
}

/** Shapes drawn by clipping the square panel; null for plain rectangles. */
export function shapeClip(shapeId: string | null | undefined): "hexagon" | "heart" | null {
  return shapeId === "hexagon" || shapeId === "heart" ? shapeId : null;
}

/** Active sizes that apply to the shape, in sort order; coming_soon ones included (shown dimmed). */
export function sizesForShape(
  options: readonly CreatorOption[],
  shapeId: string | null | undefined,
): CreatorOption[] {
  if (!shapeId) return [];
  return options
    .filter((o) => o.optionType === "size" && o.isActive && sizeAppliesToShape(o, shapeId))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

type MutableSelections = { -readonly [K in keyof CreatorSelections]: CreatorSelections[K] };

/** The selection fields filled by option steps (all hold an option id). */
const OPTION_SELECTION_KEY: Readonly<Record<OptionStep, "processing" | "shape" | "frameColor" | "size">> = {
  processing: "processing",
  shape: "shape",
  "frame-color": "frameColor",
  size: "size",
};

/**
 * Applies a step's new choice: marks the step completed and clears completion and choices of
 * every later step (the spec's rule; it also clears the size when the shape changes).
 */
function chooseForStep(
  state: CreatorState,
  step: CreatorStep,
  patch: Partial<CreatorSelections>,
): CreatorState {
  const completed = { ...state.completed, [step]: true };
  const selections: MutableSelections = { ...state.selections, ...patch };
  for (const later of CREATOR_STEPS.slice(stepIndex(step) + 1)) {
    completed[later] = false;
    selections[SELECTION_KEY[later]] = null;
  }
  // The extra photos are kept through a reset (issue 30): they do not depend on the choices,
  // and the next bundle chosen keeps as many as it takes (selectBundle).
  return { ...state, completed, selections };
}

/**
 * The later steps whose choices a new choice at `step` would reset (spec: changing a step's
 * choice clears every later step), in order; empty when nothing chosen would be lost. The
 * creator asks before it resets any (issue 30).
 */
export function stepsResetBy(state: CreatorState, step: CreatorStep): CreatorStep[] {
  return CREATOR_STEPS.slice(stepIndex(step) + 1).filter(
    (later) => state.completed[later] || state.selections[SELECTION_KEY[later]] !== null,
  );
}

/** Whether choosing `optionId` at `step` would change the step's choice (re-choosing is not a change). */
export function isNewChoice(state: CreatorState, step: OptionStep, optionId: string): boolean {
  return !(state.selections[OPTION_SELECTION_KEY[step]] === optionId && state.completed[step]);
}

/** Extra photos placed for another frame shape lose their placement (they are cut centred). */
function fitExtrasToAspect(extras: readonly AdditionalImage[], aspectRatio: AspectRatio): AdditionalImage[] {
  return extras.map((extra) =>
    extra.cropData && extra.cropData.aspectRatio !== aspectRatio
      ? { url: extra.url, originalUrl: extra.originalUrl, width: extra.width, height: extra.height }
      : extra,
  );
}

export function creatorReducer(state: CreatorState, action: CreatorAction): CreatorState {
  switch (action.type) {
    case "imageUploaded": {
      // A new photo invalidates the old crop. Replacing the photo keeps the later choices and
      // the extra photos (issue 20, decision 095): they do not depend on which photo it is.
      return {
        ...state,
        completed: { ...state.completed, upload: true },
        selections: { ...state.selections, image: action.image },
        cropData: { ...DEFAULT_CROP_DATA, aspectRatio: aspectRatioForShape(state.selections.shape) },
        cropPixels: null,
      };
    }
    case "imageStored": {
      const current = state.selections.image;
      // Only for the photo still shown: a replaced photo's late answer is ignored.
      if (!current?.pending || current.deviceUrl !== action.deviceUrl) return state;
      const image: UploadedImage = {
        url: action.image.url,
        originalUrl: action.image.originalUrl,
        width: action.image.width,
        height: action.image.height,
        deviceUrl: action.deviceUrl,
      };
      const sameSize = image.width === current.width && image.height === current.height;
      return {
        ...state,
        selections: { ...state.selections, image },
        cropPixels:
          state.cropPixels && !sameSize
            ? scaleCropPixels(state.cropPixels, current, image)
            : state.cropPixels,
      };
    }
    case "imageFailed": {
      const current = state.selections.image;
      if (!current?.pending || current.deviceUrl !== action.deviceUrl) return state;
      return {
        ...state,
        completed: { ...state.completed, upload: false },
        selections: { ...state.selections, image: null },
        cropPixels: null,
      };
    }
    case "selectOption": {
      const { step, option } = action;
      if (!isStepOpen(state, step)) return state;
      if (option.optionType !== OPTION_TYPE_FOR_STEP[step] || !isSelectable(option)) return state;
      if (step === "size") {
        const shape = state.selections.shape;
        if (!shape || !sizeAppliesToShape(option, shape)) return state;
      }
      // Re-choosing the current value is not a change: later steps stay as they are.
      if (!isNewChoice(state, step, option.id)) return state;
      const patch: Partial<MutableSelections> = {};
      patch[OPTION_SELECTION_KEY[step]] = option.id;
      const next = chooseForStep(state, step, patch);
      if (step !== "shape") return next;
      // A new shape changes the crop frame (size is cleared by the later-steps rule above).
      const aspectRatio = aspectRatioForShape(option.id);
      return {
        ...next,
        cropData: { ...DEFAULT_CROP_DATA, aspectRatio },
        cropPixels: null,
        additionalImages: fitExtrasToAspect(next.additionalImages, aspectRatio),
      };
    }
    case "selectBundle": {
      const bundle = getBundle(action.bundleId);
      if (!bundle || !isStepOpen(state, "bundle")) return state;
      if (state.selections.bundle === bundle.id) return state;
      const next = chooseForStep(state, "bundle", { bundle: bundle.id });
      // A smaller bundle keeps only as many extra images as it needs.
      return { ...next, additionalImages: state.additionalImages.slice(0, bundle.additionalImages) };
    }
    case "setCrop": {
      if (!state.selections.image) return state;
      const cropData = { ...state.cropData, ...action.cropData };
      if (![cropData.x, cropData.y, cropData.zoom].every(Number.isFinite) || cropData.zoom <= 0) return state;
      return {
        ...state,
        cropData,
        cropPixels: action.cropPixels === undefined ? state.cropPixels : action.cropPixels,
      };
    }
    case "addAdditionalImage": {
      const bundle = getBundle(state.selections.bundle);
      if (!bundle || state.additionalImages.length >= bundle.additionalImages) return state;
      return { ...state, additionalImages: [...state.additionalImages, action.image] };
    }
    case "setAdditionalCrop": {
      const extra = Number.isInteger(action.index) ? state.additionalImages[action.index] : undefined;
      if (!extra) return state;
      const cropData = {
        ...(extra.cropData ?? { ...DEFAULT_CROP_DATA, aspectRatio: state.cropData.aspectRatio }),
        ...action.cropData,
      };
      if (![cropData.x, cropData.y, cropData.zoom].every(Number.isFinite) || cropData.zoom <= 0) return state;
      const cropPixels = action.cropPixels === undefined ? (extra.cropPixels ?? null) : action.cropPixels;
      const updated: AdditionalImage = { ...extra, cropData, cropPixels };
      return {
        ...state,
        additionalImages: state.additionalImages.map((image, i) => (i === action.index ? updated : image)),
      };
    }
    case "removeAdditionalImage": {
      if (
        !Number.isInteger(action.index) ||
        action.index < 0 ||
        action.index >= state.additionalImages.length
      ) {
        return state;
      }
      return { ...state, additionalImages: state.additionalImages.filter((_, i) => i !== action.index) };
    }
    case "setLocalContrast": {
      if (!state.selections.image || state.localContrast === action.on) return state;
      return { ...state, localContrast: action.on };
    }
    case "reset":
      return INITIAL_CREATOR_STATE;
  }
}

/** The chosen bundle, with the owner's prices when `bundles` comes from the catalogue. */
export function selectedBundle(
  state: CreatorState,
  bundles: readonly Bundle[] = BUNDLES,
): Bundle | undefined {
  return getBundle(state.selections.bundle, bundles);
}

/** The extra photos a bundle takes besides the main one: its lithophane count minus one. */
export function requiredAdditionalImages(bundle: Pick<Bundle, "lithophaneCount">): number {
  return Math.max(0, bundle.lithophaneCount - 1);
}

/** How many more extra images the chosen bundle needs (0 without a bundle). */
export function missingAdditionalImages(state: CreatorState): number {
  const bundle = selectedBundle(state);
  if (!bundle) return 0;
  return Math.max(0, requiredAdditionalImages(bundle) - state.additionalImages.length);
}

/**
 * True when the crop lies inside a photo of `image`'s pixel size: finite, not negative, not
 * empty, and ending within the width and height (what the print file can be cut from).
 */
export function isCropWithinImage(
  crop: CropPixels,
  image: { readonly width: number; readonly height: number },
): boolean {
  const { x, y, width, height } = crop;
  if (![x, y, width, height, image.width, image.height].every(Number.isFinite)) return false;
  return (
    x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= image.width && y + height <= image.height
  );
}

export type LithophaneLineProblem = "photo-count" | "photo-missing" | "crop-outside";

/** What the rule needs to know about a lithophane line and its photos. */
export interface LithophaneLineFacts {
  readonly bundleId: string | null;
  /** How many additional photos the line names. */
  readonly additionalImageCount: number;
  /** The crop of the main photo in the original's pixels, if the line has one. */
  readonly cropPixels?: CropPixels | undefined;
  /** Pixel size of the stored main photo; null when it is not in the shop's storage. */
  readonly mainPhoto: { readonly width: number; readonly height: number } | null;
  /** Whether every additional photo (and the main photo's preview) is in the shop's storage. */
  readonly otherPhotosStored: boolean;
  /** The crop of each additional photo (null: cut centred), in its original's pixels. */
  readonly additionalCropPixels?: readonly (CropPixels | null)[] | undefined;
  /** Pixel size of each additional photo's original, in the same order (null when not stored). */
  readonly additionalPhotos?: readonly ({ readonly width: number; readonly height: number } | null)[];
}

/**
 * Whether a lithophane line can be made: as many additional photos as the bundle has
 * lithophanes minus one, every photo stored by the shop, and the crop inside the main photo.
 * The creator builds its lines by this rule and the server refuses any line that breaks it.
 * Null when the line can be made; otherwise the problem and the message to show.
 */
export function lithophaneLineProblem(
  facts: LithophaneLineFacts,
): { readonly problem: LithophaneLineProblem; readonly message: string } | null {
  const bundle = getBundle(facts.bundleId);
  const M = CREATOR_MESSAGES.creator.lineProblems;
  if (bundle && facts.additionalImageCount !== requiredAdditionalImages(bundle)) {
    return {
      problem: "photo-count",
      message: M.photoCount(bundle.name, requiredAdditionalImages(bundle), facts.additionalImageCount),
    };
  }
  if (!facts.mainPhoto || !facts.otherPhotosStored) {
    return { problem: "photo-missing", message: CREATOR_MESSAGES.creator.imageNotUploaded };
  }
  if (facts.cropPixels && !isCropWithinImage(facts.cropPixels, facts.mainPhoto)) {
    return { problem: "crop-outside", message: M.cropOutside };
  }
  const extraCrops = facts.additionalCropPixels ?? [];
  if (extraCrops.length > facts.additionalImageCount) {
    return { problem: "crop-outside", message: M.cropOutside };
  }
  for (const [index, crop] of extraCrops.entries()) {
    if (!crop) continue;
    const photo = facts.additionalPhotos?.[index];
    if (!photo || !isCropWithinImage(crop, photo)) return { problem: "crop-outside", message: M.cropOutside };
  }
  return null;
}

export type AddToCartProblem = "no-image" | "incomplete" | "additional-images";

export type AddToCartCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly problem: AddToCartProblem;
      readonly title: string;
      readonly description: string;
      /** The same text as a destructive toast, ready for the toaster. */
      readonly toast: DescribedToast;
    };

function failedCheck(problem: AddToCartProblem, toast: DescribedToast): AddToCartCheck {
  return { ok: false, problem, title: toast.title, description: toast.description, toast };
}

/**
 * Whether Add to Cart may proceed: image, processing, shape, frame colour, size and bundle
 * chosen and the bundle's extra images present. On failure, the toast to show.
 */
export function addToCartCheck(state: CreatorState): AddToCartCheck {
  const { selections } = state;
  if (!selections.image) {
    return failedCheck("no-image", CREATOR_MESSAGES.creator.noImage);
  }
  const bundle = selectedBundle(state);
  const everythingChosen =
    selections.processing && selections.shape && selections.frameColor && selections.size && bundle;
  if (!everythingChosen) {
    return failedCheck("incomplete", CREATOR_MESSAGES.creator.incompleteSelection);
  }
  const missing = missingAdditionalImages(state);
  if (missing > 0) {
    return failedCheck(
      "additional-images",
      CREATOR_MESSAGES.creator.additionalImagesRequired(missing, bundle.name),
    );
  }
  return { ok: true };
}

export function canAddToCart(state: CreatorState): boolean {
  return addToCartCheck(state).ok;
}

/**
 * A bundle card's figures with the choices made so far (issue 47 item 4): the price is what the
 * preview, the cart and the checkout will charge for that bundle (Colour's surcharge once per
 * panel, the shape, frame and size once); the struck-through undiscounted price carries the same
 * choices, so the card compares like with like. A choice not made yet adds nothing.
 */
export function bundleCardPrices(
  bundle: Pick<Bundle, "pricePence" | "undiscountedPence" | "lithophaneCount">,
  selections: Pick<CreatorSelections, "processing" | "shape" | "frameColor" | "size">,
  options: readonly CreatorOption[],
): { pricePence: Pence; undiscountedPence: Pence | null } {
  const chosen = {
    processing: findOption(options, "processing", selections.processing) ?? null,
    others: [
      findOption(options, "shape", selections.shape),
      findOption(options, "frame_color", selections.frameColor),
      findOption(options, "size", selections.size),
    ],
  };
  return {
    pricePence: lightboxPricePence(bundle, chosen),
    undiscountedPence:
      bundle.undiscountedPence === null
        ? null
        : lightboxPricePence(
            { pricePence: bundle.undiscountedPence, lithophaneCount: bundle.lithophaneCount },
            chosen,
          ),
  };
}

/** The price of a bundle with these four choices (lightboxPricePence's split). */
export function chosenLightboxPricePence(
  bundle: Pick<Bundle, "pricePence" | "lithophaneCount">,
  chosen: Pick<ChosenOptions, "processing" | "shape" | "frameColor" | "size">,
): Pence {
  return lightboxPricePence(bundle, {
    processing: chosen.processing,
    others: [chosen.shape, chosen.frameColor, chosen.size],
  });
}

export interface ChosenOptions {
  readonly processing: CreatorOption;
  readonly shape: CreatorOption;
  readonly frameColor: CreatorOption;
  readonly size: CreatorOption;
}

/**
 * Resolves the state's choices against an options list (e.g. FALLBACK_OPTIONS or the
 * fetched rows). Undefined when a choice is missing, unknown, not selectable, or the size
 * does not fit the shape.
 */
export function resolveChosenOptions(
  selections: Pick<CreatorSelections, "processing" | "shape" | "frameColor" | "size">,
  options: readonly CreatorOption[],
): ChosenOptions | undefined {
  const processing = findOption(options, "processing", selections.processing);
  const shape = findOption(options, "shape", selections.shape);
  const frameColor = findOption(options, "frame_color", selections.frameColor);
  const size = findOption(options, "size", selections.size);
  if (!processing || !shape || !frameColor || !size) return undefined;
  if (![processing, shape, frameColor, size].every(isSelectable)) return undefined;
  if (!sizeAppliesToShape(size, shape.id)) return undefined;
  return { processing, shape, frameColor, size };
}

/**
 * The preview's total once a bundle is chosen; null until the price can be known. `bundles`:
 * the catalogue's (the owner's prices), the spec's until it has answered.
 */
export function creatorPricePence(
  state: CreatorState,
  options: readonly CreatorOption[],
  bundles: readonly Bundle[] = BUNDLES,
): Pence | null {
  const bundle = selectedBundle(state, bundles);
  if (!bundle) return null;
  const chosen = resolveChosenOptions(state.selections, options);
  if (!chosen) return null;
  return chosenLightboxPricePence(bundle, chosen);
}

/**
 * react-easy-crop reports the crop in pixels of the image it shows (the web-size preview);
 * the print file is cut from the uploaded original. Scales the area from the shown image's
 * natural size to the source size, rounds to whole pixels and keeps it inside the source.
 * Null when a size is unusable.
 */
export function scaleCropPixels(
  area: CropPixels,
  shown: { readonly width: number; readonly height: number },
  source: { readonly width: number; readonly height: number },
): CropPixels | null {
  const sizes = [shown.width, shown.height, source.width, source.height];
  if (!sizes.every((n) => Number.isFinite(n) && n > 0)) return null;
  if (![area.x, area.y, area.width, area.height].every(Number.isFinite)) return null;
  const sx = source.width / shown.width;
  const sy = source.height / shown.height;
  const x = Math.min(Math.max(0, Math.round(area.x * sx)), source.width - 1);
  const y = Math.min(Math.max(0, Math.round(area.y * sy)), source.height - 1);
  const width = Math.max(1, Math.min(Math.round(area.width * sx), source.width - x));
  const height = Math.max(1, Math.min(Math.round(area.height * sy), source.height - y));
  return { x, y, width, height };
}

export { lightboxPricePence };
