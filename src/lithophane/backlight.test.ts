import { describe, expect, it } from "vitest";
import {
  backlitColour,
  backlitTexture,
  buildBacklitPreview,
  offsetOutline,
  PREVIEW_SAMPLE_PX,
  previewPanelSizeMm,
  previewSampleArea,
  previewUvs,
  relativeBacklight,
  transmittedLight,
  WARM_WHITE_BACKLIGHT,
} from "./backlight";
import { computeHeightmap, thicknessForBrightness } from "./heightmap";
import { resolvePanelSpec } from "./params";
import { linearToSrgb, srgbToLinear } from "./tones";

describe("transmitted light (Beer-Lambert)", () => {
  it("is T1^t: e^-2 (13.5%) per millimetre by default", () => {
    expect(transmittedLight(0)).toBe(1);
    expect(transmittedLight(1)).toBeCloseTo(Math.exp(-2));
    expect(transmittedLight(3)).toBeCloseTo(Math.exp(-6));
    expect(transmittedLight(2, 0.8)).toBeCloseTo(0.64);
  });

  it("falls as the panel gets thicker", () => {
    for (let t = 0.8; t < 3; t += 0.1) expect(transmittedLight(t + 0.1)).toBeLessThan(transmittedLight(t));
  });

  it("relative to the thinnest point: 1 at min thickness, e^(-2 x 2.2) at the default max", () => {
    expect(relativeBacklight(0.8)).toBeCloseTo(1);
    expect(relativeBacklight(3)).toBeCloseTo(Math.exp(-4.4));
    expect(relativeBacklight(0.2)).toBe(1); // thinner than min is clamped
  });

  it("inverts the heightmap's mapping: the light is the photo's linear brightness", () => {
    const spec = resolvePanelSpec({ shape: "square", widthMm: 100, heightMm: 100 });
    const darkest = relativeBacklight(spec.maxThicknessMm);
    for (const b of [0, 0.25, 0.5, 0.75, 1]) {
      const light = relativeBacklight(thicknessForBrightness(b, spec));
      expect(light).toBeCloseTo(darkest + srgbToLinear(b) * (1 - darkest), 6);
    }
  });

  it("colours a point with the warm backlight scaled by its light", () => {
    expect(backlitColour(0.8)).toEqual(WARM_WHITE_BACKLIGHT);
    const [r, g, b] = backlitColour(3);
    expect(r).toBe(Math.round(255 * linearToSrgb(Math.exp(-4.4))));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });
});

describe("backlit texture and uvs", () => {
  const grey = new Uint8Array(20 * 20);
  // Left half black, right half white.
  for (let y = 0; y < 20; y++) for (let x = 10; x < 20; x++) grey[y * 20 + x] = 255;

  it("shades each grid point by its thickness; the lip glows least", () => {
    const heightmap = computeHeightmap(grey, 20, 20, {
      shape: "square",
      widthMm: 40,
      heightMm: 40,
      resolutionMm: 2,
      borderMm: 2,
      front: "relief",
    });
    const texels = backlitTexture(heightmap);
    const { nx, ny } = heightmap;
    expect(texels.length).toBe(nx * ny * 4);
    const red = (i: number, j: number) => texels[(j * nx + i) * 4]!;
    const mid = Math.floor(ny / 2);
    expect(red(nx - 3, mid)).toBe(255); // white photo -> thinnest -> full light
    const thickest = Math.round(255 * linearToSrgb(Math.exp(-4.4)));
    expect(red(2, mid)).toBe(thickest); // black -> thickest
    expect(red(0, 0)).toBe(thickest); // lip at max thickness
    expect(texels[3]).toBe(255);
  });

  it("puts grid vertices on texel centres", () => {
    const heightmap = computeHeightmap(grey, 20, 20, {
      shape: "square",
      widthMm: 40,
      heightMm: 40,
      resolutionMm: 2,
    });
    const { nx, ny, stepXMm, stepYMm } = heightmap;
    const positions = Float32Array.from([
      0,
      0,
      1,
      (nx - 1) * stepXMm,
      (ny - 1) * stepYMm,
      1,
      3 * stepXMm,
      0,
      0,
    ]);
    const uvs = previewUvs(positions, heightmap);
    expect(uvs[0]).toBeCloseTo(0.5 / nx);
    expect(uvs[1]).toBeCloseTo(0.5 / ny);
    expect(uvs[2]).toBeCloseTo(1 - 0.5 / nx);
    expect(uvs[3]).toBeCloseTo(1 - 0.5 / ny);
    expect(uvs[4]).toBeCloseTo(3.5 / nx);
  });
});

