import { thicknessForBrightness } from "@lithophane/heightmap";
import { resolvePanelSpec } from "@lithophane/params";
import { srgbToLinear } from "@lithophane/tones";
import { describe, expect, it } from "vitest";
import {
  attenuationFromReading,
  calibrationReadingSchema,
  DEFAULT_ATTENUATION_PER_MM,
  filamentInputSchema,
  filamentPatchSchema,
  WEDGE_STEPS_MM,
} from "./calibration";

describe("attenuationFromReading", () => {
  it("turns a measured ratio into k with Beer-Lambert: ratio = e^(-k (thick - thin))", () => {
    // 1.0 mm -> 2.0 mm lets 13.5% through: k = -ln(0.1353) / 1 = 2.
    const result = attenuationFromReading({
      method: "ratio",
      thinnerMm: 1,
      thickerMm: 2,
      ratio: Math.exp(-2),
    });
    expect(result).toEqual({ ok: true, attenuationPerMm: 2, transmissionPerMm: Math.exp(-2) });
    const half = attenuationFromReading({ method: "ratio", thinnerMm: 0.6, thickerMm: 1.4, ratio: 0.5 });
    expect(half.ok && half.attenuationPerMm).toBeCloseTo(Math.log(2) / 0.8, 4);
  });

  it("turns the step matching an 18% card into k: the light through that step is 18% of the thinnest's", () => {
    const result = attenuationFromReading({
      method: "match",
      thinnestStepMm: 0.6,
      matchedStepMm: 1.4,
      cardRelativeLight: 0.18,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.attenuationPerMm).toBeCloseTo(-Math.log(0.18) / 0.8, 4);
    // And back: the matched step does let 18% of the thinnest's light through.
    expect(Math.exp(-result.attenuationPerMm * (1.4 - 0.6))).toBeCloseTo(0.18, 3);
  });

  it("a clearer filament (the card matched on a thicker step) gets a smaller k", () => {
    const k = (step: number) => {
      const r = attenuationFromReading({
        method: "match",
        thinnestStepMm: 0.6,
        matchedStepMm: step,
        cardRelativeLight: 0.18,
      });
      return r.ok ? r.attenuationPerMm : Number.NaN;
    };
    expect(k(3.0)).toBeLessThan(k(1.4));
    expect(k(1.4)).toBeLessThan(k(1.0));
  });

  it("refuses a reading that gives k outside the printable range", () => {
    // 99% of the light lost over 0.27 mm: k = 17 per mm.
    const dark = attenuationFromReading({ method: "ratio", thinnerMm: 0.6, thickerMm: 0.87, ratio: 0.01 });
    expect(dark.ok).toBe(false);
    const clear = attenuationFromReading({ method: "ratio", thinnerMm: 0.6, thickerMm: 3, ratio: 0.99 });
    expect(clear.ok).toBe(false);
  });

  it("rounds k to 4 decimals", () => {
    const r = attenuationFromReading({ method: "ratio", thinnerMm: 0.6, thickerMm: 1.4, ratio: 0.3 });
    expect(r.ok && String(r.attenuationPerMm).split(".")[1]!.length).toBeLessThanOrEqual(4);
  });
});

describe("calibrationReadingSchema", () => {
  it("refuses a thicker step that is not thicker, a ratio of 0 or 1 and unknown methods", () => {
    const bad = [
      { method: "ratio", thinnerMm: 2, thickerMm: 1, ratio: 0.5 },
      { method: "ratio", thinnerMm: 1, thickerMm: 1, ratio: 0.5 },
      { method: "ratio", thinnerMm: 1, thickerMm: 2, ratio: 1 },
      { method: "ratio", thinnerMm: 1, thickerMm: 2, ratio: 0 },
      { method: "match", thinnestStepMm: 0.6, matchedStepMm: 0.6, cardRelativeLight: 0.18 },
      { method: "match", thinnestStepMm: 0.6, matchedStepMm: 1.4, cardRelativeLight: 1.5 },
      { method: "guess", k: 2 },
    ];
    for (const reading of bad) expect(calibrationReadingSchema.safeParse(reading).success).toBe(false);
    expect(
      calibrationReadingSchema.safeParse({ method: "ratio", thinnerMm: 1, thickerMm: 2, ratio: 0.4 }).success,
    ).toBe(true);
  });
});

describe("filament schemas", () => {
  it("default k is today's (white PLA) and the colour is normalised", () => {
    const parsed = filamentInputSchema.parse({ name: " White PLA ", colour: "#F4F1EA" });
    expect(parsed).toEqual({
      name: "White PLA",
      colour: "#f4f1ea",
      attenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
    });
    expect(filamentInputSchema.safeParse({ name: "X", colour: "red" }).success).toBe(false);
    expect(filamentInputSchema.safeParse({ name: "X", colour: "#ffffff", attenuationPerMm: 9 }).success).toBe(
      false,
    );
    expect(filamentPatchSchema.safeParse({}).success).toBe(false);
  });

  it("the wedge steps are the CLI's: 10 steps from 0.6 to 3.0 mm", () => {
    expect(WEDGE_STEPS_MM).toHaveLength(10);
    expect(WEDGE_STEPS_MM[0]).toBe(0.6);
    expect(WEDGE_STEPS_MM[9]).toBe(3);
  });
});

describe("a calibrated k through the engine", () => {
  it("the thickness the mapping gives a grey reproduces its linear brightness with the calibrated k", () => {
    const reading = attenuationFromReading({ method: "ratio", thinnerMm: 0.6, thickerMm: 1.4, ratio: 0.4 });
    if (!reading.ok) throw new Error(reading.message);
    const k = reading.attenuationPerMm;
    const spec = resolvePanelSpec({ shape: "rectangle", widthMm: 60, heightMm: 40, attenuationPerMm: k });
    const { minThicknessMm: min, maxThicknessMm: max } = spec;
    for (const grey of [0.25, 0.5, 0.75]) {
      const t = thicknessForBrightness(grey, spec);
      const light = (Math.exp(-k * t) - Math.exp(-k * max)) / (Math.exp(-k * min) - Math.exp(-k * max));
      expect(light).toBeCloseTo(srgbToLinear(grey), 6);
      // And the default k gives a different thickness for the same grey.
      const defaultSpec = resolvePanelSpec({ shape: "rectangle", widthMm: 60, heightMm: 40 });
      expect(Math.abs(thicknessForBrightness(grey, defaultSpec) - t)).toBeGreaterThan(0.02);
    }
  });
});
