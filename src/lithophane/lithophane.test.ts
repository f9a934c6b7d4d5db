import fc from "fast-check";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { vertexPosition } from "./geometry";
import {
  buildIndexedMesh,
  buildPanelGeometry,
  buildPreviewGeometry,
  computeHeightmap,
  easyCropToPixels,
  LithophaneError,
  MemorySink,
  type PanelOptions,
  panelBounds,
  resolveCropRect,
  resolvePanelSpec,
  SHAPE_IDS,
  type ShapeId,
  shapeOutline,
  stlByteLength,
  thicknessForBrightness,
  write3mf,
  writeStl,
} from "./index";
import { checkMesh, type MeshReport, parseBinaryStl } from "./mesh-check";
import { srgbToLinear } from "./tones";

/** Minimal 3MF reader: the package parts, the model's attributes, its vertices and triangles. */
function parse3mf(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = (name: string): string => {
    const file = files[name];
    if (!file) throw new Error(`3MF is missing ${name}`);
    return new TextDecoder().decode(file);
  };
  const model = text("3D/3dmodel.model");
  const positions: number[] = [];
  for (const match of model.matchAll(/<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"\/>/g)) {
    positions.push(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const indices: number[] = [];
  for (const match of model.matchAll(/<triangle v1="(\d+)" v2="(\d+)" v3="(\d+)"\/>/g)) {
    indices.push(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  return {
    files,
    contentTypes: text("[Content_Types].xml"),
    rels: text("_rels/.rels"),
    model,
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
  };
}

function randomImage(width: number, height: number, seed: number): Uint8Array {
  const pixels = new Uint8Array(width * height);
  let state = seed >>> 0 || 1;
  for (let k = 0; k < pixels.length; k++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    pixels[k] = state >>> 24;
  }
  return pixels;
}

function expectClosedManifold(report: MeshReport): void {
  expect(report.badEdges).toBe(0);
  expect(report.degenerateTriangles).toBe(0);
  expect(report.duplicateVertices).toBe(0);
  expect(report.unusedVertices).toBe(0);
  expect(report.eulerCharacteristic).toBe(2);
  expect(report.signedVolume).toBeGreaterThan(0);
}

const panelArbitrary = fc
  .record({
    shape: fc.constantFrom(...SHAPE_IDS),
    shortSide: fc.double({ min: 20, max: 80, noNaN: true }),
    aspect: fc.double({ min: 1.05, max: 1.6, noNaN: true }),
    freeAspect: fc.double({ min: 0.6, max: 1.6, noNaN: true }),
    cellsAcross: fc.integer({ min: 30, max: 90 }),
    minThicknessMm: fc.double({ min: 0.4, max: 1.5, noNaN: true }),
    range: fc.double({ min: 0.5, max: 4, noNaN: true }),
    borderFraction: fc.double({ min: 0, max: 0.2, noNaN: true }),
    mapping: fc.constantFrom("beer-lambert" as const, "linear" as const),
    front: fc.constantFrom("flat" as const, "relief" as const),
    smoothingMm: fc.constantFrom(0, 0, 1.5),
    imageWidth: fc.integer({ min: 1, max: 30 }),
    imageHeight: fc.integer({ min: 1, max: 30 }),
    seed: fc.integer(),
  })
  .map((p) => {
    let widthMm = p.shortSide;
    let heightMm = p.shortSide;
    if (p.shape === "rectangle") widthMm = p.shortSide * p.aspect;
    if (p.shape === "rectangle-portrait") heightMm = p.shortSide * p.aspect;
    if (p.shape === "hexagon" || p.shape === "heart") widthMm = p.shortSide * p.freeAspect;
    const options: PanelOptions = {
      shape: p.shape,
      widthMm,
      heightMm,
      resolutionMm: Math.max(widthMm, heightMm) / p.cellsAcross,
      minThicknessMm: p.minThicknessMm,
      maxThicknessMm: p.minThicknessMm + p.range,
      borderMm: p.borderFraction * Math.min(widthMm, heightMm),
      mapping: p.mapping,
      front: p.front,
      smoothingMm: p.smoothingMm,
    };
    return { options, image: randomImage(p.imageWidth, p.imageHeight, p.seed), ...p };
  });

describe("parameters", () => {
  it("fills in the documented defaults", () => {
    const spec = resolvePanelSpec({ shape: "square", widthMm: 180, heightMm: 180 });
    expect(spec).toMatchObject({
      resolutionMm: 0.2,
      minThicknessMm: 0.8,
      maxThicknessMm: 3,
      mapping: "beer-lambert",
      attenuationPerMm: 2,
      autoLevels: true,
      layerSnapMm: 0,
      borderMm: 3,
      smoothingMm: 0,
      front: "flat",
    });
  });

  const invalid: [string, Partial<PanelOptions>, RegExp][] = [
    ["unknown shape", { shape: "circle" as ShapeId }, /Unknown shape "circle"/],
    ["NaN width", { widthMm: Number.NaN }, /Width must be a number/],
    ["tiny height", { heightMm: 2 }, /Height must be between 10 and 1000 mm/],
    ["non-square square", { widthMm: 180, heightMm: 120 }, /square panel needs equal width and height/],
    ["zero resolution", { resolutionMm: 0 }, /Resolution must be between/],
    ["min above max", { minThicknessMm: 3, maxThicknessMm: 2 }, /Maximum thickness \(2 mm\) must be greater/],
    ["transmission 1", { transmissionPerMm: 1 }, /Transmission per mm must be a fraction/],
    ["negative border", { borderMm: -1 }, /Border must be between 0/],
    ["unknown mapping", { mapping: "log" as "linear" }, /Unknown mapping "log"/],
    ["huge grid", { widthMm: 1000, heightMm: 1000, resolutionMm: 0.05 }, /more than the limit/],
  ];
  it.each(invalid)("rejects %s with a readable LithophaneError", (_name, change, message) => {
    const attempt = () => resolvePanelSpec({ shape: "square", widthMm: 100, heightMm: 100, ...change });
    expect(attempt).toThrow(LithophaneError);
    expect(attempt).toThrow(message);
  });

  it("rejects rectangles in the wrong orientation", () => {
    expect(() => resolvePanelSpec({ shape: "rectangle", widthMm: 90, heightMm: 120 })).toThrow(
      /wider than tall/,
    );
    expect(() => resolvePanelSpec({ shape: "rectangle-portrait", widthMm: 120, heightMm: 90 })).toThrow(
      /taller than wide/,
    );
  });
});

describe("thickness mapping", () => {
  const spec = resolvePanelSpec({ shape: "square", widthMm: 100, heightMm: 100 });

  it("Beer-Lambert: light through the panel is the sRGB-decoded linear brightness between max and min", () => {
    const k = spec.attenuationPerMm;
    const darkest = Math.exp(-k * spec.maxThicknessMm);
    const brightest = Math.exp(-k * spec.minThicknessMm);
    expect(thicknessForBrightness(0, spec)).toBeCloseTo(3, 9);
    expect(thicknessForBrightness(1, spec)).toBeCloseTo(0.8, 9);
    for (const brightness of [0.1, 0.25, 0.5, 0.9]) {
      const light = Math.exp(-k * thicknessForBrightness(brightness, spec));
      expect(light).toBeCloseTo(darkest + srgbToLinear(brightness) * (brightest - darkest), 12);
    }
    // Perceptual effect: mid-grey sits nearer the thin end than a linear ramp would put it.
    expect(thicknessForBrightness(0.5, spec)).toBeLessThan(1.9);
  });

  it("keeps the earlier look for white PLA: close to the old sRGB mapping at k = 0.69", () => {
    // Mid-tones and highlights within 0.1 mm; the deep shadows (sRGB 0.1-0.2) up to 0.16 mm thicker, where
    // the old curve let too much light through.
    for (let b = 0; b <= 1; b += 0.05) {
      const old = Math.log(0.5 ** 3 + b * (0.5 ** 0.8 - 0.5 ** 3)) / Math.log(0.5);
      const difference = Math.abs(thicknessForBrightness(b, spec) - old);
      expect(difference).toBeLessThan(b >= 0.3 ? 0.1 : 0.16);
    }
  });

  it("linear: thickness falls linearly from max (black) to min (white)", () => {
    const linear = { ...spec, mapping: "linear" as const };
    expect(thicknessForBrightness(0, linear)).toBe(3);
    expect(thicknessForBrightness(1, linear)).toBeCloseTo(0.8, 12);
    expect(thicknessForBrightness(0.5, linear)).toBeCloseTo(1.9, 12);
  });
});

describe("crop", () => {
  it("converts react-easy-crop's {x, y, zoom} like the library does", () => {
    // 400x300 image, square crop: the crop area is the full height, centred.
    expect(easyCropToPixels({ x: 0, y: 0, zoom: 1 }, 400, 300, 1)).toEqual({
      x: 50,
      y: 0,
      width: 300,
      height: 300,
    });
    // Zoom 2 halves the area; moving the media right by 40 px (at zoom 2) shows 20 px further left.
    expect(easyCropToPixels({ x: 40, y: 0, zoom: 2 }, 400, 300, 1)).toEqual({
      x: 105,
      y: 75,
      width: 150,
      height: 150,
    });
    // Offsets in displayed CSS pixels scale by natural / displayed width.
    expect(easyCropToPixels({ x: 20, y: 0, zoom: 2, mediaWidth: 200 }, 400, 300, 1).x).toBe(105);
  });

  it("keeps pixel crops inside the image and at the panel aspect without stretching", () => {
    expect(resolveCropRect({ x: 350, y: -20, width: 100, height: 100 }, 400, 300, 1)).toEqual({
      x: 300,
      y: 0,
      width: 100,
      height: 100,
    });
    const trimmed = resolveCropRect({ x: 0, y: 0, width: 400, height: 300 }, 400, 300, 1);
    expect(trimmed).toEqual({ x: 50, y: 0, width: 300, height: 300 });
  });

  it("rejects crops that miss the image or are empty", () => {
    expect(() => resolveCropRect({ x: 500, y: 0, width: 10, height: 10 }, 400, 300, 1)).toThrow(
      /lies outside/,
    );
    expect(() => resolveCropRect({ x: 0, y: 0, width: 0, height: 10 }, 400, 300, 1)).toThrow(
      /must be positive/,
    );
    expect(() => resolveCropRect({ x: 0, y: 0, zoom: 0 }, 400, 300, 1)).toThrow(/zoom must be positive/);
  });

  it("maps the cropped region onto the panel", () => {
    // White top-left quadrant, black elsewhere: cropping to it gives a thin panel (apart from the lip).
    const size = 40;
    const image = new Uint8Array(size * size);
    for (let y = 0; y < size / 2; y++) for (let x = 0; x < size / 2; x++) image[y * size + x] = 255;
    const heightmap = computeHeightmap(image, size, size, {
      shape: "square",
      widthMm: 40,
      heightMm: 40,
      resolutionMm: 1,
      borderMm: 0,
      crop: { x: 0, y: 0, width: 20, height: 20 },
    });
    expect(Math.max(...heightmap.thicknessMm)).toBeCloseTo(0.8, 5);
  });
});

describe("orientation", () => {
  // Left half of the image black (thick), right half white (thin); top row of the image black.
  const size = 32;
  const image = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) image[y * size + x] = x < size / 2 || y === 0 ? 0 : 255;
  const at = (front: "flat" | "relief", xMm: number, yMm: number) => {
    const map = computeHeightmap(image, size, size, {
      shape: "square",
      widthMm: 64,
      heightMm: 64,
      resolutionMm: 2,
      borderMm: 0,
      front,
    });
    return map.thicknessMm[Math.round(yMm / map.stepYMm) * map.nx + Math.round(xMm / map.stepXMm)]!;
  };

  it("front 'flat': the image is mirrored in model space, so it reads correctly through the flat face", () => {
    // Looking at the flat face (from -z), model +x is the viewer's left.
    expect(at("flat", 60, 30)).toBeCloseTo(3, 5); // viewer's left = image left = black
    expect(at("flat", 4, 30)).toBeCloseTo(0.8, 5);
  });

  it("front 'relief': no mirroring; image top is at +y either way", () => {
    expect(at("relief", 4, 30)).toBeCloseTo(3, 5);
    expect(at("relief", 60, 30)).toBeCloseTo(0.8, 5);
    expect(at("relief", 60, 64)).toBeCloseTo(3, 5); // top row of the image is black
    expect(at("relief", 60, 0)).toBeCloseTo(0.8, 5);
  });
});

describe("mesh", { timeout: 60_000 }, () => {
  it("is closed, manifold, outward-facing and the right size for random images, sizes and every shape", () => {
    fc.assert(
      fc.property(panelArbitrary, ({ options, image, imageWidth, imageHeight }) => {
        const heightmap = computeHeightmap(image, imageWidth, imageHeight, options);
        const geometry = buildPanelGeometry(heightmap);
        const mesh = buildIndexedMesh(geometry);
        const report = checkMesh(mesh.positions, mesh.indices);
        expectClosedManifold(report);
        expect(report.triangles).toBe(geometry.triangleCount);

        const spec = heightmap.spec;
        const step = Math.max(heightmap.stepXMm, heightmap.stepYMm);
        // Masked outlines are followed to within a cell (much closer at real sizes, see below).
        const tolerance = spec.shape === "hexagon" || spec.shape === "heart" ? step : 1e-4;
        const bounds = panelBounds(spec.shape, spec.widthMm, spec.heightMm);
        // Never outside the outline's bounds by more than a twentieth of a cell (corners cut by interpolation).
        const outside = spec.shape === "hexagon" || spec.shape === "heart" ? 0.05 * step : 1e-4;
        expect(report.min[0]).toBeGreaterThanOrEqual(bounds.minX - outside);
        expect(report.min[1]).toBeGreaterThanOrEqual(bounds.minY - outside);
        expect(report.min[0] - bounds.minX).toBeLessThanOrEqual(tolerance);
        expect(report.min[1] - bounds.minY).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(report.max[0] - bounds.maxX)).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(report.max[1] - bounds.maxY)).toBeLessThanOrEqual(tolerance);
        expect(report.min[2]).toBe(0);
        expect(report.max[2]).toBeLessThanOrEqual(spec.maxThicknessMm + 1e-5);
        if (spec.borderMm > step) expect(report.max[2]).toBeCloseTo(spec.maxThicknessMm, 5);

        // Thickness: back vertices at 0, every top vertex within [min, max].
        let backVertices = 0;
        let outOfRange = 0;
        for (let v = 2; v < mesh.positions.length; v += 3) {
          const z = mesh.positions[v]!;
          if (z === 0) backVertices++;
          else if (z < spec.minThicknessMm - 1e-5 || z > spec.maxThicknessMm + 1e-5) outOfRange++;
        }
        expect(outOfRange).toBe(0);
        expect(backVertices).toBe(geometry.loop.length);
        // Volume lies between the thinnest and thickest possible slab over the outline's area.
        expect(report.signedVolume).toBeLessThanOrEqual(spec.widthMm * spec.heightMm * spec.maxThicknessMm);
      }),
      { numRuns: 80 },
    );
  });

  it("streams the same closed mesh as binary STL (round trip)", async () => {
    await fc.assert(
      fc.asyncProperty(panelArbitrary, async ({ options, image, imageWidth, imageHeight }) => {
        const geometry = buildPanelGeometry(computeHeightmap(image, imageWidth, imageHeight, options));
        const sink = new MemorySink();
        // Tiny chunks force many buffer hand-overs.
        const result = await writeStl(geometry, sink, { chunkBytes: 4096 });
        const bytes = sink.toBytes();
        expect(result.bytes).toBe(bytes.length);
        expect(bytes.length).toBe(stlByteLength(geometry.triangleCount));
        const parsed = parseBinaryStl(bytes);
        const report = checkMesh(parsed.positions, parsed.indices);
        expectClosedManifold(report);
        expect(report.vertices).toBe(geometry.vertexCount);
        // Stored normals are unit length and agree with the winding (after float32 rounding).
        let badNormals = 0;
        const { positions, indices, normals } = parsed;
        for (let t = 0; t < indices.length / 3; t++) {
          const [a, b, c] = [3 * indices[3 * t]!, 3 * indices[3 * t + 1]!, 3 * indices[3 * t + 2]!];
          const u = [
            positions[b]! - positions[a]!,
            positions[b + 1]! - positions[a + 1]!,
            positions[b + 2]! - positions[a + 2]!,
          ];
          const w = [
            positions[c]! - positions[a]!,
            positions[c + 1]! - positions[a + 1]!,
            positions[c + 2]! - positions[a + 2]!,
          ];
          const cross = [
            u[1]! * w[2]! - u[2]! * w[1]!,
            u[2]! * w[0]! - u[0]! * w[2]!,
            u[0]! * w[1]! - u[1]! * w[0]!,
          ];
          const n = [normals[3 * t]!, normals[3 * t + 1]!, normals[3 * t + 2]!];
          const unit = Math.abs(Math.hypot(n[0]!, n[1]!, n[2]!) - 1) < 1e-4;
          const agrees = cross[0]! * n[0]! + cross[1]! * n[1]! + cross[2]! * n[2]! > 0;
          if (!unit || !agrees) badNormals++;
        }
        expect(badNormals).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it("streams the same mesh as 3MF (round trip, indexed)", async () => {
    await fc.assert(
      fc.asyncProperty(panelArbitrary, async ({ options, image, imageWidth, imageHeight }) => {
        const geometry = buildPanelGeometry(computeHeightmap(image, imageWidth, imageHeight, options));
        const sink = new MemorySink();
        await write3mf(geometry, sink, { chunkBytes: 8192 });
        const parsed = parse3mf(sink.toBytes());
        const mesh = buildIndexedMesh(geometry);
        // Same vertices in the same order (3 decimals), same triangles (the writer may order them differently).
        expect(parsed.positions.length).toBe(mesh.positions.length);
        let maxError = 0;
        for (let k = 0; k < mesh.positions.length; k++) {
          maxError = Math.max(maxError, Math.abs(parsed.positions[k]! - mesh.positions[k]!));
        }
        // Half a thousandth from the 3-decimal text, plus float32 rounding of the reference.
        expect(maxError).toBeLessThanOrEqual(0.0005 + 2e-5);
        const triangleKeys = (indices: Uint32Array) => {
          const keys: string[] = [];
          for (let t = 0; t < indices.length; t += 3)
            keys.push(`${indices[t]},${indices[t + 1]},${indices[t + 2]}`);
          return keys.sort();
        };
        expect(triangleKeys(parsed.indices)).toEqual(triangleKeys(mesh.indices));
        expectClosedManifold(checkMesh(parsed.positions, parsed.indices));
      }),
      { numRuns: 15 },
    );
  });

  it("writes a 3MF package with the core spec's structure", async () => {
    const image = randomImage(20, 20, 7);
    const geometry = buildPanelGeometry(
      computeHeightmap(image, 20, 20, { shape: "heart", widthMm: 50, heightMm: 45, resolutionMm: 1 }),
    );
    const sink = new MemorySink();
    const result = await write3mf(geometry, sink);
    expect(result.triangles).toBe(geometry.triangleCount);
    const { files, contentTypes, rels, model, indices, positions } = parse3mf(sink.toBytes());
    expect(Object.keys(files).sort()).toEqual(["3D/3dmodel.model", "[Content_Types].xml", "_rels/.rels"]);
    expect(contentTypes).toContain('xmlns="http://schemas.openxmlformats.org/package/2006/content-types"');
    expect(contentTypes).toContain(
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
    );
    expect(contentTypes).toContain(
      '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>',
    );
    expect(rels).toMatch(
      /<Relationship Target="\/3D\/3dmodel.model" Id="[^"]+" Type="http:\/\/schemas.microsoft.com\/3dmanufacturing\/2013\/01\/3dmodel"\/>/,
    );
    expect(model.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const root = model.match(/<model ([^>]*)>/)?.[1] ?? "";
    expect(root).toContain('unit="millimeter"');
    expect(root).toContain('xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"');
    // Element nesting: model > resources > object > mesh > vertices, triangles; model > build > item.
    const skeleton = model
      .replace(/<vertex [^>]*\/>\n?/g, "")
      .replace(/<triangle [^>]*\/>\n?/g, "")
      .replace(/<metadata [^>]*>[^<]*<\/metadata>\n?/g, "")
      .replace(/\s+/g, "");
    expect(skeleton).toMatch(
      /<model[^>]*><resources><objectid="(\d+)"type="model"[^>]*><mesh><vertices><\/vertices><triangles><\/triangles><\/mesh><\/object><\/resources><build><itemobjectid="\1"\/><\/build><\/model>$/,
    );
    expect(indices.length / 3).toBe(geometry.triangleCount);
    expect(Math.max(...indices)).toBe(positions.length / 3 - 1);
  });

  it("cuts the hexagon regular: six equal sides, 120 degree corners, across corners = the size", () => {
    const outline = shapeOutline("hexagon", 180, 180)!;
    const n = outline.xs.length;
    expect(n).toBe(6);
    for (let k = 0; k < n; k++) {
      const [ax, ay] = [outline.xs[(k + n - 1) % n]!, outline.ys[(k + n - 1) % n]!];
      const [bx, by] = [outline.xs[k]!, outline.ys[k]!];
      const [cx, cy] = [outline.xs[(k + 1) % n]!, outline.ys[(k + 1) % n]!];
      expect(Math.hypot(cx - bx, cy - by)).toBeCloseTo(90, 9);
      const corner = Math.acos(
        ((ax - bx) * (cx - bx) + (ay - by) * (cy - by)) /
          (Math.hypot(ax - bx, ay - by) * Math.hypot(cx - bx, cy - by)),
      );
      expect((corner * 180) / Math.PI).toBeCloseTo(120, 9);
    }
    const bounds = panelBounds("hexagon", 180, 180);
    expect(bounds.maxX - bounds.minX).toBeCloseTo(180, 9);
    expect(bounds.maxY - bounds.minY).toBeCloseTo(155.885, 3);
    expect((bounds.minY + bounds.maxY) / 2).toBeCloseTo(90, 9);
    // A box flatter than the hexagon: across flats fills the height instead.
    const flat = panelBounds("hexagon", 200, 100);
    expect(flat.maxY - flat.minY).toBeCloseTo(100, 9);
    expect(flat.maxX - flat.minX).toBeCloseTo(200 / Math.sqrt(3), 9);
  });

  it.each(["hexagon", "heart"] as const)(
    "follows the %s outline to within 5 percent of a cell at shop sizes",
    (shape) => {
      for (const [size, resolutionMm] of [
        [178, 1],
        [127, 0.5],
        [40, 0.5],
      ] as const) {
        const geometry = buildPanelGeometry(
          computeHeightmap(randomImage(16, 16, 5), 16, 16, {
            shape,
            widthMm: size,
            heightMm: size,
            resolutionMm,
          }),
        );
        const mesh = buildIndexedMesh(geometry);
        const report = checkMesh(mesh.positions, mesh.indices);
        expectClosedManifold(report);
        const step = geometry.stepXMm;
        const bounds = panelBounds(shape, size, size);
        expect(Math.abs(report.min[0]! - bounds.minX)).toBeLessThanOrEqual(0.05 * step);
        expect(Math.abs(report.min[1]! - bounds.minY)).toBeLessThanOrEqual(0.05 * step);
        expect(Math.abs(bounds.maxX - report.max[0]!)).toBeLessThanOrEqual(0.05 * step);
        expect(Math.abs(bounds.maxY - report.max[1]!)).toBeLessThanOrEqual(0.05 * step);
      }
    },
  );

  it("leaves no needle or fold on the flat back, in float32 as written, at every shop size", () => {
    // The heart at 178 and 180 mm (0.2 mm) had five back triangles 1e-9 mm high, fanned along its arcs;
    // written as float32 they faced up and admesh reported "Normals fixed: 5". The hexagon's back had
    // triangles folded over by 4e-5 mm at every size at 0.2 mm. Every back triangle must keep its winding
    // in the float32 coordinates the files store.
    const image = randomImage(128, 128, 11);
    for (const shape of ["heart", "hexagon"] as const) {
      for (const size of [100, 127, 150, 178, 180, 200]) {
        for (const resolutionMm of [0.2, 0.5]) {
          // The grid's top: a masked shape's adaptive geometry keeps the same loop and back face.
          const geometry = buildPanelGeometry(
            computeHeightmap(image, 128, 128, { shape, widthMm: size, heightMm: size, resolutionMm }),
            { maxErrorMm: 0 },
          );
          const position = new Float64Array(3);
          const xs = new Float64Array(geometry.loop.length);
          const ys = new Float64Array(geometry.loop.length);
          geometry.loop.forEach((id, p) => {
            vertexPosition(geometry, id, position);
            xs[p] = Math.fround(position[0]!);
            ys[p] = Math.fround(position[1]!);
          });
          const back = geometry.backTriangles;
          let thinnest = Number.POSITIVE_INFINITY;
          for (let t = 0; t < back.length; t += 3) {
            const [a, b, c] = [back[t]!, back[t + 1]!, back[t + 2]!];
            const twiceArea = (xs[b]! - xs[a]!) * (ys[c]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[a]!);
            const longest = Math.max(
              Math.hypot(xs[b]! - xs[a]!, ys[b]! - ys[a]!),
              Math.hypot(xs[c]! - xs[b]!, ys[c]! - ys[b]!),
              Math.hypot(xs[a]! - xs[c]!, ys[a]! - ys[c]!),
            );
            thinnest = Math.min(thinnest, twiceArea / longest);
          }
          expect(thinnest, `${shape} ${size} mm at ${resolutionMm} mm`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("builds a low-resolution preview for three.js", () => {
    const preview = buildPreviewGeometry(randomImage(64, 48, 3), 64, 48, {
      shape: "heart",
      widthMm: 180,
      heightMm: 180,
    });
    expect(preview.positions).toBeInstanceOf(Float32Array);
    expect(preview.indices).toBeInstanceOf(Uint32Array);
    expect(preview.triangles).toBeLessThan(100_000);
    expectClosedManifold(checkMesh(preview.positions, preview.indices));
  });

  it("produces the expected triangle count for a full rectangle on the grid (no second grid on the back)", () => {
    const geometry = buildPanelGeometry(
      computeHeightmap(randomImage(8, 8, 1), 8, 8, {
        shape: "square",
        widthMm: 20,
        heightMm: 20,
        resolutionMm: 1,
      }),
      { maxErrorMm: 0 },
    );
    const loop = 4 * 20;
    expect(geometry.triangleCount).toBe(2 * 20 * 20 + 2 * loop + (loop - 2));
    expect(geometry.vertexCount).toBe(21 * 21 + loop);
  });
});
