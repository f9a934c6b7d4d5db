import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_COLOUR_FILAMENTS } from "../../lithophane/colour/index.js";
import { main } from "./lithophane.js";

let folder: string;
let photo: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithophane-colour-cli-"));
  photo = join(folder, "photo.png");
  // Left half sky blue, right half foliage green, a white square in the middle.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">
    <rect width="60" height="120" fill="#627a9d"/><rect x="60" width="60" height="120" fill="#576c43"/>
    <rect x="45" y="45" width="30" height="30" fill="#ffffff"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(photo);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const quiet = () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const restore = () => {
    log.mockRestore();
    error.mockRestore();
  };
  return { log, error, restore };
};

describe("npm run lithophane -- --processing colour", () => {
  it("writes a four-filament 3MF with the filaments given on the command line", async () => {
    const filaments = join(folder, "filaments.json");
    const renamed = DEFAULT_COLOUR_FILAMENTS.map((f) => ({ ...f, name: `Shop ${f.role}` }));
    await writeFile(filaments, JSON.stringify([renamed[1], renamed[0], renamed[2], renamed[3]]));
    const out = join(folder, "colour.3mf");
    const console = quiet();
    const code = await main([
      photo,
      "--processing",
      "colour",
      "--shape",
      "square",
      "--width-mm",
      "30",
      "--height-mm",
      "30",
      "--resolution-mm",
      "1",
      "--filaments",
      filaments,
      "--out",
      out,
    ]);
    const printed = console.log.mock.calls.flat().join("\n");
    console.restore();
    expect(code).toBe(0);
    expect(printed).toMatch(/4 parts \(T0 cyan, T2 magenta, T3 yellow, T1 white\)/);
    const files = unzipSync(new Uint8Array(await readFile(out)));
    const settings = new TextDecoder().decode(files["Metadata/Slic3r_PE.config"]);
    expect(settings).toContain(
      '; filament_settings_id = "Shop cyan";"Shop white";"Shop magenta";"Shop yellow"\n',
    );
  });

  it("refuses STL output and white-only options, leaving no file", async () => {
    const console = quiet();
    const stl = join(folder, "colour.stl");
    const common = ["--shape", "square", "--width-mm", "30", "--height-mm", "30"];
    expect(await main([photo, "--processing", "colour", ...common, "--out", stl])).toBe(1);
    expect(
      await main([
        photo,
        "--processing",
        "colour",
        ...common,
        "--mapping",
        "linear",
        "--out",
        join(folder, "x.3mf"),
      ]),
    ).toBe(1);
    expect(await main([photo, "--processing", "sepia", ...common, "--out", join(folder, "y.3mf")])).toBe(1);
    const errors = console.error.mock.calls.flat().join("\n");
    console.restore();
    expect(errors).toMatch(/writes a \.3mf project/);
    expect(errors).toMatch(/--mapping does not apply/);
    expect(errors).toMatch(/--processing must be white or colour/);
    await expect(stat(stl)).rejects.toThrow();
  });

  it("renders the photo, the colour panel's glow and its out-of-gamut hatching side by side", async () => {
    const out = join(folder, "render.png");
    const console = quiet();
    const code = await main([
      "render",
      photo,
      "--processing",
      "colour",
      "--shape",
      "square",
      "--width-mm",
      "40",
      "--height-mm",
      "40",
      "--resolution-mm",
      "0.5",
      "--out",
      out,
    ]);
    console.restore();
    expect(code).toBe(0);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    // 40 mm at 0.5 mm: 81 points a side; three pictures 16 px apart.
    expect({ width: info.width, height: info.height }).toEqual({ width: 3 * 81 + 32, height: 81 });
    const pixel = (x: number, y: number): [number, number, number] => {
      const p = (y * info.width + x) * info.channels;
      return [data[p]!, data[p + 1]!, data[p + 2]!];
    };
    // The sky (left of the photo, left of the panel: the render shows it as seen from the front) glows blue.
    const [r, g, b] = pixel(81 + 16 + 15, 40);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    const [r2, g2, b2] = pixel(81 + 16 + 65, 20);
    expect(g2).toBeGreaterThan(r2);
    expect(g2).toBeGreaterThan(b2);
  });
});
