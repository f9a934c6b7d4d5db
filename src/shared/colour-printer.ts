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
import {
  COLOUR_ROLES,
  type ColourFilament,
  type ColourRole,
  DEFAULT_COLOUR_FILAMENTS,
} from "@lithophane/colour/filaments";
import { attenuationFromRatio } from "@lithophane/tones";
import { z } from "zod";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";
import { type CalibrationAnswer, roundAttenuation } from "./calibration";

const M = ADMIN_MESSAGE_TEXTS.colourPrinter;

export { COLOUR_ROLES, type ColourRole };
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

/** k per channel the colour engine accepts (validateColourFilaments): 0.05 to 12 per mm. */
export const CHANNEL_K_LIMITS = { min: 0.05, max: 12 } as const;

const SEED_NAMES: Readonly<Record<ColourRole, string>> = {
  white: "White PLA",
  cyan: "Cyan PLA",
  magenta: "Magenta PLA",
  yellow: "Yellow PLA",
};

/**
 * A fresh shop's colour printer (the seed), until the owner measures their own spools: the colour
 * engine's documented defaults (DEFAULT_COLOUR_FILAMENTS, decision 100) in its extruder order, named
 * as the shop's filaments (the white one is the seeded White PLA).
 */
export const DEFAULT_COLOUR_SET: Readonly<
  Record<ColourRole, { name: string; colour: string; extruder: number; attenuationPerMm: ChannelAttenuation }>
> = Object.fromEntries(
  DEFAULT_COLOUR_FILAMENTS.map((f, index) => [
    f.role,
    {
      name: SEED_NAMES[f.role],
      colour: f.colourHex.toLowerCase(),
      extruder: index + 1,
      attenuationPerMm: {
        r: f.attenuationRgbPerMm[0],
        g: f.attenuationRgbPerMm[1],
        b: f.attenuationRgbPerMm[2],
      },
    },
  ]),
) as Record<
  ColourRole,
  { name: string; colour: string; extruder: number; attenuationPerMm: ChannelAttenuation }
>;

const channelK = z
  .number({ error: M.attenuationInvalid })
  .min(CHANNEL_K_LIMITS.min, M.attenuationInvalid)
  .max(CHANNEL_K_LIMITS.max, M.attenuationInvalid);

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
    if (!Number.isFinite(k) || k < CHANNEL_K_LIMITS.min || k > CHANNEL_K_LIMITS.max) {
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

/** A slot as stored on a colour print job (the ColourSlot fields the file needs). */
export const colourSlotSchema = z.object({
  role: z.enum(COLOUR_ROLES),
  name: z.string().min(1),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  extruder: z.number().int().min(1).max(4),
  attenuationPerMm: channelAttenuationSchema,
});

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

/**
 * The slots as the colour engine takes them: ColourFilament[] in extruder order (filaments[0] is
 * T0 / extruder 1). The extruders are distinct (the schema refuses duplicates), so sorting is enough.
 */
export function colourFilamentsOf(
  slots: readonly Pick<ColourSlot, "role" | "name" | "colour" | "extruder" | "attenuationPerMm">[],
): ColourFilament[] {
  return [...slots]
    .sort((a, b) => a.extruder - b.extruder)
    .map((slot) => ({
      name: slot.name,
      colourHex: slot.colour,
      role: slot.role,
      attenuationRgbPerMm: [
        slot.attenuationPerMm.r,
        slot.attenuationPerMm.g,
        slot.attenuationPerMm.b,
      ] as const,
    }));
}
