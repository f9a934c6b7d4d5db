import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "./limits";
import { FALLBACK_OPTIONS } from "./options";
import {
  CREATOR_MAX_ZOOM,
  chooseUploadBody,
  isAcceptedAsIs,
  isHeic,
  largestSoldPanelMm,
  needsCopy,
  PRINT_PX_PER_MM,
  uploadCopyShortSidePx,
  uploadCopySize,
} from "./upload-copy";

describe("largestSoldPanelMm", () => {
  it("is the longest side of a size the shop sells now: 20 cm (6x8 and 8x6), not the coming-soon 30 cm", () => {
    expect(largestSoldPanelMm(FALLBACK_OPTIONS)).toBe(200);
  });

  it("follows the catalogue when a larger size is enabled", () => {
    const options = FALLBACK_OPTIONS.map((o) =>
      o.id === "12x12" ? { ...o, status: "enabled" as const } : o,
    );
    expect(largestSoldPanelMm(options)).toBe(300);
  });

  it("falls back to 20 cm when the catalogue names no size", () => {
    expect(largestSoldPanelMm([])).toBe(200);
  });
});

describe("uploadCopyShortSidePx", () => {
  it("is the largest panel at 0.1 mm: 200 mm -> 2000 px", () => {
    expect(PRINT_PX_PER_MM).toBe(10);
    expect(uploadCopyShortSidePx(200)).toBe(2000);
  });

  it("grows with the zoom headroom, at most the crop step's largest zoom", () => {
    expect(uploadCopyShortSidePx(200, 1.5)).toBe(3000);
    expect(uploadCopyShortSidePx(200, 10)).toBe(200 * 10 * CREATOR_MAX_ZOOM);
    expect(uploadCopyShortSidePx(200, 0.5)).toBe(2000);
  });
});

describe("uploadCopySize", () => {
  it("scales a 12 MP landscape photo to a 2000 px short side, keeping its aspect", () => {
    expect(uploadCopySize(4000, 3000, 2000)).toEqual({ width: 2667, height: 2000, scaled: true });
  });

  it("scales portrait photos by their width", () => {
    expect(uploadCopySize(3000, 4000, 2000)).toEqual({ width: 2000, height: 2667, scaled: true });
  });

  it("never upscales: a photo at or below the size is kept as it is", () => {
    expect(uploadCopySize(1600, 1200, 2000)).toEqual({ width: 1600, height: 1200, scaled: false });
    expect(uploadCopySize(2000, 2000, 2000)).toEqual({ width: 2000, height: 2000, scaled: false });
  });

  it("gives every sold panel at least 10 px/mm at zoom 1, whatever the photo's aspect", () => {
    const panels = [
      [180, 180],
      [200, 150],
      [150, 200],
    ] as const;
    for (const [w, h] of [
      [4000, 3000],
      [4032, 2268],
      [3000, 4000],
      [5000, 5000],
    ] as const) {
      const copy = uploadCopySize(w, h, uploadCopyShortSidePx(200));
      for (const [panelW, panelH] of panels) {
        // At zoom 1 the crop is the largest panel-shaped area of the photo: its px per mm is
        // the smaller of the two ratios (the side the photo fills edge to edge).
        const pxPerMm = Math.min(copy.width / panelW, copy.height / panelH);
        expect(pxPerMm).toBeGreaterThanOrEqual(PRINT_PX_PER_MM);
      }
    }
  });
});

describe("chooseUploadBody", () => {
  it("sends the copy when it is smaller than the original", () => {
    expect(
      chooseUploadBody({ originalBytes: 4_000_000, originalAcceptedAsIs: true, copyBytes: 1_200_000 }),
    ).toBe("copy");
  });

  it("never sends more bytes than the original: a larger copy gives way to the original", () => {
    expect(
      chooseUploadBody({ originalBytes: 900_000, originalAcceptedAsIs: true, copyBytes: 1_100_000 }),
    ).toBe("original");
  });

  it("sends the original when no copy was needed", () => {
    expect(chooseUploadBody({ originalBytes: 800_000, originalAcceptedAsIs: true, copyBytes: null })).toBe(
      "original",
    );
  });

  it("always sends the copy of a type the server does not take (a HEIC decoded by the browser)", () => {
    expect(
      chooseUploadBody({ originalBytes: 900_000, originalAcceptedAsIs: false, copyBytes: 1_500_000 }),
    ).toBe("copy");
    expect(
      chooseUploadBody({ originalBytes: 900_000, originalAcceptedAsIs: false, copyBytes: null }),
    ).toBeNull();
  });

  it("sends nothing over 10 MB", () => {
    expect(
      chooseUploadBody({ originalBytes: MAX_UPLOAD_BYTES + 1, originalAcceptedAsIs: true, copyBytes: null }),
    ).toBeNull();
    expect(
      chooseUploadBody({
        originalBytes: MAX_UPLOAD_BYTES + 1,
        originalAcceptedAsIs: true,
        copyBytes: 2_000_000,
      }),
    ).toBe("copy");
  });
});

describe("types", () => {
  it("takes JPEG, PNG and WEBP as they are, nothing else", () => {
    expect(["image/jpeg", "image/jpg", "image/png", "image/webp"].map(isAcceptedAsIs)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["image/heic", "image/gif", "", "application/pdf"].map(isAcceptedAsIs)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("knows HEIC by type, or by name when the browser gives no type", () => {
    expect(isHeic("image/heic", "a.jpg")).toBe(true);
    expect(isHeic("image/heif", "x")).toBe(true);
    expect(isHeic("", "IMG_0001.HEIC")).toBe(true);
    expect(isHeic("image/jpeg", "IMG_0001.heic")).toBe(false);
  });

  it("makes a copy only when the photo is too large or its type is not taken", () => {
    expect(needsCopy({ width: 1, height: 1, scaled: true }, true)).toBe(true);
    expect(needsCopy({ width: 1, height: 1, scaled: false }, false)).toBe(true);
    expect(needsCopy({ width: 1, height: 1, scaled: false }, true)).toBe(false);
  });
});
