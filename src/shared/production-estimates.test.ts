import { describe, expect, it } from "vitest";
import {
  estimateText,
  parseGcodeEstimate,
  parseSlicerDuration,
  summariseEstimates,
} from "./production-estimates";

const FOOTER = `; filament used [mm] = 3515.89
; filament used [cm3] = 8.46
; filament used [g] = 10.49
; total filament used [g] = 10.49
; total filament cost = 0.00
; estimated printing time (normal mode) = 2h 1m 34s
; prusaslicer_config = begin
; layer_height = 0.1
`;

describe("parseSlicerDuration", () => {
  it("reads PrusaSlicer's d/h/m/s durations", () => {
    expect(parseSlicerDuration("2h 1m 34s")).toBe(7294);
    expect(parseSlicerDuration("1d 2h 3m 4s")).toBe(93_784);
    expect(parseSlicerDuration("45m 3s")).toBe(2703);
    expect(parseSlicerDuration("34s")).toBe(34);
    expect(parseSlicerDuration("soon")).toBeNull();
    expect(parseSlicerDuration("")).toBeNull();
  });
});

describe("parseGcodeEstimate", () => {
  it("reads the print time and the total grams from the footer", () => {
    expect(parseGcodeEstimate(`G1 X1\n${FOOTER}`)).toEqual({ printSeconds: 7294, filamentGrams: 10.49 });
  });
  it("sums per-extruder grams when there is no total", () => {
    const text = "; filament used [g] = 10.5, 2.25\n; estimated printing time (normal mode) = 10m 0s\n";
    expect(parseGcodeEstimate(text)).toEqual({ printSeconds: 600, filamentGrams: 12.75 });
  });
  it("answers null without either figure", () => {
    expect(parseGcodeEstimate("; total filament used [g] = 3\n")).toBeNull();
    expect(parseGcodeEstimate("; estimated printing time (normal mode) = 1h 0m 0s\n")).toBeNull();
    expect(parseGcodeEstimate("G28\nG1 X10\n")).toBeNull();
  });
});

describe("summariseEstimates", () => {
  const done = (s: number, g: number) => ({
    jobStatus: "done",
    estimateStatus: "done",
    printSeconds: s,
    filamentGrams: g,
  });
  it("sums every panel once all are estimated", () => {
    expect(summariseEstimates([done(3600, 20), done(1800, 10)])).toEqual({
      state: "done",
      printSeconds: 5400,
      filamentGrams: 30,
      panels: 2,
      estimatedPanels: 2,
    });
  });
  it("is pending while a file is made or sliced", () => {
    const s = summariseEstimates([
      done(3600, 20),
      { jobStatus: "done", estimateStatus: "pending", printSeconds: null, filamentGrams: null },
    ]);
    expect(s.state).toBe("pending");
    expect(s.printSeconds).toBe(3600);
    expect(
      summariseEstimates([
        { jobStatus: "running", estimateStatus: null, printSeconds: null, filamentGrams: null },
      ]).state,
    ).toBe("pending");
  });
  it("is unavailable without a slicer, after a failure, or with no print files", () => {
    expect(
      summariseEstimates([
        { jobStatus: "done", estimateStatus: "unavailable", printSeconds: null, filamentGrams: null },
      ]).state,
    ).toBe("unavailable");
    expect(
      summariseEstimates([
        { jobStatus: "failed", estimateStatus: null, printSeconds: null, filamentGrams: null },
      ]).state,
    ).toBe("unavailable");
    expect(summariseEstimates([]).state).toBe("unavailable");
  });
});

describe("estimateText", () => {
  it("says hours and grams, estimating, or not available", () => {
    const base = { panels: 1, estimatedPanels: 1 };
    expect(estimateText({ state: "done", printSeconds: 41_388, filamentGrams: 65.58, ...base })).toBe(
      "11.5 h · 66 g",
    );
    expect(estimateText({ state: "pending", printSeconds: 0, filamentGrams: 0, ...base })).toBe(
      "estimating…",
    );
    expect(estimateText({ state: "unavailable", printSeconds: 0, filamentGrams: 0, ...base })).toBe(
      "not available",
    );
    expect(estimateText(null)).toBe("not available");
  });
});

describe("parseGramsPerExtruder (issue 32: filament per colour from the twin's slicing)", () => {
  it("reads each extruder's grams, else null", async () => {
    const { parseGramsPerExtruder } = await import("./production-estimates");
    expect(parseGramsPerExtruder("; filament used [g] = 1.234, 0.40, 3.1, 0.00\n")).toEqual([
      1.23, 0.4, 3.1, 0,
    ]);
    expect(parseGramsPerExtruder("; total filament used [g] = 4\n")).toBeNull();
  });
});
