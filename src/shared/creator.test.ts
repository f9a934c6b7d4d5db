import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUNDLE_IDS, type BundleId, getBundle } from "./bundles";
import {
  addToCartCheck,
  aspectRatioForShape,
  aspectRatioValue,
  bundleCardPrices,
  CREATOR_STEP_LABELS,
  CREATOR_STEPS,
  type CreatorAction,
  type CreatorState,
  canAddToCart,
  completedCount,
  creatorPricePence,
  creatorReducer,
  currentStep,
  DEFAULT_CROP_DATA,
  displayUrl,
  INITIAL_CREATOR_STATE,
  isCropWithinImage,
  isNewChoice,
  isPositioned,
  isStepDone,
  isStepOpen,
  lightboxPricePence,
  lithophaneLineProblem,
  missingAdditionalImages,
  type OptionStep,
  photoAsShown,
  progressCount,
  requiredAdditionalImages,
  resolveChosenOptions,
  shapeClip,
  sizesForShape,
  stepsResetBy,
  type UploadedImage,
} from "./creator";
import { CREATOR_MESSAGES } from "./creator-messages";
import { CREATOR_TEXTS } from "./creator-texts";
import {
  type CreatorOption,
  FALLBACK_OPTIONS,
  findOption,
  type OptionType,
  SEED_COLOUR_PRICE_MODIFIER_PENCE,
  SEED_OPTIONS,
} from "./options";

const image = (name: string): UploadedImage => ({
  url: `/uploads/${name}.png`,
  originalUrl: `/uploads/${name}-original.jpg`,
  width: 1600,
  height: 1200,
});

const opt = (type: OptionType, id: string): CreatorOption => {
  const found = findOption(FALLBACK_OPTIONS, type, id);
  if (!found) throw new Error(`no fallback option ${type}:${id}`);
  return found;
};

const select = (step: OptionStep, type: OptionType, id: string): CreatorAction => ({
  type: "selectOption",
  step,
  option: opt(type, id),
});

const run = (actions: readonly CreatorAction[], from: CreatorState = INITIAL_CREATOR_STATE) =>
  actions.reduce(creatorReducer, from);

const UP_TO_SIZE: CreatorAction[] = [
  { type: "imageUploaded", image: image("main") },
  select("processing", "processing", "grayscale"),
  select("shape", "shape", "square"),
  select("frame-color", "frame_color", "white"),
  select("size", "size", "7x7"),
];

const complete = (bundleId: BundleId = "starter") => run([...UP_TO_SIZE, { type: "selectBundle", bundleId }]);

describe("photoAsShown", () => {
  const photo = { url: "/p-preview.webp", originalUrl: "/p.jpg", width: 4000, height: 3000 };
  it("shows a colour order's photo as uploaded, in colour", () => {
    expect(photoAsShown(photo, "colour").url).toBe("/p.jpg");
  });
  it("shows the greyscale preview for any other processing, or before one is chosen", () => {
    expect(photoAsShown(photo, "grayscale").url).toBe("/p-preview.webp");
    expect(photoAsShown(photo, null).url).toBe("/p-preview.webp");
  });
  it("is shown in colour once stored, although the device's greyscale preview is kept for display", () => {
    const stored = { ...photo, deviceUrl: "blob:grey-on-device" };
    expect(displayUrl(photoAsShown(stored, "colour"))).toBe("/p.jpg");
    expect(displayUrl(photoAsShown(stored, "grayscale"))).toBe("blob:grey-on-device");
  });
  it("keeps the device's preview while the upload runs", () => {
    expect(photoAsShown({ ...photo, originalUrl: "", pending: true }, "colour").url).toBe("/p-preview.webp");
  });
});

describe("isPositioned", () => {
  it("is false for no crop, the centred default and a cropper's sub-pixel jitter; true once moved or zoomed", () => {
    expect(isPositioned(null)).toBe(false);
    expect(isPositioned(DEFAULT_CROP_DATA)).toBe(false);
    expect(isPositioned({ x: 0.2, y: -0.3, zoom: 1 })).toBe(false);
    expect(isPositioned({ x: 12, y: 0, zoom: 1 })).toBe(true);
    expect(isPositioned({ x: 0, y: -4, zoom: 1 })).toBe(true);
    expect(isPositioned({ x: 0, y: 0, zoom: 1.5 })).toBe(true);
  });
});

describe("steps", () => {
  it("are the spec's six steps with the progress-dot labels", () => {
    expect(CREATOR_STEPS).toEqual(["upload", "processing", "shape", "frame-color", "size", "bundle"]);
    expect(CREATOR_STEPS.map((s) => CREATOR_STEP_LABELS[s])).toEqual([
      "Upload",
      "Processing",
      "Shape",
      "Frame",
      "Size",
      "Bundle",
    ]);
  });

  it("start with only the upload step open and nothing completed", () => {
    expect(CREATOR_STEPS.filter((s) => isStepOpen(INITIAL_CREATOR_STATE, s))).toEqual(["upload"]);
    expect(completedCount(INITIAL_CREATOR_STATE)).toBe(0);
    expect(currentStep(INITIAL_CREATOR_STATE)).toBe("upload");
    expect(INITIAL_CREATOR_STATE.cropData).toEqual({ x: 0, y: 0, zoom: 1, aspectRatio: "1:1" });
  });

  it("open one after another as each is completed", () => {
    const actions: CreatorAction[] = [...UP_TO_SIZE, { type: "selectBundle", bundleId: "starter" }];
    let state = INITIAL_CREATOR_STATE;
    actions.forEach((action, index) => {
      const nextStep = CREATOR_STEPS[index + 1];
      if (nextStep) expect(isStepOpen(state, nextStep)).toBe(false);
      state = creatorReducer(state, action);
      expect(completedCount(state)).toBe(index + 1);
      if (nextStep) {
        expect(isStepOpen(state, nextStep)).toBe(true);
        expect(currentStep(state)).toBe(nextStep);
      }
    });
    expect(currentStep(state)).toBeNull();
  });
});

