import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MemorySink } from "../chunks";
import { isLithophaneError } from "../errors";
import { buildIndexedMesh, buildPanelGeometry } from "../geometry";
import { thicknessForBrightness } from "../heightmap";
import { checkMesh } from "../mesh-check";
import { resolvePanelSpec } from "../params";
import { srgbToLinear } from "../tones";
import {
  buildColourBacklitPreview,
  buildColourParts,
  COLOR_CHECKER_SRGB,
  colourChartDeltaE,
  colourPreviewRgba,
  computeColourStack,
  DEFAULT_COLOUR_FILAMENTS,
  deltaE2000,
  deltaE2000Rgb,
  linearRgbToOklab,
  STACK_ORDER,
  StackSolver,
  scatteredColourLight,
  validateColourFilaments,
  writeColour3mf,
} from "./index";

/** An RGBA image of one colour. */
function flat(size: number, rgb: readonly [number, number, number]): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let p = 0; p < rgba.length; p += 4) rgba.set([rgb[0], rgb[1], rgb[2], 255], p);
  return rgba;
}

/** Smooth photo-like pattern with saturated and neutral areas. */
function pattern(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = 4 * (y * size + x);
      rgba[p] = Math.round((255 * x) / size);
      rgba[p + 1] = Math.round((255 * y) / size);
      rgba[p + 2] = 128 + Math.round(100 * Math.sin(x / 5));
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

const solver = new StackSolver(DEFAULT_COLOUR_FILAMENTS, 2.2, 0.7);

describe("colour science", () => {
  it("computes CIEDE2000 as Sharma, Wu and Dalal's test data", () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 3.1571, -77.2803], [50, 0, -82.7485])).toBeCloseTo(2.8615, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });
});

