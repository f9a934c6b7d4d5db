import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { crc32 } from "node:zlib";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LithophaneError } from "../../lithophane/errors.js";
import { buildPanelGeometry, computeHeightmap } from "../../lithophane/index.js";
import { checkMesh, parseBinaryStl } from "../../lithophane/mesh-check.js";
import { generatePrintFile, writePrintFile } from "./print-file.js";
import { startStlWorker } from "./stl-parallel.js";
import { crc32Combine } from "./zlib-entry.js";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
let folder: string;
let photo: Buffer;

/** A small photo-like PNG: horizontal gradient, dark disc in the top-left quadrant. */
async function makePhoto(width: number, height: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inDisc = Math.hypot(x - width / 4, y - height / 4) < Math.min(width, height) / 8;
      const value = inDisc ? 10 : Math.round(60 + (180 * x) / width);
      rgb.fill(value, 3 * (y * width + x), 3 * (y * width + x) + 3);
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "lithophane-node-"));
  photo = await makePhoto(120, 90);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("generatePrintFile", { timeout: 30_000 }, () => {
  it("writes a closed STL from an image buffer and reports triangles, bytes and time", async () => {
    const outPath = join(folder, "panel.stl");
    const progress: number[] = [];
    const result = await generatePrintFile({
      imageBuffer: photo,
      shape: "hexagon",
      widthMm: 50,
      heightMm: 50,
      resolutionMm: 0.5,
      format: "stl",
      outPath,
      onProgress: (fraction) => progress.push(fraction),
    });
    const bytes = await readFile(outPath);
    expect(result.bytes).toBe(bytes.length);
    expect(result.triangles).toBe(bytes.readUInt32LE(80));
    expect(result.ms).toBeGreaterThan(0);
    const { positions, indices } = parseBinaryStl(bytes);
    const report = checkMesh(positions, indices);
    expect(report.badEdges).toBe(0);
    expect(report.signedVolume).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("writes a 3MF (zlib-compressed model) from an image path that a zip reader accepts", async () => {
    const imagePath = join(folder, "photo.png");
    await writeFile(imagePath, photo);
    const outPath = join(folder, "panel.3mf");
    const result = await generatePrintFile({
      imagePath,
      shape: "heart",
      widthMm: 40,
      heightMm: 40,
      resolutionMm: 0.4,
      format: "3mf",
      outPath,
    });
    const files = unzipSync(await readFile(outPath));
    const model = new TextDecoder().decode(files["3D/3dmodel.model"]);
    expect(model).toContain('<model unit="millimeter"');
    expect(model.match(/<triangle /g)?.length).toBe(result.triangles);
    expect(model.trimEnd().endsWith("</model>")).toBe(true);
  });

  it("combines CRC-32s like zlib over one buffer", () => {
    const a = Buffer.from('<triangle v1="0" v2="1" v3="1802"/>\n');
    const b = Buffer.alloc(3_000_017).map((_, k) => (k * 31) % 251);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(new Uint8Array(0)), 0)).toBe(crc32(a));
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b));
  });

  it("writes a multi-chunk 3MF whose model entry has the right CRC-32 and size", async () => {
    const pixels = new Uint8Array(200 * 200).map((_, k) => (k * 37) % 256);
    const geometry = buildPanelGeometry(
      computeHeightmap(pixels, 200, 200, {
        shape: "hexagon",
        widthMm: 100,
        heightMm: 100,
        resolutionMm: 0.2,
      }),
    );
    const outPath = join(folder, "chunks.3mf");
    await writePrintFile(geometry, "3mf", outPath);
    const bytes = await readFile(outPath);
    const model = unzipSync(bytes)["3D/3dmodel.model"]!;
    expect(model.length).toBeGreaterThan(6 << 20); // several 2 MB chunks
    // Central directory entry of the model: CRC at +16, uncompressed size at +24.
    const name = Buffer.from("3D/3dmodel.model");
    let entry = -1;
    for (let k = bytes.length - 46; k >= 0; k--) {
      if (bytes.readUInt32LE(k) === 0x02014b50 && bytes.subarray(k + 46, k + 46 + name.length).equals(name)) {
        entry = k;
        break;
      }
    }
    expect(entry).toBeGreaterThanOrEqual(0);
    expect(bytes.readUInt32LE(entry + 16)).toBe(crc32(model));
    expect(bytes.readUInt32LE(entry + 24)).toBe(model.length);
  });

  it("applies a pixel crop: cropping to the dark disc gives a mostly thick panel", async () => {
    const common = {
      imageBuffer: photo,
      shape: "square" as const,
      widthMm: 30,
      heightMm: 30,
      resolutionMm: 1,
      borderMm: 0,
      // The grid: the mean below is over vertices, which an adaptive mesh places where the detail is.
      maxErrorMm: 0,
      format: "stl" as const,
    };
    const meanTop = async (outPath: string) => {
      const { positions } = parseBinaryStl(await readFile(outPath));
      let sum = 0;
      let count = 0;
      for (let v = 2; v < positions.length; v += 3) {
        if (positions[v]! > 0) {
          sum += positions[v]!;
          count++;
        }
      }
      return sum / count;
    };
    const cropped = join(folder, "cropped.stl");
    await generatePrintFile({ ...common, outPath: cropped, crop: { x: 26, y: 18, width: 8, height: 8 } });
    const full = join(folder, "full.stl");
    await generatePrintFile({ ...common, outPath: full });
    expect(await meanTop(cropped)).toBeGreaterThan(2.7);
    expect(await meanTop(full)).toBeLessThan(2);
  });

  it.each([
    ["heart", 0.2],
    ["square", 0.3],
  ] as const)(
    "splits a %s's STL rows with a worker thread into the identical file",
    async (shape, resolutionMm) => {
      // ~30-50 MB: a few dozen 1 MB blocks shared between the threads; the heart has cut cells, the square none.
      // The grid's top (maxErrorMm 0): only its full cells are shared with the worker.
      const pixels = new Uint8Array(256 * 256).map((_, k) => (k * 37) % 256);
      const geometry = buildPanelGeometry(
        computeHeightmap(pixels, 256, 256, {
          shape,
          widthMm: 180,
          heightMm: 180,
          resolutionMm,
          maxErrorMm: 0,
        }),
      );
      const single = join(folder, `${shape}-single.stl`);
      const parallel = join(folder, `${shape}-parallel.stl`);
      const deadWorker = join(folder, `${shape}-dead-worker.stl`);
      await writePrintFile(geometry, "stl", single);
      const worker = startStlWorker();
      // Wait until its module has loaded (from sources that includes tsx's loader), so it takes blocks.
      await new Promise((resolve) => worker.once("message", resolve));
      const progress: number[] = [];
      try {
        await writePrintFile(geometry, "stl", parallel, {
          stlWorker: worker,
          onProgress: (fraction) => progress.push(fraction),
        });
      } finally {
        await worker.terminate();
      }
      // A worker that exits at once: this thread writes every block.
      const dead = new Worker("process.exit(0)", { eval: true });
      await writePrintFile(geometry, "stl", deadWorker, { stlWorker: dead });
      const expected = await readFile(single);
      expect(Buffer.compare(expected, await readFile(parallel))).toBe(0);
      expect(Buffer.compare(expected, await readFile(deadWorker))).toBe(0);
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.at(-1)).toBe(1);
      expect(progress.every((fraction, k) => k === 0 || fraction >= progress[k - 1]!)).toBe(true);
    },
  );

  it("rejects an unreadable image with a LithophaneError and leaves no file behind", async () => {
    const outPath = join(folder, "broken", "never.stl");
    await writeFile(join(folder, "not-an-image.jpg"), "hello");
    const attempt = generatePrintFile({
      imagePath: join(folder, "not-an-image.jpg"),
      shape: "square",
      widthMm: 40,
      heightMm: 40,
      format: "stl",
      outPath,
    });
    await expect(attempt).rejects.toBeInstanceOf(LithophaneError);
    await expect(attempt).rejects.toThrow(/Could not read the image/);
  });

  it("validates before touching the disk", async () => {
    const attempt = generatePrintFile({
      imageBuffer: photo,
      shape: "square",
      widthMm: 40,
      heightMm: 40,
      minThicknessMm: 5,
      format: "stl",
      outPath: join(folder, "invalid.stl"),
    });
    await expect(attempt).rejects.toThrow(/Maximum thickness \(3 mm\) must be greater/);
    expect((await readdir(folder)).filter((name) => name.includes("invalid"))).toEqual([]);
  });
});

