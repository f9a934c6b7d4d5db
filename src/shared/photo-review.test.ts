import { describe, expect, it } from "vitest";
import {
  MIN_PIXELS_PER_MM,
  minShortSidePixels,
  PHOTO_PAGE_TEXTS,
  photoReplacementProblem,
} from "./photo-review";

const panel = { widthMm: 180, heightMm: 180 };

describe("photo replacement checks", () => {
  it("needs 2.5 px per mm across the panel's shorter side", () => {
    expect(MIN_PIXELS_PER_MM).toBe(2.5);
    expect(minShortSidePixels(panel)).toBe(450);
    expect(minShortSidePixels({ widthMm: 200, heightMm: 150 })).toBe(375);
  });
  it("refuses a photo (or a crop of it) below that, with the pixels it needs", () => {
    expect(photoReplacementProblem({ photo: { width: 449, height: 2000 }, crop: null, panel })).toEqual({
      problem: "too-small",
      message: PHOTO_PAGE_TEXTS.tooSmall(450),
    });
    expect(photoReplacementProblem({ photo: { width: 450, height: 450 }, crop: null, panel })).toBeNull();
    // A big photo cropped to a small area prints from the small area.
    expect(
      photoReplacementProblem({
        photo: { width: 3000, height: 3000 },
        crop: { x: 0, y: 0, width: 400, height: 400 },
        panel,
      })?.problem,
    ).toBe("too-small");
  });
  it("refuses a crop outside the photo", () => {
    expect(
      photoReplacementProblem({
        photo: { width: 1000, height: 1000 },
        crop: { x: 600, y: 0, width: 500, height: 500 },
        panel,
      })?.problem,
    ).toBe("crop-outside");
    expect(
      photoReplacementProblem({
        photo: { width: 1000, height: 1000 },
        crop: { x: 500, y: 0, width: 500, height: 500 },
        panel,
      }),
    ).toBeNull();
  });
});
