import { describe, expect, it } from "vitest";
import type { UploadedImage } from "../creator";
import { type CreatorOption, SEED_OPTIONS } from "../options";
import { lampCropAspect } from "./lamp";
import {
  INITIAL_LAMP_STATE,
  isLampStepOpen,
  lampAddCheck,
  lampAspectRatioText,
  lampCartLine,
  lampCreatorReducer,
} from "./lamp-creator";
import { lampFromPricePence, lampSizeOffers } from "./lamp-offer";

const image = (n: number): UploadedImage => ({
  url: `https://cdn.example/p${n}.png`,
  originalUrl: `https://cdn.example/o${n}.jpg`,
  width: 1200,
  height: 800,
});
const lampOptions = SEED_OPTIONS.filter((o) => o.optionType === "lamp_size");
const offers = lampSizeOffers(SEED_OPTIONS);
const size = (id: string) => {
  const offer = offers.find((o) => o.id === id);
  if (!offer) throw new Error(`no ${id}`);
  return offer;
};
const option = (id: string, change: Partial<CreatorOption> = {}): CreatorOption => ({
  ...lampOptions.find((o) => o.id === id)!,
  ...change,
});

describe("lampSizeOffers", () => {
  it("reads the active lamp_size options of known sizes in the owner's order, in the owner's millimetres", () => {
    const read = lampSizeOffers([
      option("large", { sortOrder: 0, widthMm: 125 }),
      option("small"),
      option("medium", { isActive: false }),
      option("small", { id: "huge" }),
      option("small", { optionType: "size" }),
    ]);
    expect(read.map((o) => o.id)).toEqual(["large", "small"]);
    expect(read[0]).toMatchObject({ diameterMm: 125, heightMm: 180, pricePence: 5499, status: "enabled" });
    expect(lampSizeOffers([option("small", { widthMm: undefined, heightMm: undefined })])[0]).toMatchObject({
      diameterMm: 80,
      heightMm: 120,
    });
  });

  it("keeps coming-soon sizes (shown, not sold) and prices from the cheapest on sale", () => {
    const read = lampSizeOffers([
      option("small", { status: "coming_soon" }),
      option("medium"),
      option("large"),
    ]);
    expect(read[0]?.status).toBe("coming_soon");
    expect(lampFromPricePence(read)).toBe(4499);
    expect(lampFromPricePence([])).toBeNull();
  });
});

describe("lampCreatorReducer", () => {
  it("opens the steps in order: size, photos, then crop and preview", () => {
    let state = INITIAL_LAMP_STATE;
    expect(isLampStepOpen(state, "photos")).toBe(false);
    state = lampCreatorReducer(state, { type: "chooseSize", size: size("medium") });
    expect(isLampStepOpen(state, "photos")).toBe(true);
    expect(isLampStepOpen(state, "crop")).toBe(false);
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(1) });
    expect(isLampStepOpen(state, "crop")).toBe(true);
    expect(isLampStepOpen(state, "preview")).toBe(true);
  });

  it("takes at most four photos", () => {
    let state = lampCreatorReducer(INITIAL_LAMP_STATE, { type: "chooseSize", size: size("small") });
    for (let n = 1; n <= 5; n++) state = lampCreatorReducer(state, { type: "addPhoto", image: image(n) });
    expect(state.photos).toHaveLength(4);
  });

  it("starts the crops again when the size or the photo count changes the frame", () => {
    let state = lampCreatorReducer(INITIAL_LAMP_STATE, { type: "chooseSize", size: size("medium") });
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(1) });
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(2) });
    state = lampCreatorReducer(state, {
      type: "setCrop",
      index: 0,
      crop: { x: 5, zoom: 1.5 },
      cropPixels: { x: 10, y: 0, width: 500, height: 300 },
    });
    expect(state.photos[0]?.cropData).toEqual({
      x: 5,
      y: 0,
      zoom: 1.5,
      aspectRatio: lampAspectRatioText(size("medium"), 2),
    });
    expect(state.photos[0]?.cropPixels).toEqual({ x: 10, y: 0, width: 500, height: 300 });
    const moved = lampCreatorReducer(state, { type: "movePhoto", index: 0, by: 1 });
    expect(moved.photos.map((p) => p.image.url)).toEqual([image(2).url, image(1).url]);
    expect(moved.photos[1]?.cropPixels).toEqual({ x: 10, y: 0, width: 500, height: 300 });
    expect(
      lampCreatorReducer(state, { type: "chooseSize", size: size("large") }).photos[0]?.cropPixels,
    ).toBeNull();
    expect(
      lampCreatorReducer(state, { type: "chooseSize", size: { ...size("medium"), diameterMm: 105 } })
        .photos[0]?.cropData,
    ).toBeNull();
    expect(lampCreatorReducer(state, { type: "removePhoto", index: 1 }).photos[0]?.cropData).toBeNull();
    expect(lampCreatorReducer(state, { type: "chooseSize", size: size("medium") })).toBe(state);
  });

  it("writes the crop frame's aspect as the cropper reads it: the geometry's for the built-in sizes", () => {
    expect(lampAspectRatioText(size("medium"), 2)).toBe(`${lampCropAspect("medium", 2).toFixed(4)}:1`);
    expect(Number.parseFloat(lampAspectRatioText(size("medium"), 1))).toBeGreaterThan(
      Number.parseFloat(lampAspectRatioText(size("medium"), 4)),
    );
  });
});

describe("lampAddCheck and lampCartLine", () => {
  it("says what is missing, then makes the lamp's cart line at the owner's price", () => {
    let state = INITIAL_LAMP_STATE;
    expect(lampAddCheck(state, offers)).toEqual({ ok: false, problem: "no-size" });
    state = lampCreatorReducer(state, { type: "chooseSize", size: size("medium") });
    expect(lampAddCheck(state, offers)).toEqual({ ok: false, problem: "no-photos" });
    expect(
      lampAddCheck(
        state,
        offers.filter((o) => o.id !== "medium"),
      ),
    ).toEqual({
      ok: false,
      problem: "size-unavailable",
    });
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(1) });
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(2) });
    state = lampCreatorReducer(state, {
      type: "setCrop",
      index: 1,
      crop: {},
      cropPixels: { x: 1, y: 2, width: 300, height: 150 },
    });
    const line = lampCartLine(state, offers, () => "id-1");
    expect(line).toMatchObject({
      id: "id-1",
      imageUrl: image(1).url,
      additionalImages: [image(2).url],
      size: "Medium (100 x 150 mm)",
      price: 4499,
      config: {
        kind: "lamp",
        sizeId: "medium",
        additionalCropPixels: [{ x: 1, y: 2, width: 300, height: 150 }],
      },
    });
  });

  it("refuses a coming-soon size", () => {
    let state = lampCreatorReducer(INITIAL_LAMP_STATE, { type: "chooseSize", size: size("small") });
    state = lampCreatorReducer(state, { type: "addPhoto", image: image(1) });
    const soon = lampSizeOffers([option("small", { status: "coming_soon" })]);
    expect(lampCartLine(state, soon)).toBeNull();
  });
});
