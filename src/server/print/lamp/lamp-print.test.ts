/**
 * The lamp against real print tooling (issue 48 item 2): admesh finds nothing to repair, PrusaSlicer
 * slices the lamp's 3MF with its embedded settings and no warning, and `simulate` reports the unrolled
 * twin against the unrolled preview; both read the right way round seen from outside (a photo with
 * "Belfast 2024" on it must correlate with the photo, not its mirror). The CLI makes a lamp and refuses
 * one taller than the printer, saying why. Tool tests are skipped, saying why, where a tool is missing
 * (scripts/install-print-tools.mjs installs them; print-tools.test.ts runs it).
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildLampMesh, LAMP_RIM } from "../../../lithophane/lamp/index.js";
import { main } from "../../cli/lithophane.js";
import { checkLampPrintFile, generateLampPrintFile, isLampThreeMf, lampGeometryFromImages } from "./index.js";

const run = promisify(execFile);
const hasCommand = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const admeshReady = hasCommand("admesh");
const slicerReady = hasCommand("prusa-slicer");

const PHOTO = { width: 1200, height: 900 };
const GRID = { width: 160, height: 120 };

/** Dark, bold, asymmetric text on a light ground, with a dark bar on the left (orientation.test.ts's). */
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

/** admesh's report as "label -> numbers". */
function parseAdmesh(output: string): Map<string, number[]> {
  const values = new Map<string, number[]>();
  for (const line of output.split("\n")) {
    const match = line.match(/^([A-Za-z][A-Za-z0-9 ]*?)\s*:\s*([-\d.\s]+)$/);
    if (match) values.set(match[1]!.trim(), match[2]!.trim().split(/\s+/).map(Number));
  }
  return values;
}

function expectNothingToRepair(stdout: string): void {
  const report = parseAdmesh(stdout);
  for (const label of [
    "Degenerate facets",
    "Edges fixed",
    "Facets removed",
    "Facets added",
    "Facets reversed",
    "Backwards edges",
    "Normals fixed",
    "Facets with 1 disconnected edge",
    "Facets with 2 disconnected edges",
    "Facets with 3 disconnected edges",
    "Total disconnected facets",
  ]) {
    expect(report.get(label), `${label} in:\n${stdout}`).toBeDefined();
    expect(
      report.get(label)!.every((value) => value === 0),
      `${label} in:\n${stdout}`,
    ).toBe(true);
  }
  expect(stdout).toMatch(/Number of parts\s*:\s*1\s/);
}

/** Binary STL of an indexed mesh (admesh reads STL). */
function stlBytes(positions: Float32Array, indices: Uint32Array): Uint8Array {
  const count = indices.length / 3;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const base = 84 + 50 * t;
    const p = [0, 1, 2].map((k) => 3 * indices[3 * t + k]!);
    const [a, b, c] = p.map((v) => [positions[v]!, positions[v + 1]!, positions[v + 2]!]) as [
      number[],
      number[],
      number[],
    ];
    const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
    const w = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (let k = 0; k < 3; k++) view.setFloat32(base + 4 * k, n[k]! / length, true);
    for (const [corner, point] of [a, b, c].entries()) {
      for (let k = 0; k < 3; k++) view.setFloat32(base + 12 + 12 * corner + 4 * k, point[k]!, true);
    }
  }
  return bytes;
}

