/**
 * The light model (decision 338): the default scattering is the calibration-by-photo fit of a rendered
 * wedge, and the model blurs thick plastic more than thin.
 */
import { describe, expect, it } from "vitest";
import { fitWedgePhoto } from "./calibration-photo";
import { DEFAULT_SCATTER_PER_MM, greyLightModel, lightThrough } from "./light";
import { renderWedgePhoto, TILTED_WEDGE } from "./wedge-photo-render";

describe("light model", () => {
  it("its default scattering is what calibration by photo fits on white PLA's wedge (k 2, s 0.25)", {
    timeout: 120_000,
  }, () => {
    const fit = fitWedgePhoto(
      renderWedgePhoto({
        attenuationRgbPerMm: [2, 2, 2],
        scatterPerMm: 0.25,
        corners: TILTED_WEDGE,
        whiteBalance: [1.12, 1.0, 0.82],
        cameraBlurPx: 0.8,
        noise: 1.5,
        width: 1440,
        height: 600,
      }),
    );
    if (!fit.ok) throw new Error(`no fit: ${fit.reason}`);
    console.log(
      `wedge fit: k ${fit.attenuationRgbPerMm.map((k) => k.toFixed(3)).join(" / ")} (luminance ${fit.attenuationPerMm.toFixed(3)}), s ${fit.scatterPerMm.toFixed(4)} mm/mm, camera ${fit.cameraBlurMm.toFixed(3)} mm, tone residual ${fit.toneResidualL.toFixed(2)} L*`,
    );
    expect(Math.abs(fit.scatterPerMm - DEFAULT_SCATTER_PER_MM)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(fit.attenuationPerMm - 2) / 2).toBeLessThanOrEqual(0.02);
  });

  it("keeps detail in thin plastic and blurs it in thick plastic, conserving the light", () => {
    const width = 200;
    const height = 40;
    const cellMm = 0.1;
    // Left half 0.8 mm, right half 3 mm (10 mm each); a 0.2 mm wide line 0.4 mm thicker in the middle of each.
    const thickness = new Float32Array(width * height);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const base = i < width / 2 ? 0.8 : 3;
        const line = i === 49 || i === 50 || i === 149 || i === 150;
        thickness[j * width + i] = base + (line ? 0.4 : 0);
      }
    }
    const map = {
      width,
      height,
      cellMm,
      thicknessMm: thickness,
      inside: new Uint8Array(width * height).fill(1),
    };
    const sharp = lightThrough(map, greyLightModel(2, 0), { thinnestMm: 0.8 })[0]!;
    const lit = lightThrough(map, greyLightModel(2), { thinnestMm: 0.8 })[0]!;
    const row = 20 * width;
    const contrast = (light: Float32Array, line: number, beside: number) =>
      1 - light[row + line]! / light[row + beside]!;
    // Without scattering both lines are as deep (the same 0.4 mm); with it the thin side's stays (sigma
    // 0.2 mm, the line's width) and the thick side's (sigma 0.75 mm) fades.
    expect(contrast(sharp, 49, 80)).toBeCloseTo(contrast(sharp, 149, 180), 5);
    expect(contrast(lit, 149, 180)).toBeLessThan(0.6 * contrast(sharp, 149, 180));
    console.log(
      `line contrast thin ${contrast(sharp, 49, 80).toFixed(3)} -> ${contrast(lit, 49, 80).toFixed(3)}, thick ${contrast(sharp, 149, 180).toFixed(3)} -> ${contrast(lit, 149, 180).toFixed(3)}`,
    );
    expect(contrast(lit, 49, 80)).toBeGreaterThan(2 * contrast(lit, 149, 180));
    // The line in thick plastic is lightened by its neighbours.
    expect(lit[row + 149]!).toBeGreaterThan(1.2 * sharp[row + 149]!);
    // Light is spread, not made: the thick half's total around the line is within 2 % (each cell has its own sigma, so not exactly).
    let before = 0;
    let after = 0;
    for (let i = 125; i < 175; i++) {
      before += sharp[row + i]!;
      after += lit[row + i]!;
    }
    expect(Math.abs(after - before) / before).toBeLessThan(0.02);
  });

  it("draws colour filaments per channel and a grey filament as one channel", () => {
    const map = {
      width: 4,
      height: 1,
      cellMm: 0.1,
      thicknessMm: Float32Array.from([1, 1.5, 2, 2.5]),
      inside: new Uint8Array(4).fill(1),
    };
    expect(lightThrough(map, greyLightModel(2, 0), { thinnestMm: 1 })).toHaveLength(1);
    const channels = lightThrough(
      map,
      { attenuationRgbPerMm: [1, 2, 3], scatterPerMm: 0 },
      { thinnestMm: 1 },
    );
    expect(channels).toHaveLength(3);
    expect(channels[2]![3]!).toBeCloseTo(Math.exp(-3 * 1.5), 5);
  });
});
