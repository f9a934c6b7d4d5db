/**
 * Filaments and their calibration (issue 19, item 3; decision 071). Each filament the workshop
 * prints lithophanes in has an attenuation k per mm (Beer-Lambert: the light through t mm is
 * e^(-k t)); one filament is active, and every print job and the creator's 3D preview use its k.
 *
 * The owner prints the step wedge (`npm run lithophane -- calibration`, or the Calibration
 * screen's download), lights it from behind and gives one reading:
 *   - match: the step that looks as bright as a reference card whose light, relative to the
 *     thinnest step, is known (an 18% grey card against the thinnest step: 0.18);
 *   - ratio: a measured ratio of the light through a thicker step to the light through a
 *     thinner one (a lux meter, or a phone camera on manual exposure).
 * attenuationFromReading turns either into k with the same relation the engine maps with.
 */

import { DEFAULT_SCATTER_PER_MM } from "@lithophane/light";
import {
  ATTENUATION_LIMITS,
  attenuationFromMatch,
  attenuationFromRatio,
  DEFAULT_ATTENUATION_PER_MM,
  transmissionFromAttenuation,
  wedgeSteps,
} from "@lithophane/tones";
import { z } from "zod";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";

export { ATTENUATION_LIMITS, DEFAULT_ATTENUATION_PER_MM, DEFAULT_SCATTER_PER_MM };

const M = ADMIN_MESSAGE_TEXTS.calibration;

/** The steps of the wedge the shop hands out (the CLI's defaults: 10 steps, 0.6 to 3.0 mm). */
export const WEDGE_STEPS_MM: readonly number[] = wedgeSteps(10, 0.6, 3.0);

/** The reference card the Calibration screen suggests: 18% grey (a photographer's grey card). */
export const DEFAULT_CARD_RELATIVE_LIGHT = 0.18;

/** The filament a fresh shop starts with: today's look (k = DEFAULT_ATTENUATION_PER_MM). */
export const DEFAULT_FILAMENT = {
  name: "White PLA",
  colour: "#f4f1ea",
  attenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
} as const;

const thickness = z
  .number({ error: M.thicknessInvalid })
  .min(0.1, M.thicknessInvalid)
  .max(10, M.thicknessInvalid);

export const matchReadingSchema = z.object({
  method: z.literal("match"),
  /** The thinnest step of the wedge (the card's light is relative to it). */
  thinnestStepMm: thickness,
  /** The step that looked as bright as the card. */
  matchedStepMm: thickness,
  /** The card's light relative to the thinnest step, strictly between 0 and 1. */
  cardRelativeLight: z.number({ error: M.ratioInvalid }).gt(0, M.ratioInvalid).lt(1, M.ratioInvalid),
});

export const ratioReadingSchema = z.object({
  method: z.literal("ratio"),
  thinnerMm: thickness,
  thickerMm: thickness,
  /** Light through the thicker step / light through the thinner one, strictly between 0 and 1. */
  ratio: z.number({ error: M.ratioInvalid }).gt(0, M.ratioInvalid).lt(1, M.ratioInvalid),
});

/** What calibration by photo measured (src/lithophane/calibration-photo.ts), as the owner saved it. */
export const photoReadingSchema = z.object({
  method: z.literal("photo"),
  /** k per mm for luminance: the filament's k. */
  attenuationPerMm: z.number().positive(),
  attenuationRgbPerMm: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
  /** Sideways spread of the light: sigma = this x the plastic's thickness. */
  scatterPerMm: z.number().min(0).max(1),
  cameraBlurMm: z.number().min(0).max(5),
  /** RMS of the steps' fitted - measured light, CIE L*. */
  toneResidualL: z.number().min(0).max(100),
  stepsUsed: z.number().int().min(3).max(50),
});

export const calibrationReadingSchema = z
  .discriminatedUnion("method", [matchReadingSchema, ratioReadingSchema, photoReadingSchema])
  .superRefine((reading, ctx) => {
    if (reading.method === "photo") return;
    const [thin, thick, path] =
      reading.method === "match"
        ? [reading.thinnestStepMm, reading.matchedStepMm, "matchedStepMm"]
        : [reading.thinnerMm, reading.thickerMm, "thickerMm"];
    if (!(thick > thin)) ctx.addIssue({ code: "custom", path: [path], message: M.thickerThanThinner });
  });

export type CalibrationReading = z.infer<typeof calibrationReadingSchema>;

/**
 * The scattering a filament is drawn with (the light model, decision 338): a photo calibration's fitted
 * s, else the model's default (itself fitted on a rendered wedge of white PLA).
 */