let folder: string;
let photoPath: string;
let asIs: Float64Array;
let mirrored: Float64Array;
/** A small lamp: two Belfast photos round a 40 x 60 mm shade (each photo about 4:3 like the photo). */
const LAMP = { diameterMm: 40, heightMm: 60, resolutionMm: 0.25 };
let lampPath: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithobox-lamp-"));
  photoPath = join(folder, "belfast.png");
  const png = await sharp(photoSvg()).png().toBuffer();
  await writeFile(photoPath, png);
  asIs = await grid(sharp(png));
  mirrored = await grid(sharp(png).flop());
  lampPath = join(folder, "lamp.3mf");
  await generateLampPrintFile({
    photos: [{ image: photoPath }, { image: photoPath }],
    ...LAMP,
    outPath: lampPath,
  });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Captures what the CLI prints. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const code = await main(args);
    return {
      code,
      out: log.mock.calls.map((call) => call.join(" ")).join("\n"),
      err: error.mock.calls.map((call) => call.join(" ")).join("\n"),
    };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe("the lamp's CLI", () => {
  it("makes a lamp 3MF from photos and says what it wrote", async () => {
    const out = join(folder, "cli-lamp.3mf");
    const result = await cli([
      photoPath,
      photoPath,
      photoPath,
      "--product",
      "lamp",
      "--diameter-mm",
      "40",
      "--height-mm",
      "40",
      "--resolution-mm",
      "0.5",
      "--out",
      out,
    ]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/lamp 40 x 40 mm, 3 photos/);
    expect((await stat(out)).size).toBeGreaterThan(10_000);
    expect(await isLampThreeMf(out)).toBe(true);
  });

  it("refuses a lamp taller than the printer, saying why, and leaves no file", async () => {
    const out = join(folder, "too-tall.3mf");
    const result = await cli([
      photoPath,
      "--product=lamp",
      "--diameter-mm",
      "100",
      "--height-mm",
      "250",
      "--out",
      out,
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("A 250 mm tall lamp is taller than the 210 mm the printer");
    await expect(stat(out)).rejects.toThrow();
    const taller = await cli([
      photoPath,
      "--product",
      "lamp",
      "--diameter-mm",
      "40",
      "--height-mm",
      "250",
      "--resolution-mm",
      "1",
      "--max-height-mm",
      "300",
      "--out",
      out,
    ]);
    expect(taller.err).toBe("");
    expect(taller.code).toBe(0);
  });

  it("refuses an unknown product and a fifth photo", async () => {
    expect((await cli([photoPath, "--product", "mug", "--out", "x.3mf"])).err).toMatch(
      /--product must be flat or lamp/,
    );
    const five = await cli([
      ...Array.from({ length: 5 }, () => photoPath),
      "--product",
      "lamp",
      "--size",
      "small",
      "--out",
      join(folder, "five.3mf"),
    ]);
    expect(five.err).toMatch(/Give 1 to 4 photos/);
  });
});

describe.skipIf(!admeshReady)(`admesh${admeshReady ? "" : " (skipped: admesh is not installed)"}`, () => {
  it.each([0, 0.02])("finds nothing to repair in the lamp's mesh (max error %f mm)", async (maxErrorMm) => {
    const geometry = await lampGeometryFromImages({
      photos: [{ image: photoPath }, { image: photoPath }],
      ...LAMP,
    });
    const mesh = buildLampMesh(geometry, { maxErrorMm });
    expect(mesh.adaptive).toBe(maxErrorMm > 0);
    const path = join(folder, `lamp-${maxErrorMm}.stl`);
    await writeFile(path, stlBytes(mesh.positions, mesh.indices));
    const { stdout } = await run("admesh", [path]);
    expectNothingToRepair(stdout);
    expect(Number(stdout.match(/Volume\s*:\s*([\d.]+)/)?.[1])).toBeGreaterThan(0);
  });
});

describe.skipIf(!slicerReady)(
  `prusa-slicer${slicerReady ? "" : " (skipped: prusa-slicer is not installed)"}`,
  () => {
    it("reads the 3MF as one manifold part and exports an STL admesh finds nothing to repair in", async () => {
      const { stdout } = await run("prusa-slicer", ["--info", lampPath]);
      expect(stdout).toContain("manifold = yes");
      expect(stdout).toMatch(/number_of_parts =\s+1/);
      expect(stdout).toMatch(/size_z = 60/);
      if (admeshReady) {
        const stl = join(folder, "lamp-export.stl");
        await run("prusa-slicer", ["--export-stl", lampPath, "--output", stl]);
        const admesh = await run("admesh", [stl]);
        expectNothingToRepair(admesh.stdout);
      }
    }, 120_000);

    it("slices with its embedded settings and no warning; `simulate` reports the twin, the right way round", async () => {
      const gcode = join(folder, "lamp.gcode");
      // `prusa-slicer --export-gcode file.3mf` and nothing else: the settings come from the file.
      const { stdout, stderr } = await run("nice", [
        "-n",
        "5",
        "prusa-slicer",
        "--export-gcode",
        lampPath,
        "--output",
        gcode,
      ]);
      expect(stdout + stderr).not.toMatch(/warning|error/i);
      const text = await readFile(gcode, "utf8");
      expect(text).toMatch(/^; layer_height = 0\.1$/m);
      expect(text).toMatch(/^; fill_density = 100%$/m);
      expect(text).toMatch(/^; seam_position = rear$/m);
      expect(text).toMatch(/^; brim_width = 8$/m);
      expect(text).toMatch(/^; max_print_height = 210$/m);
      expect(text).toMatch(/^; filament_settings_id = "Lithobox White PLA"$/m);
      const heights = [...text.matchAll(/^;Z:([\d.]+)$/gm)].map((match) => Number(match[1]));
      expect(Math.max(...heights)).toBeCloseTo(60, 1);

      const out = join(folder, "simulate.png");
      const result = await cli(["simulate", lampPath, "--gcode", gcode, "--out", out]);
      expect(result.err).toBe("");
      expect(result.code).toBe(0);
      console.log(result.out);
      const ssim = Number(result.out.match(/SSIM ([\d.]+)/)?.[1]);
      const deltaL = Number(result.out.match(/mean \|ΔL\*\| ([\d.]+)/)?.[1]);
      expect(ssim).toBeGreaterThanOrEqual(0.9);
      expect(deltaL).toBeLessThanOrEqual(3);
      expect(result.out).toContain("Missing layers: none");
      expect(result.out).toMatch(/(\d+) layers printed of \1 /);

      // The unrolled preview (left) and twin (right), 16 px apart: the first photo is the left half of
      // each, between the rims and inside its lip.
      const png = await readFile(out);
      const { width, height } = await sharp(png).metadata();
      const each = (width! - 16) / 2;
      const pixelMm = height! / LAMP.heightMm;
      const lip = Math.ceil(1.5 * pixelMm);
      const photoArea = (left: number) =>
        sharp(png).extract({
          left: left + lip,
          top: Math.round(LAMP_RIM.topMm * pixelMm) + lip,
          width: Math.floor(each / 2) - 2 * lip,
          height: Math.round((LAMP.heightMm - LAMP_RIM.topMm - LAMP_RIM.bottomMm) * pixelMm) - 2 * lip,
        });
      for (const [name, left] of [
        ["preview", 0],
        ["twin", each + 16],
      ] as const) {
        const values = await grid(photoArea(left));
        const score = { photo: correlation(values, asIs), mirror: correlation(values, mirrored) };
        console.log(`lamp ${name} vs photo / mirror:`, score);
        expect(score.photo, name).toBeGreaterThan(score.mirror + 0.2);
        expect(score.photo, name).toBeGreaterThan(0.5);
      }
    }, 600_000);

    it("checks a lamp's print file as the print worker does: the unrolled pictures and the estimate", async () => {
      const path = join(folder, "worker-lamp.3mf");
      await generateLampPrintFile({
        photos: [{ image: photoPath }],
        diameterMm: 30,
        heightMm: 30,
        resolutionMm: 0.5,
        outPath: path,
      });
      const check = await checkLampPrintFile({
        threeMfPath: path,
        slicer: "prusa-slicer",
        timeoutMs: 300_000,
        attenuationPerMm: 2,
      });
      expect(check.mode).toBe("cylinder");
      expect(check.missingLayers).toBe(0);
      expect(check.ssim).toBeGreaterThan(0.9);
      expect(check.estimate?.filamentGrams).toBeGreaterThan(1);
      expect(check.estimate?.printSeconds).toBeGreaterThan(60);
      const twin = await sharp(check.twinPng).metadata();
      // Unrolled: the picture is the circumference wide and the height tall (0.25 mm pixels).
      expect(twin.width).toBeCloseTo((Math.PI * 30) / 0.25, -1);
      expect(twin.height).toBe(120);
    }, 300_000);
  },
);
