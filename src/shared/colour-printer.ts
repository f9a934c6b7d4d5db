/**
 * The colour printer (issue 22, decision 106): which four spools a multi-material printer holds
 * for colour lithophanes. Each role (white relief, cyan, magenta, yellow layers) is one filament
 * of the Calibration screen on one extruder, with its attenuation per colour channel (Beer-Lambert
 * k per mm for red, green and blue light, the same relation as the white filament's k).
 *
 * The owner measures a channel's k like the white one's, per channel: the step wedge printed in
 * that filament, lit from behind, photographed with a phone camera on manual exposure; the red,
 * green and blue values of a thinner and a thicker step give three ratios, and
 * k = -ln(ratio) / (t_thick - t_thin) for each (attenuationFromRatio).
 */
import { ATTENUATION_LIMITS, attenuationFromRatio } from "@lithophane/tones";
import { z } from "zod";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";
import { type CalibrationAnswer, roundAttenuation } from "./calibration";

const M = ADMIN_MESSAGE_TEXTS.colourPrinter;

export const COLOUR_ROLES = ["white", "cyan", "magenta", "yellow"] as const;
export type ColourRole = (typeof COLOUR_ROLES)[number];

export const EXTRUDERS = [1, 2, 3, 4] as const;

export function isColourRole(value: unknown): value is ColourRole {
  return typeof value === "string" && (COLOUR_ROLES as readonly string[]).includes(value);
}

