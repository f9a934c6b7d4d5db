import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { render } from "./render.js";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithophane-render-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("lithophane render", () => {
  it("draws the photo beside the lit panel, dark outside the heart and bright where the photo is", async () => {
    const photo = join(folder, "white.png");
    await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ffffff" } })
      .png()
      .toFile(photo);
    const out = join(folder, "render.png");
    const code = await render([
      photo,
      "--shape",
      "heart",
      "--width-mm",
      "40",
      "--height-mm",
      "40",
      "--out",
      out,
    ]);
    expect(code).toBe(0);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    // 40 mm at 0.25 mm: 161 grid points a side, the source and the panel 16 px apart.
    expect({ width: info.width, height: info.height }).toEqual({ width: 2 * 161 + 16, height: 161 });
    const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    const panelLeft = 161 + 16;
    expect(pixel(panelLeft + 2, 158)).toBe(0x1c); // below the heart's tip: no panel
    expect(pixel(panelLeft + 80, 80)).toBeGreaterThan(200); // the white photo glows
    expect(pixel(80, 80)).toBe(255); // the source
  });
});