describe("imageUploaded", () => {
  it("stores the image and completes the upload step", () => {
    const state = run([{ type: "imageUploaded", image: image("a") }]);
    expect(state.selections.image).toEqual(image("a"));
    expect(state.completed.upload).toBe(true);
    expect(isStepOpen(state, "processing")).toBe(true);
  });

  it("a new image keeps every later choice and the extra photos, and resets the main crop (decision 095)", () => {
    const gift = run(
      [
        { type: "addAdditionalImage", image: image("x") },
        {
          type: "setCrop",
          cropData: { x: 5, y: 6, zoom: 2 },
          cropPixels: { x: 1, y: 1, width: 10, height: 10 },
        },
      ],
      complete("gift"),
    );
    const state = creatorReducer(gift, { type: "imageUploaded", image: image("b") });
    expect(state.selections).toEqual({ ...gift.selections, image: image("b") });
    expect(state.completed).toEqual(gift.completed);
    expect(state.additionalImages).toEqual(gift.additionalImages);
    expect(completedCount(state)).toBe(6);
    expect(state.cropData).toEqual({ x: 0, y: 0, zoom: 1, aspectRatio: "1:1" });
    expect(state.cropPixels).toBeNull();
  });

  it("a new image keeps the shape's crop frame", () => {
    const landscape = run([
      { type: "imageUploaded", image: image("a") },
      select("processing", "processing", "grayscale"),
      select("shape", "shape", "rectangle"),
    ]);
    const state = creatorReducer(landscape, { type: "imageUploaded", image: image("b") });
    expect(state.cropData.aspectRatio).toBe("4:3");
    expect(state.selections.shape).toBe("rectangle");
  });
});

describe("progress (isStepDone, progressCount)", () => {
  it("counts the bundle step only once its extra photos are all there", () => {
    const gift = complete("gift");
    expect(completedCount(gift)).toBe(6);
    expect(isStepDone(gift, "bundle")).toBe(false);
    expect(isStepDone(gift, "size")).toBe(true);
    expect(progressCount(gift)).toBe(5);
    const one = creatorReducer(gift, { type: "addAdditionalImage", image: image("x") });
    expect(progressCount(one)).toBe(5);
    const both = creatorReducer(one, { type: "addAdditionalImage", image: image("y") });
    expect(isStepDone(both, "bundle")).toBe(true);
    expect(progressCount(both)).toBe(6);
    const removed = creatorReducer(both, { type: "removeAdditionalImage", index: 0 });
    expect(progressCount(removed)).toBe(5);
  });

  it("counts a one-photo bundle at once, and nothing before it is chosen", () => {
    expect(progressCount(complete("starter"))).toBe(6);
    expect(progressCount(run(UP_TO_SIZE))).toBe(5);
    expect(progressCount(INITIAL_CREATOR_STATE)).toBe(0);
    expect(isStepDone(INITIAL_CREATOR_STATE, "upload")).toBe(false);
  });
});

describe("setAdditionalCrop", () => {
  const withExtras = () =>
    run(
      [
        { type: "addAdditionalImage", image: image("x") },
        { type: "addAdditionalImage", image: image("y") },
      ],
      complete("gift"),
    );

  it("keeps each extra photo's own crop, starting from the shape's frame", () => {
    const pixels = { x: 10, y: 20, width: 300, height: 300 };
    const state = creatorReducer(withExtras(), {
      type: "setAdditionalCrop",
      index: 1,
      cropData: { x: 4, zoom: 1.5 },
      cropPixels: pixels,
    });
    expect(state.additionalImages[1]?.cropData).toEqual({ x: 4, y: 0, zoom: 1.5, aspectRatio: "1:1" });
    expect(state.additionalImages[1]?.cropPixels).toEqual(pixels);
    expect(state.additionalImages[0]?.cropData).toBeUndefined();
    // A later move keeps the pixels until new ones are reported.
    const moved = creatorReducer(state, { type: "setAdditionalCrop", index: 1, cropData: { y: 3 } });
    expect(moved.additionalImages[1]?.cropData).toMatchObject({ x: 4, y: 3, zoom: 1.5 });
    expect(moved.additionalImages[1]?.cropPixels).toEqual(pixels);
  });

  it("ignores unknown indexes and unusable values", () => {
    const state = withExtras();
    expect(creatorReducer(state, { type: "setAdditionalCrop", index: 2, cropData: { x: 1 } })).toBe(state);
    expect(creatorReducer(state, { type: "setAdditionalCrop", index: -1, cropData: { x: 1 } })).toBe(state);
    expect(creatorReducer(state, { type: "setAdditionalCrop", index: 0, cropData: { zoom: 0 } })).toBe(state);
    expect(creatorReducer(state, { type: "setAdditionalCrop", index: 0, cropData: { x: Number.NaN } })).toBe(
      state,
    );
  });

  it("goes with its photo when an earlier one is removed", () => {
    const state = creatorReducer(withExtras(), { type: "setAdditionalCrop", index: 1, cropData: { x: 7 } });
    const removed = creatorReducer(state, { type: "removeAdditionalImage", index: 0 });
    expect(removed.additionalImages[0]?.url).toBe("/uploads/y.png");
    expect(removed.additionalImages[0]?.cropData?.x).toBe(7);
  });
});

