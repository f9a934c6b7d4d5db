/**
 * Issue 44 item 1: every picture that shows how a panel will look reads the way the customer sees
 * it (from the front, the light behind), never mirrored. A photo with "Belfast 2024" on it goes
 * through each path that makes such a picture; each picture must correlate better with the photo
 * than with its left-right mirror:
 * - the upload's preview (the proof card's picture until the twin is made, and the e-mail's);
 * - `npm run lithophane -- render` (the lit panel beside the photo);
 * - `npm run lithophane -- simulate`: the print file sliced by PrusaSlicer, its twin and the
 *   mesh's preview (the pictures the print worker stores for the proof card, the e-mail and the
 *   admin's print files); skipped, saying why, where prusa-slicer is not installed.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPanelGeometry, computeHeightmap, modelColumnAsSeen } from "../../lithophane/index.js";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../../lithophane/print-project.js";
import { render } from "../cli/render.js";
import { simulate } from "../cli/simulate.js";
import { processUploadedImage } from "../platform/index.js";
import { writePrintFile } from "./print-file.js";

const slicerReady = spawnSync("sh", ["-c", "command -v prusa-slicer"]).status === 0;

const PHOTO = { width: 1200, height: 900 };
/** The comparison grid: every picture is brought to this size in grey. */
const GRID = { width: 160, height: 120 };

/** Dark, bold, asymmetric text on a light ground, with a dark bar on the left. */
function photoSvg(): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}">
  <rect width="100%" height="100%" fill="#f0f0f0"/>
  <rect x="60" y="80" width="140" height="740" fill="#202020"/>
  <text x="240" y="420" font-family="DejaVu Sans" font-weight="bold" font-size="190" fill="#101010">Belfast</text>
  <text x="240" y="700" font-family="DejaVu Sans" font-weight="bold" font-size="220" fill="#303030">2024</text>
</svg>`);
}

async function grid(input: Sharp): Promise<Float64Array> {
  const { data } = await input
    .greyscale()
    .resize(GRID.width, GRID.height, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Float64Array.from(data);
}

function correlation(a: Float64Array, b: Float64Array): number {
  const mean = (v: Float64Array) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

let folder: string;
let photoPng: Buffer;
let asIs: Float64Array;
let mirrored: Float64Array;

/** The picture's correlation with the photo and with the mirrored photo. */
async function readsAsPhoto(picture: Sharp): Promise<{ photo: number; mirror: number }> {
  const values = await grid(picture);
  return { photo: correlation(values, asIs), mirror: correlation(values, mirrored) };
}

/** A horizontal slice of a PNG (the CLIs write pictures side by side). */
function slice(png: Buffer, left: number, width: number, height: number): Sharp {
  return sharp(png).extract({ left, top: 0, width, height });
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithobox-orientation-"));
  photoPng = await sharp(photoSvg()).png().toBuffer();
  await writeFile(join(folder, "belfast.png"), photoPng);
  asIs = await grid(sharp(photoPng));
  mirrored = await grid(sharp(photoPng).flop());
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("which way round the pictures of a panel read", () => {
  it("the photo itself tells its mirror apart (the measure has teeth)", () => {
    expect(correlation(asIs, asIs)).toBeCloseTo(1, 6);
    expect(correlation(asIs, mirrored)).toBeLessThan(0.6);
  });

  it("one rule: a flat-front panel's model space is mirrored, a relief front's is not", () => {
    expect(modelColumnAsSeen(0, 10, "flat")).toBe(9);
    expect(modelColumnAsSeen(9, 10, "flat")).toBe(0);
    expect(modelColumnAsSeen(3, 10, "relief")).toBe(3);
  });

  it("the upload's preview (the proof card's and the e-mail's picture before the twin)", async () => {
    const processed = await processUploadedImage(photoPng);
    const score = await readsAsPhoto(sharp(processed.preview.data));
    console.log("upload preview vs photo / mirror:", score);
    expect(score.photo).toBeGreaterThan(score.mirror + 0.2);
  });

  it("`lithophane render`: the lit panel beside the photo", async () => {
    const out = join(folder, "render.png");
    const code = await render([
      join(folder, "belfast.png"),
      "--shape",
      "rectangle",
      "--width-mm",
      "80",
      "--height-mm",
      "60",
      "--resolution-mm",
      "0.4",
      "--out",
      out,
    ]);
    expect(code).toBe(0);
    const png = await readFile(out);
    const { width, height } = await sharp(png).metadata();
    const nx = (width! - 16) / 2;
    const score = await readsAsPhoto(slice(png, nx + 16, nx, height!));
    console.log("render (lit panel) vs photo / mirror:", score);
    expect(score.photo).toBeGreaterThan(score.mirror + 0.2);
  });
});

describe.skipIf(!slicerReady)(
  `the print file's twin and preview${slicerReady ? "" : " (skipped: prusa-slicer is not installed)"}`,
  () => {
    it("`lithophane simulate` (the worker's twin and preview): both read as the photo", async () => {
      const { data, info } = await sharp(photoPng).greyscale().raw().toBuffer({ resolveWithObject: true });
      const heightmap = computeHeightmap(new Uint8Array(data), info.width, info.height, {
        shape: "rectangle",
        widthMm: 48,
        heightMm: 36,
        resolutionMm: 0.2,
      });
      const threeMf = join(folder, "belfast.3mf");
      await writePrintFile(buildPanelGeometry(heightmap), "3mf", threeMf, {
        project: threeMfProject(heightmap.spec, DEFAULT_PRINT_PROFILE),
      });
      const out = join(folder, "simulate.png");
      const log = console.log;
      console.log = () => {};
      let code: number;
      try {
        code = await simulate([threeMf, "--out", out]);
      } finally {
        console.log = log;
      }
      expect(code).toBe(0);
      // The preview (left) and the twin (right), 16 px apart, the same size.
      const png = await readFile(out);
      const { width, height } = await sharp(png).metadata();
      const each = (width! - 16) / 2;
      const preview = await readsAsPhoto(slice(png, 0, each, height!));
      const twin = await readsAsPhoto(slice(png, each + 16, each, height!));
      console.log("simulate vs photo / mirror: preview", preview, "twin", twin);
      expect(preview.photo).toBeGreaterThan(preview.mirror + 0.2);
      expect(twin.photo).toBeGreaterThan(twin.mirror + 0.2);
    }, 300_000);
  },
);
