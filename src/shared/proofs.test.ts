import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROOF_SETTINGS,
  heldByTwin,
  parseProofSettings,
  proofAllowsPrinting,
  proofDueAt,
  proofOpen,
  TWIN_THRESHOLDS,
  twinAgrees,
} from "./proofs";

describe("twin thresholds", () => {
  it("are the decision's figures with their margins", () => {
    expect(TWIN_THRESHOLDS.upright).toEqual({ minSsim: 0.85, maxDeltaL: 4 });
    expect(TWIN_THRESHOLDS.flat).toEqual({ minSsim: 0.7, maxDeltaL: 6 });
  });
  it("pass the intact files measured in decision 320", () => {
    // The five shapes at 30 mm (worst of each figure) and the colour panel.
    expect(twinAgrees("upright", { ssim: 0.905, meanDeltaL: 2.88 })).toBe(true);
    expect(twinAgrees("flat", { ssim: 0.85, meanDeltaL: 3.4 })).toBe(true);
  });
  it("hold a file below SSIM or above ΔL*, at the edges exactly", () => {
    expect(twinAgrees("upright", { ssim: 0.85, meanDeltaL: 4 })).toBe(true);
    expect(twinAgrees("upright", { ssim: 0.849, meanDeltaL: 2 })).toBe(false);
    expect(twinAgrees("upright", { ssim: 0.95, meanDeltaL: 4.01 })).toBe(false);
    expect(twinAgrees("flat", { ssim: 0.69, meanDeltaL: 1 })).toBe(false);
    expect(twinAgrees("upright", { ssim: Number.NaN, meanDeltaL: 1 })).toBe(false);
  });
  it("a flagged job is held; an accepted one is not", () => {
    expect(heldByTwin("flagged")).toBe(true);
    expect(heldByTwin("accepted")).toBe(false);
    expect(heldByTwin(null)).toBe(false);
  });
});

describe("the customer's proof", () => {
  it("settings default to on with 48 hours and read leniently", () => {
    expect(parseProofSettings(null)).toEqual(DEFAULT_PROOF_SETTINGS);
    expect(DEFAULT_PROOF_SETTINGS).toEqual({ enabled: true, windowHours: 48 });
    expect(parseProofSettings('{"enabled":false,"windowHours":24}')).toEqual({
      enabled: false,
      windowHours: 24,
    });
    expect(parseProofSettings('{"windowHours":0}')).toEqual({ enabled: true, windowHours: 48 });
    expect(parseProofSettings("not json")).toEqual(DEFAULT_PROOF_SETTINGS);
  });
  it("is open until its window ends, and only while undecided", () => {
    const start = new Date("2026-11-28T10:00:00Z");
    const dueAt = proofDueAt(start, 48);
    expect(dueAt.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(proofOpen({ state: "awaiting", dueAt }, new Date("2026-11-30T09:59:59Z"))).toBe(true);
    expect(proofOpen({ state: "changed", dueAt }, start)).toBe(true);
    expect(proofOpen({ state: "awaiting", dueAt }, dueAt)).toBe(false);
    expect(proofOpen({ state: "approved", dueAt }, start)).toBe(false);
  });
  it("printing waits for approval (or no proof)", () => {
    expect(proofAllowsPrinting(null)).toBe(true);
    expect(proofAllowsPrinting("approved")).toBe(true);
    expect(proofAllowsPrinting("auto_approved")).toBe(true);
    expect(proofAllowsPrinting("awaiting")).toBe(false);
    expect(proofAllowsPrinting("changed")).toBe(false);
  });
});