describe("setLocalContrast", () => {
  it("needs a photo, and is off by default", () => {
    expect(INITIAL_CREATOR_STATE.localContrast).toBe(false);
    expect(run([{ type: "setLocalContrast", on: true }])).toBe(INITIAL_CREATOR_STATE);
  });

  it("is kept when later choices change, and a reset turns it off", () => {
    const on = run([...UP_TO_SIZE.slice(0, 2), { type: "setLocalContrast", on: true }]);
    expect(on.localContrast).toBe(true);
    const later = run([...UP_TO_SIZE.slice(2), select("processing", "processing", "grayscale")], on);
    expect(later.localContrast).toBe(true);
    const replaced = run([{ type: "imageUploaded", image: image("other") }], later);
    expect(replaced.localContrast).toBe(true);
    expect(run([{ type: "reset" }], later).localContrast).toBe(false);
  });

  it("setting the same value returns the same state", () => {
    const on = run([UP_TO_SIZE[0]!, { type: "setLocalContrast", on: true }]);
    expect(creatorReducer(on, { type: "setLocalContrast", on: true })).toBe(on);
  });
});

describe("selectOption", () => {
  it("is ignored while the step is closed", () => {
    const state = INITIAL_CREATOR_STATE;
    expect(creatorReducer(state, select("processing", "processing", "grayscale"))).toBe(state);
    const uploaded = run([{ type: "imageUploaded", image: image("a") }]);
    expect(creatorReducer(uploaded, select("shape", "shape", "square"))).toBe(uploaded);
    expect(creatorReducer(uploaded, select("size", "size", "7x7"))).toBe(uploaded);
  });

  it("ignores coming_soon options", () => {
    const afterProcessing = run(UP_TO_SIZE.slice(0, 2));
    expect(creatorReducer(afterProcessing, select("shape", "shape", "heart"))).toBe(afterProcessing);
    const uploaded = run(UP_TO_SIZE.slice(0, 1));
    expect(creatorReducer(uploaded, select("processing", "processing", "colour"))).toBe(uploaded);
    const beforeSize = run(UP_TO_SIZE.slice(0, 4));
    expect(creatorReducer(beforeSize, select("size", "size", "9x9"))).toBe(beforeSize);
  });

  it("ignores inactive options", () => {
    const uploaded = run(UP_TO_SIZE.slice(0, 1));
    const inactive = { ...opt("processing", "grayscale"), isActive: false };
    expect(creatorReducer(uploaded, { type: "selectOption", step: "processing", option: inactive })).toBe(
      uploaded,
    );
  });

  it("ignores an option of the wrong type for the step", () => {
    const uploaded = run(UP_TO_SIZE.slice(0, 1));
    const action: CreatorAction = {
      type: "selectOption",
      step: "processing",
      option: opt("shape", "square"),
    };
    expect(creatorReducer(uploaded, action)).toBe(uploaded);
  });

  it("ignores a size that does not fit the chosen shape", () => {
    const beforeSize = run(UP_TO_SIZE.slice(0, 4));
    expect(creatorReducer(beforeSize, select("size", "size", "6x8"))).toBe(beforeSize);
    expect(creatorReducer(beforeSize, select("size", "size", "8x6"))).toBe(beforeSize);
  });

  it("accepts a size that lists no shapes for any shape", () => {
    const beforeSize = run(UP_TO_SIZE.slice(0, 4));
    const universal: CreatorOption = { ...opt("size", "6x8"), shapeIds: [] };
    const state = creatorReducer(beforeSize, { type: "selectOption", step: "size", option: universal });
    expect(state.selections.size).toBe("6x8");
  });

  it("stores each step's choice", () => {
    const state = run(UP_TO_SIZE);
    expect(state.selections).toMatchObject({
      processing: "grayscale",
      shape: "square",
      frameColor: "white",
      size: "7x7",
      bundle: null,
    });
  });

  it("changing a choice clears completion and choices of every later step", () => {
    const done = complete("gift");
    const state = creatorReducer(done, select("processing", "processing", "grayscale"));
    // Same value: not a change.
    expect(state).toBe(done);

    const changedFrame = creatorReducer(done, select("frame-color", "frame_color", "gold"));
    expect(changedFrame.selections).toMatchObject({
      processing: "grayscale",
      shape: "square",
      frameColor: "gold",
      size: null,
      bundle: null,
    });
    expect(changedFrame.completed).toEqual({
      upload: true,
      processing: true,
      shape: true,
      "frame-color": true,
      size: false,
      bundle: false,
    });
    expect(isStepOpen(changedFrame, "size")).toBe(true);
    expect(isStepOpen(changedFrame, "bundle")).toBe(false);
  });

  it("changing the shape clears the size (and later) and sets the crop ratio", () => {
    const done = complete();
    const state = creatorReducer(done, select("shape", "shape", "rectangle"));
    expect(state.selections.shape).toBe("rectangle");
    expect(state.selections.frameColor).toBeNull();
    expect(state.selections.size).toBeNull();
    expect(state.selections.bundle).toBeNull();
    expect(state.cropData.aspectRatio).toBe("4:3");
    expect(completedCount(state)).toBe(3);
    const portrait = creatorReducer(state, select("shape", "shape", "rectangle-portrait"));
    expect(portrait.cropData.aspectRatio).toBe("3:4");
  });

  it("changing the size clears the bundle but keeps its extra photos for the next bundle (issue 30)", () => {
    const gift = run([{ type: "addAdditionalImage", image: image("x") }], complete("gift"));
    const squareWithUniversal: CreatorOption = { ...opt("size", "6x8"), shapeIds: null };
    const state = creatorReducer(gift, { type: "selectOption", step: "size", option: squareWithUniversal });
    expect(state.selections.bundle).toBeNull();
    expect(state.additionalImages.map((i) => i.url)).toEqual(["/uploads/x.png"]);
    const again = creatorReducer(state, { type: "selectBundle", bundleId: "family" });
    expect(again.additionalImages.map((i) => i.url)).toEqual(["/uploads/x.png"]);
    expect(missingAdditionalImages(again)).toBe(3);
  });

  it("changing processing after all six steps names the steps it resets and keeps the extra photos (issue 30)", () => {
    const gift = run(
      [
        { type: "addAdditionalImage", image: image("e1") },
        { type: "addAdditionalImage", image: image("e2") },
        { type: "setAdditionalCrop", index: 0, cropData: { x: 3, zoom: 1.4 } },
      ],
      complete("gift"),
    );
    expect(stepsResetBy(gift, "processing")).toEqual(["shape", "frame-color", "size", "bundle"]);
    expect(stepsResetBy(gift, "size")).toEqual(["bundle"]);
    expect(stepsResetBy(gift, "bundle")).toEqual([]);
    expect(stepsResetBy(run(UP_TO_SIZE.slice(0, 2)), "processing")).toEqual([]);
    expect(isNewChoice(gift, "processing", "grayscale")).toBe(false);
    expect(isNewChoice(gift, "processing", "colour")).toBe(true);

    const colour: CreatorOption = { ...opt("processing", "colour"), status: "enabled" };
    const changed = creatorReducer(gift, { type: "selectOption", step: "processing", option: colour });
    expect(changed.selections).toMatchObject({ processing: "colour", shape: null, bundle: null });
    expect(changed.additionalImages.map((i) => i.url)).toEqual(["/uploads/e1.png", "/uploads/e2.png"]);
    // The same square shape again keeps the extra photo's placement; another shape drops it.
    const square = creatorReducer(changed, select("shape", "shape", "square"));
    expect(square.additionalImages[0]?.cropData).toMatchObject({ x: 3, zoom: 1.4 });
    const landscape = creatorReducer(changed, select("shape", "shape", "rectangle"));
    expect(landscape.additionalImages[0]?.cropData).toBeUndefined();
    expect(landscape.additionalImages).toHaveLength(2);

    const labels = stepsResetBy(gift, "processing").map((step) => CREATOR_STEP_LABELS[step]);
    expect(CREATOR_TEXTS.resetConfirm.title(CREATOR_STEP_LABELS.processing)).toBe("Change processing?");
    expect(CREATOR_TEXTS.resetConfirm.description(labels, 2)).toBe(
      "This clears your shape, frame, size and bundle choices, so you choose them again. Your photo and your 2 extra photos are kept.",
    );
    expect(CREATOR_TEXTS.resetConfirm.description(["Bundle"], 0)).toBe(
      "This clears your bundle choice, so you choose it again. Your photo is kept.",
    );
  });
});