describe("CLI", { timeout: 90_000 }, () => {
  const cli = (args: string[]) =>
    run(process.execPath, ["--import", "tsx", "src/server/cli/lithophane.ts", ...args], {
      cwd: repoRoot,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );

  it("prints triangles, bytes and time, and writes the file", async () => {
    const imagePath = join(folder, "cli.png");
    await writeFile(imagePath, photo);
    const outPath = join(folder, "cli.3mf");
    const { code, stdout } = await cli([
      imagePath,
      "--shape",
      "rectangle",
      "--width-mm",
      "40",
      "--height-mm",
      "30",
      "--resolution-mm",
      "0.5",
      "--mapping",
      "linear",
      "--crop",
      "0,0,1.2",
      "--out",
      outPath,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Wrote .*cli\.3mf: [\d,]+ triangles, [\d,]+ bytes in \d+\.\d\d s/);
    expect((await readFile(outPath)).length).toBeGreaterThan(1000);
  });

  it("exits 1 with a clear message on bad arguments and an unreadable image, writing nothing", async () => {
    const outPath = join(folder, "cli-bad.stl");
    // Independent runs: start them together, each pays tsx's start-up.
    const [badShape, badNumber, missing] = await Promise.all([
      cli(["x.png", "--shape", "circle", "--width-mm", "40", "--height-mm", "40", "--out", outPath]),
      cli(["x.png", "--shape", "square", "--width-mm", "wide", "--height-mm", "40", "--out", outPath]),
      cli([
        join(folder, "missing.png"),
        "--shape",
        "square",
        "--width-mm",
        "40",
        "--height-mm",
        "40",
        "--out",
        outPath,
      ]),
    ]);
    expect(badShape.code).toBe(1);
    expect(badShape.stderr).toContain('Unknown shape "circle"');
    expect(badNumber.code).toBe(1);
    expect(badNumber.stderr).toContain('--width-mm must be a number, got "wide"');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/error: Could not read the image: .*missing\.png/);
    expect((await readdir(folder)).filter((name) => name.includes("cli-bad"))).toEqual([]);
  });
});
