import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { computeHeightmap, resolvePanelSpec } from "../../lithophane/index.js";
import { decodeGreyscaleCrop } from "./decode.js";

const BACKGROUND = 160;
const STROKE = 30;

/** Dark text-like strokes (3 px wide, every 12 px) on a mid-grey page: where resizing rings, halos show. */
async function strokesPhoto(width: number, height: number): Promise<{ png: Buffer; raw: Buffer }> {
  const raw = Buffer.alloc(width * height, BACKGROUND);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (x % 12 < 3) raw[y * width + x] = STROKE;
  const png = await sharp(raw, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, raw };
}

describe("decoding a photo for the heightmap", () => {
  it("samples the grid without light halos round dark strokes (grey never above the page's)", async () => {
    const { png, raw } = await strokesPhoto(600, 600);
    // Linear mapping, no auto levels: thickness = max - grey / 255 * (max - min), so the grid's grey is exact.
    const spec = resolvePanelSpec({
      shape: "square",
      widthMm: 100,
      heightMm: 100,
      resolutionMm: 0.5,
      mapping: "linear",
      autoLevels: false,
      borderMm: 0,
    });
    const image = await decodeGreyscaleCrop(png, undefined, spec);
    expect({ width: image.width, height: image.height }).toEqual({ width: 600, height: 600 });
    const heightmap = computeHeightmap(image.pixels, image.width, image.height, {
      ...spec,
      crop: image.crop,
    });
    const range = spec.maxThicknessMm - spec.minThicknessMm;
    let brightest = 0;
    let darkest = 255;
    for (const t of heightmap.thicknessMm) {
      const grey = ((spec.maxThicknessMm - t) / range) * 255;
      brightest = Math.max(brightest, grey);
      darkest = Math.min(darkest, grey);
    }
    expect(brightest).toBeLessThanOrEqual(BACKGROUND + 0.1);
    expect(darkest).toBeGreaterThanOrEqual(STROKE - 0.1);

    // Why it matters: the Lanczos resize this replaced rings past the page's grey beside every stroke.
    const lanczos = await sharp(raw, { raw: { width: 600, height: 600, channels: 1 } })
      .resize(heightmap.nx, heightmap.ny, { fit: "fill", kernel: "lanczos3" })
      .raw()
      .toBuffer();
    expect(Math.max(...lanczos)).toBeGreaterThan(BACKGROUND + 5);
  });

  it("keeps the customer's fractional crop within the pixels it cuts out", async () => {
    const { png } = await strokesPhoto(300, 200);
    const spec = resolvePanelSpec({ shape: "square", widthMm: 50, heightMm: 50 });
    const image = await decodeGreyscaleCrop(png, { x: 10.4, y: 20.7, width: 150.2, height: 150.2 }, spec);
    expect({ width: image.width, height: image.height }).toEqual({ width: 151, height: 151 });
    expect(image.crop.x).toBeCloseTo(0.4, 6);
    expect(image.crop.y).toBeCloseTo(0.7, 6);
    expect(image.crop.width).toBeCloseTo(150.2, 6);
  });
});