describe("selectBundle", () => {
  it("is ignored until the size step is completed", () => {
    const beforeSize = run(UP_TO_SIZE.slice(0, 4));
    expect(creatorReducer(beforeSize, { type: "selectBundle", bundleId: "starter" })).toBe(beforeSize);
  });

  it("ignores an unknown bundle id", () => {
    const ready = run(UP_TO_SIZE);
    const action = { type: "selectBundle", bundleId: "mega" } as unknown as CreatorAction;
    expect(creatorReducer(ready, action)).toBe(ready);
  });

  it("completes the last step", () => {
    const state = complete("family");
    expect(state.selections.bundle).toBe("family");
    expect(completedCount(state)).toBe(6);
  });

  it("switching to a smaller bundle keeps only the extra images it needs", () => {
    const family = run(
      [1, 2, 3, 4].map((n): CreatorAction => ({ type: "addAdditionalImage", image: image(`extra${n}`) })),
      complete("family"),
    );
    expect(family.additionalImages).toHaveLength(4);
    const gift = creatorReducer(family, { type: "selectBundle", bundleId: "gift" });
    expect(gift.additionalImages.map((i) => i.url)).toEqual(["/uploads/extra1.png", "/uploads/extra2.png"]);
    const starter = creatorReducer(gift, { type: "selectBundle", bundleId: "starter" });
    expect(starter.additionalImages).toEqual([]);
  });
});