/** k per mm for red, green and blue light. */
export interface ChannelAttenuation {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/**
 * A fresh shop's colour set (the seed), until the owner measures their own spools: typical
 * translucent PLA, each coloured filament absorbing its complementary channel strongly (cyan the
 * red, magenta the green, yellow the blue) and the others lightly; white at the default k.
 */
export const DEFAULT_COLOUR_SET: Readonly<
  Record<ColourRole, { name: string; colour: string; extruder: number; attenuationPerMm: ChannelAttenuation }>
> = {
  white: { name: "White PLA", colour: "#f4f1ea", extruder: 1, attenuationPerMm: { r: 2, g: 2, b: 2 } },
  cyan: { name: "Cyan PLA", colour: "#00a0c6", extruder: 2, attenuationPerMm: { r: 4.5, g: 0.9, b: 0.6 } },
  magenta: {
    name: "Magenta PLA",
    colour: "#d0207a",
    extruder: 3,
    attenuationPerMm: { r: 0.7, g: 4.5, b: 1.1 },
  },
  yellow: {
    name: "Yellow PLA",
    colour: "#f2d10b",
    extruder: 4,
    attenuationPerMm: { r: 0.4, g: 0.7, b: 4.5 },
  },
};

const channelK = z
  .number({ error: M.attenuationInvalid })
  .min(ATTENUATION_LIMITS.min, M.attenuationInvalid)
  .max(ATTENUATION_LIMITS.max, M.attenuationInvalid);

export const channelAttenuationSchema = z.object({ r: channelK, g: channelK, b: channelK });

const thickness = z
  .number({ error: M.thicknessInvalid })
  .min(0.1, M.thicknessInvalid)
  .max(10, M.thicknessInvalid);
const ratio = z.number({ error: M.ratioInvalid }).gt(0, M.ratioInvalid).lt(1, M.ratioInvalid);

/** Light through a thicker step / a thinner one, per channel (a camera's R, G, B values). */
export const channelReadingSchema = z
  .object({
    thinnerMm: thickness,
    thickerMm: thickness,
    ratio: z.object({ r: ratio, g: ratio, b: ratio }),
  })
  .refine((r) => r.thickerMm > r.thinnerMm, { message: M.thickerThanThinner, path: ["thickerMm"] });

export type ChannelReading = z.infer<typeof channelReadingSchema>;

export type ChannelResult =
  | { ok: true; attenuationPerMm: ChannelAttenuation }
  | { ok: false; message: string };

/** A per-channel reading -> k per channel, or why it is refused (a k outside the limits). */
export function channelAttenuationFromReading(reading: ChannelReading): ChannelResult {
  const out: Record<"r" | "g" | "b", number> = { r: 0, g: 0, b: 0 };
  for (const channel of ["r", "g", "b"] as const) {
    const k = attenuationFromRatio(reading.thinnerMm, reading.thickerMm, reading.ratio[channel]);
    if (!Number.isFinite(k) || k < ATTENUATION_LIMITS.min || k > ATTENUATION_LIMITS.max) {
      return { ok: false, message: M.channelOutOfRange(channel.toUpperCase(), roundAttenuation(k)) };
    }
    out[channel] = roundAttenuation(k);
  }
  return { ok: true, attenuationPerMm: out };
}

const slotSchema = z.object({
  role: z.enum(COLOUR_ROLES),
  filamentId: z.uuid(M.filamentRequired),
  extruder: z
    .number({ error: M.extruderInvalid })
    .int(M.extruderInvalid)
    .min(1, M.extruderInvalid)
    .max(4, M.extruderInvalid),
  /** Typed-in k per channel; ignored when `reading` is given (k is computed from it). */
  attenuationPerMm: channelAttenuationSchema.optional(),
  reading: channelReadingSchema.optional(),
});

/** PUT /admin/colour-printer: the four spools, one per role, each on its own extruder. */
export const colourPrinterInputSchema = z
  .object({ slots: z.array(slotSchema).length(4, M.fourSlots) })
  .superRefine((input, ctx) => {
    const roles = new Set(input.slots.map((s) => s.role));
    if (roles.size !== 4) ctx.addIssue({ code: "custom", path: ["slots"], message: M.fourSlots });
    const filaments = new Set(input.slots.map((s) => s.filamentId));
    if (filaments.size !== 4) ctx.addIssue({ code: "custom", path: ["slots"], message: M.filamentsDistinct });
    const extruders = new Set(input.slots.map((s) => s.extruder));
    if (extruders.size !== 4) ctx.addIssue({ code: "custom", path: ["slots"], message: M.extrudersDistinct });
    input.slots.forEach((slot, index) => {
      if (!slot.attenuationPerMm && !slot.reading) {
        ctx.addIssue({
          code: "custom",
          path: ["slots", index, "attenuationPerMm"],
          message: M.attenuationInvalid,
        });
      }
    });
  });

export type ColourPrinterInput = z.infer<typeof colourPrinterInputSchema>;

/** One spool of the colour printer as the admin API and the print jobs see it. */
export interface ColourSlot {
  role: ColourRole;
  filamentId: string;
  name: string;
  /** The spool's colour as shown (hex), also written into the 3MF for the slicer. */
  colour: string;
  extruder: number;
  attenuationPerMm: ChannelAttenuation;
  /** The reading the k came from, or null when typed in. */
  reading: ChannelReading | null;
}

/** The colour printer: the four slots in role order, or the roles still missing. */
export interface ColourPrinterView {
  slots: ColourSlot[];
  missing: ColourRole[];
  /** True when all four roles are set: colour orders can be printed. */
  ready: boolean;
}

/** Orders the slots white, cyan, magenta, yellow and says which roles are missing. */
export function colourPrinterView(slots: readonly ColourSlot[]): ColourPrinterView {
  const byRole = new Map(slots.map((s) => [s.role, s]));
  const ordered = COLOUR_ROLES.flatMap((role) => {
    const slot = byRole.get(role);
    return slot ? [slot] : [];
  });
  const missing = COLOUR_ROLES.filter((role) => !byRole.has(role));
  return { slots: ordered, missing, ready: missing.length === 0 };
}

/** GET /admin/filaments (and every filament write) answers the colour printer too. */
export interface CalibrationScreenAnswer extends CalibrationAnswer {
  colourPrinter: ColourPrinterView;
}