describe("preview sampling of the framed area", () => {
  it("scales the stored crop to the loaded image and downsamples to 160 px on the long side", () => {
    const area = previewSampleArea(
      { x: 400, y: 200, width: 800, height: 600 },
      { width: 1600, height: 1200 },
      { width: 800, height: 600 },
      4 / 3,
    );
    expect(area).toMatchObject({ sx: 200, sy: 100, sw: 400, sh: 300 });
    expect(area.width).toBe(PREVIEW_SAMPLE_PX);
    expect(area.height).toBe(120);
  });

  it("without a crop uses the centred area at the panel's aspect", () => {
    const area = previewSampleArea(null, { width: 1600, height: 1200 }, { width: 1600, height: 1200 }, 1);
    expect(area).toMatchObject({ sx: 200, sy: 0, sw: 1200, sh: 1200, width: 160, height: 160 });
  });

  it("keeps a crop inside the image and never upsamples a small one", () => {
    const area = previewSampleArea(
      { x: 90, y: 90, width: 20, height: 20 },
      { width: 100, height: 100 },
      { width: 100, height: 100 },
      1,
    );
    expect(area).toMatchObject({ sx: 80, sy: 80, sw: 20, sh: 20, width: 20, height: 20 });
  });
});

describe("preview panel", () => {
  it("uses the chosen size when it fits the shape, else the shape's standard size", () => {
    expect(previewPanelSizeMm("square", { widthMm: 230, heightMm: 230 })).toEqual({
      widthMm: 230,
      heightMm: 230,
    });
    expect(previewPanelSizeMm("heart")).toEqual({ widthMm: 180, heightMm: 180 });
    expect(previewPanelSizeMm("rectangle", { widthMm: 180, heightMm: 180 })).toEqual({
      widthMm: 200,
      heightMm: 150,
    });
    expect(previewPanelSizeMm("rectangle-portrait", null)).toEqual({ widthMm: 150, heightMm: 200 });
  });

  it("builds a closed preview mesh with uvs and a texture for every shape", () => {
    const grey = new Uint8Array(64 * 64).map((_, k) => k % 256);
    for (const shape of ["square", "rectangle", "rectangle-portrait", "hexagon", "heart"] as const) {
      const size = previewPanelSizeMm(shape);
      const preview = buildBacklitPreview(grey, 64, 64, { shape, ...size });
      expect(preview.vertexCount).toBe(preview.positions.length / 3);
      expect(preview.uvs.length).toBe(preview.vertexCount * 2);
      expect(preview.texture.length).toBe(preview.textureWidth * preview.textureHeight * 4);
      expect(preview.triangleCount).toBeGreaterThan(1000);
      let maxIndex = 0;
      for (const i of preview.indices) maxIndex = Math.max(maxIndex, i);
      expect(maxIndex).toBe(preview.vertexCount - 1);
      let maxZ = 0;
      for (let p = 2; p < preview.positions.length; p += 3) maxZ = Math.max(maxZ, preview.positions[p]!);
      expect(maxZ).toBeCloseTo(preview.maxThicknessMm, 4);
    }
  }, 30_000);

  it("offsets an outline about the panel's centre", () => {
    const outer = offsetOutline("square", 100, 100, 10);
    expect(Math.min(...outer.xs)).toBeCloseTo(-10);
    expect(Math.max(...outer.ys)).toBeCloseTo(110);
    const inner = offsetOutline("hexagon", 100, 100, -3);
    expect(Math.min(...inner.xs)).toBeCloseTo(3);
    expect(Math.max(...inner.xs)).toBeCloseTo(97);
  });
});