describe("additional images", () => {
  it("are accepted only up to the bundle's need", () => {
    const gift = complete("gift");
    expect(missingAdditionalImages(gift)).toBe(2);
    const one = creatorReducer(gift, { type: "addAdditionalImage", image: image("e1") });
    expect(missingAdditionalImages(one)).toBe(1);
    const two = creatorReducer(one, { type: "addAdditionalImage", image: image("e2") });
    expect(missingAdditionalImages(two)).toBe(0);
    expect(creatorReducer(two, { type: "addAdditionalImage", image: image("e3") })).toBe(two);
  });

  it("are refused without a bundle or for the single-lithophane bundle", () => {
    const ready = run(UP_TO_SIZE);
    expect(creatorReducer(ready, { type: "addAdditionalImage", image: image("e") })).toBe(ready);
    const starter = complete("starter");
    expect(creatorReducer(starter, { type: "addAdditionalImage", image: image("e") })).toBe(starter);
    expect(missingAdditionalImages(ready)).toBe(0);
  });

  it("can be removed by index; a bad index is ignored", () => {
    const gift = run(
      [
        { type: "addAdditionalImage", image: image("e1") },
        { type: "addAdditionalImage", image: image("e2") },
      ],
      complete("gift"),
    );
    const removed = creatorReducer(gift, { type: "removeAdditionalImage", index: 0 });
    expect(removed.additionalImages.map((i) => i.url)).toEqual(["/uploads/e2.png"]);
    expect(creatorReducer(gift, { type: "removeAdditionalImage", index: 2 })).toBe(gift);
    expect(creatorReducer(gift, { type: "removeAdditionalImage", index: -1 })).toBe(gift);
    expect(creatorReducer(gift, { type: "removeAdditionalImage", index: 0.5 })).toBe(gift);
  });
});

describe("setCrop", () => {
  it("needs an image", () => {
    const state = INITIAL_CREATOR_STATE;
    expect(creatorReducer(state, { type: "setCrop", cropData: { zoom: 2 } })).toBe(state);
  });

  it("merges crop values and keeps or replaces the pixel area without touching the steps", () => {
    const done = complete();
    const pixels = { x: 10, y: 20, width: 800, height: 800 };
    const cropped = creatorReducer(done, {
      type: "setCrop",
      cropData: { x: 3, zoom: 1.5 },
      cropPixels: pixels,
    });
    expect(cropped.cropData).toEqual({ x: 3, y: 0, zoom: 1.5, aspectRatio: "1:1" });
    expect(cropped.cropPixels).toEqual(pixels);
    expect(cropped.completed).toEqual(done.completed);
    const moved = creatorReducer(cropped, { type: "setCrop", cropData: { y: 4 } });
    expect(moved.cropPixels).toEqual(pixels);
    expect(creatorReducer(moved, { type: "setCrop", cropData: {}, cropPixels: null }).cropPixels).toBeNull();
  });

  it("refuses a non-finite or non-positive zoom", () => {
    const done = complete();
    expect(creatorReducer(done, { type: "setCrop", cropData: { zoom: 0 } })).toBe(done);
    expect(creatorReducer(done, { type: "setCrop", cropData: { x: Number.NaN } })).toBe(done);
  });
});

describe("reset", () => {
  it("returns to the initial state", () => {
    expect(creatorReducer(complete("family"), { type: "reset" })).toEqual(INITIAL_CREATOR_STATE);
  });
});

describe("shapes and sizes", () => {
  it("map shapes to crop ratios and clips", () => {
    expect(aspectRatioForShape("square")).toBe("1:1");
    expect(aspectRatioForShape("rectangle")).toBe("4:3");
    expect(aspectRatioForShape("rectangle-portrait")).toBe("3:4");
    expect(aspectRatioForShape("hexagon")).toBe("1:1");
    expect(aspectRatioForShape("heart")).toBe("1:1");
    expect(aspectRatioForShape(null)).toBe("1:1");
    expect(shapeClip("hexagon")).toBe("hexagon");
    expect(shapeClip("heart")).toBe("heart");
    expect(shapeClip("square")).toBeNull();
  });

  it("turn ratios into numbers", () => {
    expect(aspectRatioValue("4:3")).toBeCloseTo(4 / 3);
    expect(aspectRatioValue("3:4")).toBe(0.75);
    expect(aspectRatioValue("1:1")).toBe(1);
    expect(aspectRatioValue("nonsense")).toBe(1);
    expect(aspectRatioValue("0:1")).toBe(1);
  });

  it("filter sizes by shape, in sort order, coming-soon ones included", () => {
    expect(sizesForShape(FALLBACK_OPTIONS, "square").map((o) => o.id)).toEqual(["7x7", "9x9", "12x12"]);
    expect(sizesForShape(FALLBACK_OPTIONS, "rectangle").map((o) => o.id)).toEqual(["6x8", "7.5x10", "9x12"]);
    expect(sizesForShape(FALLBACK_OPTIONS, "rectangle-portrait").map((o) => o.id)).toEqual([
      "8x6",
      "10x7.5",
      "12x9",
    ]);
    expect(sizesForShape(FALLBACK_OPTIONS, "heart").map((o) => o.id)).toEqual(["7x7", "9x9", "12x12"]);
    expect(sizesForShape(FALLBACK_OPTIONS, null)).toEqual([]);
  });

  it("include sizes without shapes for every shape, and leave inactive ones out", () => {
    const universal: CreatorOption = { ...opt("size", "9x9"), id: "any", shapeIds: null, sortOrder: 0 };
    const inactive: CreatorOption = { ...opt("size", "7x7"), id: "old", isActive: false };
    const ids = sizesForShape([...FALLBACK_OPTIONS, universal, inactive], "rectangle").map((o) => o.id);
    expect(ids).toEqual(["any", "6x8", "7.5x10", "9x12"]);
  });
});