export function scatterFromCalibration(calibration: unknown): number {
  const reading = photoReadingSchema.safeParse(calibration);
  return reading.success ? reading.data.scatterPerMm : DEFAULT_SCATTER_PER_MM;
}
export type PhotoReading = z.infer<typeof photoReadingSchema>;

/** The reading the owner saves from a photo's fit: k, the scattering and how well they fit. */
export function photoReadingFromFit(fit: {
  attenuationPerMm: number;
  attenuationRgbPerMm: readonly [number, number, number];
  scatterPerMm: number;
  cameraBlurMm: number;
  toneResidualL: number;
  steps: ReadonlyArray<{ used: boolean }>;
}): PhotoReading {
  const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
  return {
    method: "photo",
    attenuationPerMm: roundAttenuation(fit.attenuationPerMm),
    attenuationRgbPerMm: [
      roundAttenuation(fit.attenuationRgbPerMm[0]),
      roundAttenuation(fit.attenuationRgbPerMm[1]),
      roundAttenuation(fit.attenuationRgbPerMm[2]),
    ],
    scatterPerMm: round(fit.scatterPerMm, 3),
    cameraBlurMm: round(fit.cameraBlurMm, 3),
    toneResidualL: round(fit.toneResidualL, 2),
    stepsUsed: fit.steps.filter((s) => s.used).length,
  };
}

export type CalibrationResult =
  | { ok: true; attenuationPerMm: number; transmissionPerMm: number }
  | { ok: false; message: string };

/** k rounded to 4 decimals: finer than any reading can tell, and stable in the audit log. */
export function roundAttenuation(k: number): number {
  return Math.round(k * 10_000) / 10_000;
}

/**
 * A reading -> k per mm (Beer-Lambert, the relation the heightmap maps with), or the reason it is
 * refused: a k outside ATTENUATION_LIMITS is a misreading (no printable filament is that clear or
 * that dark), not a filament to print with.
 */
export function attenuationFromReading(reading: CalibrationReading): CalibrationResult {
  let k: number;
  try {
    k =
      reading.method === "photo"
        ? reading.attenuationPerMm
        : reading.method === "match"
          ? attenuationFromMatch(reading.thinnestStepMm, reading.matchedStepMm, reading.cardRelativeLight)
          : attenuationFromRatio(reading.thinnerMm, reading.thickerMm, reading.ratio);
  } catch {
    return { ok: false, message: M.thickerThanThinner };
  }
  if (!Number.isFinite(k) || k < ATTENUATION_LIMITS.min || k > ATTENUATION_LIMITS.max) {
    return { ok: false, message: M.outOfRange(roundAttenuation(k)) };
  }
  const attenuationPerMm = roundAttenuation(k);
  return { ok: true, attenuationPerMm, transmissionPerMm: transmissionFromAttenuation(attenuationPerMm) };
}

const attenuation = z
  .number({ error: M.attenuationInvalid })
  .min(ATTENUATION_LIMITS.min, M.attenuationInvalid)
  .max(ATTENUATION_LIMITS.max, M.attenuationInvalid);

export const filamentInputSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(60, M.nameTooLong),
  colour: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, M.colourInvalid)
    .transform((c) => c.toLowerCase()),
  attenuationPerMm: attenuation.default(DEFAULT_ATTENUATION_PER_MM),
});

export const filamentPatchSchema = z
  .object({
    name: filamentInputSchema.shape.name,
    colour: filamentInputSchema.shape.colour,
    attenuationPerMm: attenuation,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: M.nothingToChange });

export type FilamentInput = z.infer<typeof filamentInputSchema>;
export type FilamentPatch = z.infer<typeof filamentPatchSchema>;

/** A filament as the admin API answers it. */
export interface FilamentView {
  id: string;
  name: string;
  colour: string;
  attenuationPerMm: number;
  /** e^(-k): the share of light through 1 mm, as the screen shows it (per cent). */
  transmissionPerMm: number;
  active: boolean;
  /** The reading k was last computed from, and when; null when k was typed in. */
  calibration: CalibrationReading | null;
  calibratedAt: string | null;
  updatedAt: string;
}

export interface CalibrationAnswer {
  filaments: FilamentView[];
  wedgeStepsMm: readonly number[];
  defaultCardRelativeLight: number;
  defaultAttenuationPerMm: number;
}

/** "13.5%" */
export function formatTransmission(transmissionPerMm: number): string {
  return `${(transmissionPerMm * 100).toFixed(1)}%`;
}