describe("the colour model", () => {
  it("inverts the Beer-Lambert stack exactly for a colour inside the gamut", () => {
    const target = [0.42, 0.2, 0.12] as const;
    const stack = new Float64Array(4);
    expect(solver.solve(target, stack)).toBe(true);
    for (let c = 0; c < 3; c++) expect(solver.light(stack, c)).toBeCloseTo(target[c]!, 9);
    // White carries what the three channels share, so at least one colour stays at its base.
    expect(Math.min(stack[1]!, stack[2]!, stack[3]!)).toBeCloseTo(0, 9);
  });

  it("makes greys with the white relief alone, thick as the white engine makes them", () => {
    const spec = resolvePanelSpec({ shape: "square", widthMm: 20, heightMm: 20 });
    for (const grey of [40, 128, 200]) {
      const stack = computeColourStack(flat(8, [grey, grey, grey]), 8, 8, {
        shape: "square",
        widthMm: 20,
        heightMm: 20,
        resolutionMm: 0.5,
        borderMm: 0,
        autoLevels: false,
      });
      const centre = 20 * stack.nx + 20;
      for (const role of ["cyan", "magenta", "yellow"] as const) {
        expect(stack.thicknessMm[role][centre]).toBeCloseTo(0.1, 6);
      }
      // Whole layers with diffused error: the mean light through the white equals the white engine's.
      const k = spec.attenuationPerMm;
      let light = 0;
      for (const t of stack.thicknessMm.white) light += Math.exp(-k * t);
      light /= stack.thicknessMm.white.length;
      expect(-Math.log(light) / k).toBeCloseTo(thicknessForBrightness(grey / 255, spec), 1);
      expect(stack.outOfGamutFraction).toBe(0);
    }
  });

  it("round-trips the chart's in-gamut colours through the quantised stack within 1 CIEDE2000 on average, 2 at most", () => {
    const chart = colourChartDeltaE();
    expect(chart.inGamutCount).toBeGreaterThanOrEqual(18);
    expect(chart.meanDeltaEInGamut).toBeLessThan(1);
    expect(chart.maxDeltaEInGamut).toBeLessThan(2);
    // Greys, skin tones and the sky are among them.
    for (const name of ["neutral 5", "light skin", "dark skin", "blue sky", "foliage"]) {
      expect(chart.patches.find((p) => p.name === name)?.inGamut, name).toBe(true);
    }
  });

  it("flags colours the stack cannot make and maps them to a makeable colour of about the same hue", () => {
    // A bright saturated yellow: the colour filaments dim every channel a little, so it cannot stay this bright.
    const yellow = [srgbToLinear(1), srgbToLinear(0.85), srgbToLinear(0.05)] as const;
    const stack = new Float64Array(4);
    expect(solver.solve(yellow, stack)).toBe(false);
    const mapped = new Float64Array(3);
    solver.map(yellow, mapped, stack);
    expect(solver.solve([mapped[0]!, mapped[1]!, mapped[2]!], new Float64Array(4))).toBe(true);
    for (let c = 0; c < 3; c++) expect(solver.light(stack, c)).toBeCloseTo(mapped[c]!, 6);
    const hue = (rgb: readonly number[]) => {
      const [, a, b] = linearRgbToOklab([rgb[0]!, rgb[1]!, rgb[2]!]);
      return (Math.atan2(b, a) * 180) / Math.PI;
    };
    expect(Math.abs(hue(Array.from(mapped)) - hue(yellow))).toBeLessThan(12);
    expect(deltaE2000Rgb(yellow, [mapped[0]!, mapped[1]!, mapped[2]!])).toBeLessThan(15);

    const panel = computeColourStack(flat(8, [255, 217, 13]), 8, 8, {
      shape: "square",
      widthMm: 20,
      heightMm: 20,
      resolutionMm: 0.5,
      borderMm: 0,
      autoLevels: false,
    });
    expect(panel.outOfGamutFraction).toBe(1);
    expect(panel.outOfGamut.every((v) => v === 1)).toBe(true);
    // The chart's saturated oranges and yellows are flagged too.
    const chart = colourChartDeltaE();
    expect(chart.patches.find((p) => p.name === "yellow")?.inGamut).toBe(false);
  });

  it("quantises every filament to whole layers within its range, the lip at full thickness", () => {
    const stack = computeColourStack(pattern(48), 48, 48, {
      shape: "hexagon",
      widthMm: 30,
      heightMm: 30,
      resolutionMm: 0.5,
    });
    const layer = stack.layerHeightMm;
    for (const role of STACK_ORDER) {
      const [min, max] = role === "white" ? [0.8, 3.0] : [0.1, 0.1 * stack.maxLayers];
      for (const t of stack.thicknessMm[role]) {
        expect(Math.abs(t / layer - Math.round(t / layer))).toBeLessThan(1e-4);
        expect(t).toBeGreaterThanOrEqual(min - 1e-6);
        expect(t).toBeLessThanOrEqual(max + 1e-6);
      }
    }
    // Interfaces rise by at least one layer from part to part: the parts never overlap.
    for (let s = 1; s < stack.surfacesMm.length; s++) {
      const below = stack.surfacesMm[s - 1]!;
      const above = stack.surfacesMm[s]!;
      for (let k = 0; k < below.length; k++) expect(above[k]! - below[k]!).toBeGreaterThan(layer - 1e-4);
    }
    // The lip seats in the frame at the white panel's full thickness.
    const outline = stack.heightmap.signedDistanceMm!;
    const lip = outline.findIndex((d) => d < 0 && d > -stack.spec.borderMm / 2);
    expect(stack.surfacesMm[4]![lip]).toBeCloseTo(3.0, 4);
  });

  it("rejects a printer without one filament per role, and a relief front", () => {
    const twoWhites = [DEFAULT_COLOUR_FILAMENTS[0]!, ...DEFAULT_COLOUR_FILAMENTS.slice(0, 3)];
    expect(() => validateColourFilaments(twoWhites)).toThrow(/exactly one white/);
    const weakCyan = DEFAULT_COLOUR_FILAMENTS.map((f) =>
      f.role === "cyan" ? { ...f, attenuationRgbPerMm: [1, 1, 1] as const } : f,
    );
    expect(() => validateColourFilaments(weakCyan)).toThrow(/own channel/);
    try {
      computeColourStack(flat(4, [1, 2, 3]), 4, 4, {
        shape: "square",
        widthMm: 20,
        heightMm: 20,
        front: "relief",
      });
      expect.unreachable();
    } catch (error) {
      expect(isLithophaneError(error)).toBe(true);
    }
  });
});