describe("addToCartCheck", () => {
  it("asks for an image first", () => {
    const check = addToCartCheck(INITIAL_CREATOR_STATE);
    expect(check).toMatchObject({
      ok: false,
      problem: "no-image",
      title: "No image selected",
      description: "Please upload an image first.",
    });
    expect(canAddToCart(INITIAL_CREATOR_STATE)).toBe(false);
  });

  it("refuses while a step is unfinished", () => {
    for (let steps = 1; steps <= UP_TO_SIZE.length; steps++) {
      expect(addToCartCheck(run(UP_TO_SIZE.slice(0, steps)))).toMatchObject({
        ok: false,
        problem: "incomplete",
      });
    }
  });

  it("asks for the bundle's missing extra images, with the count and bundle name", () => {
    expect(addToCartCheck(complete("family"))).toMatchObject({
      ok: false,
      problem: "additional-images",
      title: "Additional images required",
      description: "Please upload 4 more image(s) for your Everlasting Collection.",
    });
    const oneMissing = run([{ type: "addAdditionalImage", image: image("e1") }], complete("gift"));
    const check = addToCartCheck(oneMissing);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.description).toBe("Please upload 1 more image(s) for your Keepsake Collection.");
      expect(check.toast).toEqual({
        title: check.title,
        description: check.description,
        variant: "destructive",
      });
    }
  });

  it("passes once everything is chosen", () => {
    expect(addToCartCheck(complete("starter"))).toEqual({ ok: true });
    const gift = run(
      [
        { type: "addAdditionalImage", image: image("e1") },
        { type: "addAdditionalImage", image: image("e2") },
      ],
      complete("gift"),
    );
    expect(canAddToCart(gift)).toBe(true);
  });
});

describe("prices", () => {
  it("add every chosen option's modifier to the bundle price, processing once per panel", () => {
    const bundle = getBundle("gift")!;
    expect(lightboxPricePence(bundle, { others: [] })).toBe(9315);
    // Issue 30 item 4: a Keepsake of 3 colour panels pays the £15 surcharge 3 times.
    expect(
      lightboxPricePence(bundle, {
        processing: { priceModifierPence: 1500 },
        others: [null, { priceModifierPence: 250 }],
      }),
    ).toBe(9315 + 3 * 1500 + 250);
    expect(
      lightboxPricePence(getBundle("starter")!, { processing: { priceModifierPence: 1500 }, others: [] }),
    ).toBe(5450 + 1500);
  });

  it("price each bundle card with the choices so far: the total the preview shows, Colour per panel (issue 47)", () => {
    const colour = SEED_OPTIONS;
    const upToSize = run(UP_TO_SIZE);
    const state = { ...upToSize, selections: { ...upToSize.selections, processing: "colour" } };
    for (const id of BUNDLE_IDS) {
      const bundle = getBundle(id)!;
      const card = bundleCardPrices(bundle, state.selections, colour);
      const chosen = { ...state, selections: { ...state.selections, bundle: id } };
      expect(card.pricePence, id).toBe(creatorPricePence(chosen, colour));
      expect(card.pricePence, id).toBe(
        bundle.pricePence + bundle.lithophaneCount * SEED_COLOUR_PRICE_MODIFIER_PENCE,
      );
      // The struck price carries the same choices.
      expect(card.undiscountedPence, id).toBe(
        bundle.undiscountedPence === null
          ? null
          : bundle.undiscountedPence + bundle.lithophaneCount * SEED_COLOUR_PRICE_MODIFIER_PENCE,
      );
    }
    // Before any choice, the card is the bundle's own price.
    expect(bundleCardPrices(getBundle("gift")!, INITIAL_CREATOR_STATE.selections, colour)).toEqual({
      pricePence: 9315,
      undiscountedPence: 10350,
    });
  });

  it("give the preview total once a bundle is chosen", () => {
    expect(creatorPricePence(run(UP_TO_SIZE), FALLBACK_OPTIONS)).toBeNull();
    expect(creatorPricePence(complete("starter"), FALLBACK_OPTIONS)).toBe(5450);
    expect(creatorPricePence(complete("family"), FALLBACK_OPTIONS)).toBe(12963);
    const pricier = FALLBACK_OPTIONS.map((o) => (o.id === "gold" ? { ...o, priceModifierPence: 500 } : o));
    const gold = run(
      [
        select("frame-color", "frame_color", "gold"),
        select("size", "size", "7x7"),
        { type: "selectBundle", bundleId: "gift" },
      ],
      complete(),
    );
    expect(creatorPricePence(gold, pricier)).toBe(9815);
  });

  it("resolve chosen options only when all exist, are selectable and fit together", () => {
    const selections = { processing: "grayscale", shape: "square", frameColor: "white", size: "7x7" };
    expect(resolveChosenOptions(selections, FALLBACK_OPTIONS)?.size.id).toBe("7x7");
    expect(resolveChosenOptions({ ...selections, size: "6x8" }, FALLBACK_OPTIONS)).toBeUndefined();
    expect(resolveChosenOptions({ ...selections, size: "9x9" }, FALLBACK_OPTIONS)).toBeUndefined();
    expect(resolveChosenOptions({ ...selections, frameColor: "pink" }, FALLBACK_OPTIONS)).toBeUndefined();
    expect(resolveChosenOptions({ ...selections, processing: null }, FALLBACK_OPTIONS)).toBeUndefined();
  });
});

