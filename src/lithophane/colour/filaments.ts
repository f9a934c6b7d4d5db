import { LithophaneError } from "../errors";
import { attenuationFromRatio, DEFAULT_ATTENUATION_PER_MM } from "../tones";

/**
 * The four filaments of a colour panel and their optics. Each filament's light through t mm is
 * e^(-k t) per colour channel (Beer-Lambert, linear-light R, G, B of the backlight), the white filament's
 * k being the calibrated grey one (see tones.ts); docs/decisions/100-colour-transmission-model.md.
 */

/** What a filament does in the stack: the white relief carries brightness, C, M and Y the colour. */
export const COLOUR_ROLES = ["white", "cyan", "magenta", "yellow"] as const;
export type ColourRole = (typeof COLOUR_ROLES)[number];

/** Linear-light R, G, B triple. */
export type Rgb3 = readonly [number, number, number];

export interface ColourFilament {
  /** Filament profile name written into the 3MF (filament_settings_id), e.g. "Lithobox Cyan PLA". */
  name: string;
  /** Spool colour as #RRGGBB, written as the slicer's filament colour. */
  colourHex: string;
  role: ColourRole;
  /** Attenuation k per mm for the red, green and blue channels of the light (light through t mm: e^(-k t)). */
  attenuationRgbPerMm: Rgb3;
}

/**
 * Documented defaults (decision 100; assumed, not yet measured on the shop's spools). White: the calibrated
 * white PLA's k = 2/mm in every channel (white PLA scatters and barely tints). C, M, Y: translucent
 * coloured PLA, as colour lithophanes use, scatters about half as much as white in the channels it passes
 * (k ~ 1/mm: 37% through 1 mm) and absorbs its complementary channel strongly (k = 5/mm: 0.1 mm passes 61%,
 * 0.8 mm 2%). Replace them with wedge readings per channel ({@link attenuationRgbFromRatios}) once the
 * shop's spools are measured.
 */
export const DEFAULT_COLOUR_FILAMENTS: readonly ColourFilament[] = [
  {
    name: "Lithobox White PLA",
    colourHex: "#F5F5F0",
    role: "white",
    attenuationRgbPerMm: [DEFAULT_ATTENUATION_PER_MM, DEFAULT_ATTENUATION_PER_MM, DEFAULT_ATTENUATION_PER_MM],
  },
  { name: "Lithobox Cyan PLA", colourHex: "#00A0E0", role: "cyan", attenuationRgbPerMm: [5, 1, 0.9] },
  { name: "Lithobox Magenta PLA", colourHex: "#E0208A", role: "magenta", attenuationRgbPerMm: [1, 5, 1.1] },
  { name: "Lithobox Yellow PLA", colourHex: "#F5D000", role: "yellow", attenuationRgbPerMm: [0.9, 1, 5] },
];

/** A white filament from the white calibration's k (the same in every channel). */
export function whiteFilamentFromCalibration(
  attenuationPerMm: number,
  name = "Lithobox White PLA",
  colourHex = "#F5F5F0",
): ColourFilament {
  return {
    name,
    colourHex,
    role: "white",
    attenuationRgbPerMm: [attenuationPerMm, attenuationPerMm, attenuationPerMm],
  };
}

/**
 * Per-channel k from a wedge reading: the light through `thickerMm` divided by the light through
 * `thinnerMm`, measured per channel (a phone camera on manual exposure, linear RGB of the two steps).
 */
export function attenuationRgbFromRatios(thinnerMm: number, thickerMm: number, ratioRgb: Rgb3): Rgb3 {
  return [
    attenuationFromRatio(thinnerMm, thickerMm, ratioRgb[0]),
    attenuationFromRatio(thinnerMm, thickerMm, ratioRgb[1]),
    attenuationFromRatio(thinnerMm, thickerMm, ratioRgb[2]),
  ];
}

/** The channel each colour filament absorbs (its complementary colour). */
const OWN_CHANNEL: Readonly<Record<ColourRole, number | undefined>> = {
  white: undefined,
  cyan: 0,
  magenta: 1,
  yellow: 2,
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Checks a printer's four filaments (extruder order: filaments[0] is T0 / extruder 1): exactly one per
 * role, #RRGGBB colours, k within 0.05-12 per mm, and each of C, M, Y absorbing its own channel more than
 * the other two (otherwise the stack cannot be inverted). Throws LithophaneError("invalid-parameter").
 */
export function validateColourFilaments(filaments: readonly ColourFilament[]): void {
  const fail = (message: string): never => {
    throw new LithophaneError("invalid-parameter", message);
  };
  if (!Array.isArray(filaments) || filaments.length !== 4)
    fail("A colour panel needs exactly four filaments.");
  for (const role of COLOUR_ROLES) {
    const count = filaments.filter((f) => f.role === role).length;
    if (count !== 1) fail(`A colour panel needs exactly one ${role} filament, got ${count}.`);
  }
  for (const filament of filaments) {
    if (typeof filament.name !== "string" || filament.name.trim() === "")
      fail("Every filament needs a name.");
    if (!HEX.test(filament.colourHex)) fail(`Filament colour must be #RRGGBB, got ${filament.colourHex}.`);
    const k = filament.attenuationRgbPerMm;
    if (!Array.isArray(k) || k.length !== 3 || k.some((v) => !(Number.isFinite(v) && v >= 0.05 && v <= 12))) {
      fail(`${filament.name}: attenuation per channel must be three numbers between 0.05 and 12 per mm.`);
    }
    const own = OWN_CHANNEL[filament.role];
    if (own !== undefined) {
      const others = k.filter((_, c) => c !== own);
      if (!(k[own]! > Math.max(...others) + 0.5)) {
        fail(
          `${filament.name}: a ${filament.role} filament must absorb its own channel clearly more than the others.`,
        );
      }
    }
  }
}

/** The filament with the given role. */
export function filamentFor(filaments: readonly ColourFilament[], role: ColourRole): ColourFilament {
  const found = filaments.find((f) => f.role === role);
  if (!found) throw new LithophaneError("invalid-parameter", `No ${role} filament.`);
  return found;
}