describe("the colour parts and file", () => {
  it("builds one closed shell per filament whose volumes add up to the panel's", () => {
    for (const shape of ["square", "heart"] as const) {
      const stack = computeColourStack(pattern(48), 48, 48, {
        shape,
        widthMm: 30,
        heightMm: 30,
        resolutionMm: 0.5,
      });
      const parts = buildColourParts(stack);
      expect(parts.map((p) => p.role)).toEqual(["cyan", "magenta", "yellow", "white"]);
      expect(parts.map((p) => p.extruder)).toEqual([2, 3, 4, 1]);
      let volume = 0;
      for (const part of parts) {
        const report = checkMesh(part.mesh.positions, part.mesh.indices);
        expect(report, `${shape} ${part.role}`).toMatchObject({
          badEdges: 0,
          degenerateTriangles: 0,
          duplicateVertices: 0,
          unusedVertices: 0,
          eulerCharacteristic: 2,
        });
        expect(report.signedVolume).toBeGreaterThan(0);
        volume += report.signedVolume;
      }
      const whole = buildIndexedMesh(buildPanelGeometry(stack.heightmap));
      expect(volume).toBeCloseTo(checkMesh(whole.positions, whole.indices).signedVolume, 0);
    }
  });

  it("writes a PrusaSlicer multi-material project: one object, four volumes on their extruders", async () => {
    const stack = computeColourStack(pattern(32), 32, 32, {
      shape: "rectangle",
      widthMm: 40,
      heightMm: 30,
      resolutionMm: 1,
    });
    const sink = new MemorySink();
    const result = await writeColour3mf(stack, sink);
    const files = unzipSync(sink.toBytes());
    const text = (path: string) => new TextDecoder().decode(files[path]);
    const model = text("3D/3dmodel.model");
    expect(model.match(/<object /g)).toHaveLength(1);
    expect(model.match(/<triangle /g)).toHaveLength(result.triangles);
    const config = text("Metadata/Slic3r_PE_model.config");
    const volumes = [...config.matchAll(/<volume firstid="(\d+)" lastid="(\d+)">/g)];
    expect(volumes.map((m) => Number(m[1]))[0]).toBe(0);
    expect(Number(volumes[3]![2]) + 1).toBe(result.triangles);
    expect([...config.matchAll(/key="extruder" value="(\d)"/g)].map((m) => m[1])).toEqual([
      "2",
      "3",
      "4",
      "1",
    ]);
    const settings = text("Metadata/Slic3r_PE.config");
    expect(settings).toContain(
      '; filament_settings_id = "Lithobox White PLA";"Lithobox Cyan PLA";"Lithobox Magenta PLA";"Lithobox Yellow PLA"\n',
    );
    expect(settings).toContain("; filament_colour = #F5F5F0;#00A0E0;#E0208A;#F5D000\n");
    expect(settings).toContain("; wipe_tower = 0\n");
    expect(settings).toContain("; first_layer_height = 0.1\n");
  });

  it("previews the glow the model predicts, hatching what it cannot show", () => {
    const preview = buildColourBacklitPreview(flat(16, [255, 217, 13]), 16, 16, {
      shape: "heart",
      widthMm: 60,
      heightMm: 60,
    });
    expect(preview.texture.length).toBe(preview.textureWidth * preview.textureHeight * 4);
    expect(preview.uvs.length / 2).toBe(preview.vertexCount);
    expect(preview.outOfGamutFraction).toBeGreaterThan(0.9);
    expect(preview.highlightTexture).not.toEqual(preview.texture);
    const grey = computeColourStack(flat(8, [128, 128, 128]), 8, 8, {
      shape: "square",
      widthMm: 20,
      heightMm: 20,
      resolutionMm: 1,
      autoLevels: false,
      borderMm: 0,
    });
    const texels = colourPreviewRgba(grey);
    // A grey glows grey.
    expect(Math.abs(texels[0]! - texels[2]!)).toBeLessThanOrEqual(2);
    expect(COLOR_CHECKER_SRGB).toHaveLength(24);
  });

  describe("the preview's light scatters like the twin's (decision 338)", () => {
    // A warm photo with a dark vertical line two pixels wide: the line is thick white relief.
    const size = 64;
    const rgba = flat(size, [235, 200, 170]);
    for (let y = 0; y < size; y++) {
      for (const x of [31, 32]) rgba.set([20, 15, 10, 255], 4 * (y * size + x));
    }
    const stack = computeColourStack(rgba, size, size, {
      shape: "square",
      widthMm: 32,
      heightMm: 32,
      resolutionMm: 0.5,
      autoLevels: false,
      borderMm: 0,
    });
    const { nx, ny, predictedLinear } = stack;
    const row = Math.floor(ny / 2);
    /** Green light along the middle row, per column. */
    const along = (light: Float32Array) =>
      Array.from({ length: nx }, (_, i) => light[3 * (row * nx + i) + 1]!);

    it("is the model's prediction without scattering", () => {
      expect(scatteredColourLight(stack, 0)).toBe(predictedLinear);
    });

    it("fills a fine dark line with its neighbours' light and smooths the layer steps, conserving light", () => {
      const sharp = along(predictedLinear);
      const spread = along(scatteredColourLight(stack));
      const line = sharp.indexOf(Math.min(...sharp));
      expect(Math.abs(line - nx / 2)).toBeLessThanOrEqual(1);
      expect(spread[line]!).toBeGreaterThan(sharp[line]! * 3);
      // An open area away from the line and the edge's lip: the same light on average, and the whole-layer
      // steps of the quantised stack (0.5 beside 0.9 here) drawn as the plastic spreads them.
      const open = (values: number[]) => values.slice(8, line - 8);
      const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
      const spreadOf = (values: number[]) => Math.max(...values) - Math.min(...values);
      expect(mean(open(spread))).toBeCloseTo(mean(open(sharp)), 1);
      expect(spreadOf(open(spread))).toBeLessThan(spreadOf(open(sharp)) / 2);
      // Beside the line its shadow spreads out: darker than the open area.
      expect(spread[line - 2]!).toBeLessThan(mean(open(spread)));
    });

    it("is what the creator's texture and its answer show, with the filament's scattering", () => {
      const preview = buildColourBacklitPreview(rgba, size, size, {
        shape: "square",
        widthMm: 32,
        heightMm: 32,
        autoLevels: false,
        borderMm: 0,
      });
      expect(preview.scatterPerMm).toBeCloseTo(0.248, 3);
      const unscattered = buildColourBacklitPreview(rgba, size, size, {
        shape: "square",
        widthMm: 32,
        heightMm: 32,
        autoLevels: false,
        borderMm: 0,
        scatterPerMm: 0,
      });
      expect(unscattered.scatterPerMm).toBe(0);
      expect(preview.texture).not.toEqual(unscattered.texture);
      // The line's texel is lighter in the scattered texture (green channel).
      const w = preview.textureWidth;
      const middle = Math.floor(preview.textureHeight / 2) * w;
      const greens = (texture: Uint8Array) =>
        Array.from({ length: w }, (_, i) => texture[4 * (middle + i) + 1]!);
      const plain = greens(unscattered.texture);
      const line = plain.indexOf(Math.min(...plain));
      expect(greens(preview.texture)[line]!).toBeGreaterThan(plain[line]! + 10);
    });
  });
});