describe("any sequence of actions", () => {
  const optionSteps: readonly [OptionStep, OptionType][] = [
    ["processing", "processing"],
    ["shape", "shape"],
    ["frame-color", "frame_color"],
    ["size", "size"],
  ];
  const actionArbitrary: fc.Arbitrary<CreatorAction> = fc.oneof(
    fc
      .constantFrom("a", "b", "c")
      .map((name): CreatorAction => ({ type: "imageUploaded", image: image(name) })),
    fc
      .constantFrom(...optionSteps)
      .chain(([step, type]) =>
        fc
          .constantFrom(...FALLBACK_OPTIONS.filter((o) => o.optionType === type))
          .map((option): CreatorAction => ({ type: "selectOption", step, option })),
      ),
    fc.constantFrom(...BUNDLE_IDS).map((bundleId): CreatorAction => ({ type: "selectBundle", bundleId })),
    fc
      .constantFrom("x", "y")
      .map((name): CreatorAction => ({ type: "addAdditionalImage", image: image(name) })),
    fc.integer({ min: -1, max: 4 }).map((index): CreatorAction => ({ type: "removeAdditionalImage", index })),
    fc
      .record({ x: fc.integer({ min: -50, max: 50 }), zoom: fc.double({ min: 0.5, max: 3, noNaN: true }) })
      .map((cropData): CreatorAction => ({ type: "setCrop", cropData })),
    fc.constant<CreatorAction>({ type: "reset" }),
  );

  it("keep the wizard consistent", () => {
    fc.assert(
      fc.property(fc.array(actionArbitrary, { maxLength: 40 }), (actions) => {
        const state = run(actions);
        const { selections, completed } = state;
        // Completed steps always form a prefix, so the open steps are exactly the next one.
        const count = completedCount(state);
        CREATOR_STEPS.forEach((step, index) => {
          expect(completed[step]).toBe(index < count);
          expect(isStepOpen(state, step)).toBe(index <= count);
        });
        // A completed step has its choice; an uncompleted one has none.
        const chosen = [
          selections.image,
          selections.processing,
          selections.shape,
          selections.frameColor,
          selections.size,
          selections.bundle,
        ];
        for (const [index, value] of chosen.entries()) expect(value !== null).toBe(index < count);
        // Only selectable options, and a size that fits the shape.
        if (selections.processing) expect(selections.processing).toBe("grayscale");
        if (selections.shape)
          expect(["square", "rectangle", "rectangle-portrait"]).toContain(selections.shape);
        if (selections.size && selections.shape) {
          expect(sizesForShape(FALLBACK_OPTIONS, selections.shape).map((o) => o.id)).toContain(
            selections.size,
          );
          expect(["7x7", "6x8", "8x6"]).toContain(selections.size);
        }
        // Never more extra images than the chosen bundle needs; kept (at most the largest
        // bundle's) while no bundle is chosen.
        const needed = getBundle(selections.bundle)?.additionalImages ?? 4;
        expect(state.additionalImages.length).toBeLessThanOrEqual(needed);
        // The crop frame follows the shape.
        expect(state.cropData.aspectRatio).toBe(aspectRatioForShape(selections.shape));
        // Add to Cart iff everything is there.
        expect(canAddToCart(state)).toBe(count === 6 && missingAdditionalImages(state) === 0);
      }),
    );
  });
});

describe("lithophaneLineProblem (issue 14: the server's and the creator's one rule)", () => {
  const stored = { width: 1600, height: 1200 };
  const ok = { additionalImageCount: 0, mainPhoto: stored, otherPhotosStored: true } as const;

  it("asks for the bundle's lithophane count minus one additional photos, no more and no fewer", () => {
    expect(requiredAdditionalImages({ lithophaneCount: 1 })).toBe(0);
    expect(requiredAdditionalImages({ lithophaneCount: 3 })).toBe(2);
    expect(lithophaneLineProblem({ ...ok, bundleId: "starter" })).toBeNull();
    expect(lithophaneLineProblem({ ...ok, bundleId: "gift", additionalImageCount: 2 })).toBeNull();
    expect(lithophaneLineProblem({ ...ok, bundleId: "family", additionalImageCount: 4 })).toBeNull();
    const keepsake = lithophaneLineProblem({ ...ok, bundleId: "gift", additionalImageCount: 0 });
    expect(keepsake?.problem).toBe("photo-count");
    expect(keepsake?.message).toContain(
      "Keepsake Collection takes 2 additional photos, but this lithophane has 0",
    );
    expect(lithophaneLineProblem({ ...ok, bundleId: "starter", additionalImageCount: 4 })?.problem).toBe(
      "photo-count",
    );
  });

  it("needs every photo in storage", () => {
    expect(lithophaneLineProblem({ ...ok, bundleId: "starter", mainPhoto: null })?.problem).toBe(
      "photo-missing",
    );
    expect(lithophaneLineProblem({ ...ok, bundleId: "starter", otherPhotosStored: false })?.message).toBe(
      CREATOR_MESSAGES.creator.imageNotUploaded,
    );
  });

  it("keeps the crop inside the photo's pixels", () => {
    const line = (cropPixels: { x: number; y: number; width: number; height: number }) =>
      lithophaneLineProblem({ ...ok, bundleId: "starter", cropPixels })?.problem ?? null;
    expect(line({ x: 0, y: 0, width: 1600, height: 1200 })).toBeNull();
    expect(line({ x: 400, y: 100, width: 1200, height: 1100 })).toBeNull();
    expect(line({ x: 1e308, y: 0, width: 100, height: 100 })).toBe("crop-outside");
    expect(line({ x: 0, y: 0, width: 1e308, height: 1e308 })).toBe("crop-outside");
    expect(line({ x: 401, y: 0, width: 1200, height: 1200 })).toBe("crop-outside");
    expect(line({ x: 0, y: 1, width: 1600, height: 1200 })).toBe("crop-outside");
    expect(isCropWithinImage({ x: -1, y: 0, width: 10, height: 10 }, stored)).toBe(false);
    expect(isCropWithinImage({ x: 0, y: 0, width: Number.NaN, height: 10 }, stored)).toBe(false);
  });

  it("keeps each additional photo's crop inside that photo", () => {
    const base = { ...ok, bundleId: "gift", additionalImageCount: 2 } as const;
    const photos = [stored, { width: 800, height: 600 }];
    const crop = (x: number) => ({ x, y: 0, width: 600, height: 600 });
    expect(
      lithophaneLineProblem({
        ...base,
        additionalPhotos: photos,
        additionalCropPixels: [crop(0), crop(200)],
      }),
    ).toBeNull();
    expect(
      lithophaneLineProblem({ ...base, additionalPhotos: photos, additionalCropPixels: [null, null] }),
    ).toBeNull();
    expect(
      lithophaneLineProblem({ ...base, additionalPhotos: photos, additionalCropPixels: [null, crop(201)] })
        ?.problem,
    ).toBe("crop-outside");
    expect(
      lithophaneLineProblem({
        ...base,
        additionalPhotos: [stored, null],
        additionalCropPixels: [null, crop(0)],
      })?.problem,
    ).toBe("crop-outside");
    expect(
      lithophaneLineProblem({
        ...base,
        additionalPhotos: photos,
        additionalCropPixels: [null, null, crop(0)],
      })?.problem,
    ).toBe("crop-outside");
  });
});

describe("a photo shown from the device while it uploads (issue 31)", () => {
  const pending = {
    url: "blob:local-1",
    originalUrl: "",
    width: 2000,
    height: 2667,
    pending: true,
    deviceUrl: "blob:local-1",
  } as const;
  const stored = { url: "/api/media/p.webp", originalUrl: "/api/media/p.jpg", width: 2000, height: 2667 };

  it("completes the upload step at once, and the server's URLs replace the device's when stored", () => {
    const shown = creatorReducer(INITIAL_CREATOR_STATE, { type: "imageUploaded", image: pending });
    expect(shown.completed.upload).toBe(true);
    const done = creatorReducer(shown, { type: "imageStored", deviceUrl: "blob:local-1", image: stored });
    expect(done.selections.image).toEqual({ ...stored, deviceUrl: "blob:local-1" });
    expect(done.selections.image?.pending).toBeUndefined();
  });

  it("rescales the crop when the stored photo's size differs (the original was sent)", () => {
    let state = creatorReducer(INITIAL_CREATOR_STATE, { type: "imageUploaded", image: pending });
    state = creatorReducer(state, {
      type: "setCrop",
      cropData: {},
      cropPixels: { x: 0, y: 0, width: 1000, height: 1000 },
    });
    state = creatorReducer(state, {
      type: "imageStored",
      deviceUrl: "blob:local-1",
      image: { ...stored, width: 3000, height: 4000 },
    });
    expect(state.cropPixels).toEqual({ x: 0, y: 0, width: 1500, height: 1500 });
  });

  it("ignores a replaced photo's late answer, and drops the photo when its upload fails", () => {
    const shown = creatorReducer(INITIAL_CREATOR_STATE, { type: "imageUploaded", image: pending });
    expect(creatorReducer(shown, { type: "imageStored", deviceUrl: "blob:other", image: stored })).toBe(
      shown,
    );
    const failed = creatorReducer(shown, { type: "imageFailed", deviceUrl: "blob:local-1" });
    expect(failed.selections.image).toBeNull();
    expect(failed.completed.upload).toBe(false);
  });
});
