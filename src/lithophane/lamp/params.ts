/**
 * The lithophane lamp's sizes, limits and options in one place (issue 48 item 2, decision 357): a
 * cylinder shade of one to four photos side by side around its circumference, standing on an LED base.
 *
 * Dimensions (mm), for a lamp of outer diameter D and height H:
 * - the wall: inner surface a smooth cylinder of radius D/2 - maxThickness; outer surface the relief,
 *   radius D/2 - maxThickness + thickness (thick = dark, the flat panel's tone mapping);
 * - the bottom rim: the full wall (maxThickness, 3 mm by default) for the first LAMP_RIM.bottomMm (8 mm):
 *   the plain ring that slides into the LED base's socket (socket: inner diameter D + 0.5, depth at most
 *   8, the LEDs inside the shade's D - 6 opening);
 * - the top rim: the full wall for the last LAMP_RIM.topMm (4 mm), stiffening the open top;
 * - photo k (0-based) of n covers the angles [k, k + 1] x 360/n degrees, counter-clockwise seen from
 *   above, i.e. left to right as seen from outside; angle 0 faces the back (+y, the seam's side) and a
 *   lip of LAMP_DEFAULTS.lipMm at full thickness frames every photo (3 mm dark lines between photos).
 */
import type { CropInput } from "../crop";
import { LithophaneError } from "../errors";
import type { Heightmap } from "../heightmap";
import {
  DEFAULTS,
  gridVertexCount,
  type PanelOptions,
  type PanelSpec,
  resolvePanelSpec,
  type ShapeId,
} from "../params";

import { LAMP_PHOTO_LIMITS, LAMP_SIZE_IDS, LAMP_SIZES, type LampSizeId } from "./sizes";

export { LAMP_SIZE_IDS, LAMP_SIZES, type LampSizeId };

/** The plain rims (mm of height at full wall thickness). */
export const LAMP_RIM = { bottomMm: 8, topMm: 4 } as const;

export const LAMP_LIMITS = {
  diameterMm: { min: 30, max: 250 },
  heightMm: { min: 30, max: 400 },
  photos: LAMP_PHOTO_LIMITS,
  /** The picture band between the rims must be at least this tall. */
  minBandMm: 10,
  /** A lamp grid beyond this many points would need gigabytes (the flat panel's limit). */
  maxGridVertices: 40_000_000,
} as const;

export const LAMP_DEFAULTS = {
  /** Grid spacing around (at the outer radius) and up: 0.2 mm, the flat panel's default. */
  resolutionMm: DEFAULTS.resolutionMm,
  /** Full-thickness frame round each photo (mm); adjacent photos share a 2 x lipMm dark line. */
  lipMm: 1.5,
  /**
   * The print file's wall is an adaptive mesh within this distance (mm) of every grid point and of the
   * true cylinder (adaptive.ts), the flat panel's bound; 0 writes the full grid.
   */
  maxErrorMm: DEFAULTS.maxErrorMm,
} as const;

/** One photo of the lamp: grey pixels (one byte each, row-major, top row first) and the creator's crop. */
export interface LampPhoto {
  grey: Uint8Array;
  width: number;
  height: number;
  crop?: CropInput;
}

/** The flat panel's tone options the lamp takes as they are (thickness range, mapping, filament, levels...). */
export type LampToneOptions = Pick<
  PanelOptions,
  | "minThicknessMm"
  | "maxThicknessMm"
  | "mapping"
  | "attenuationPerMm"
  | "transmissionPerMm"
  | "autoLevels"
  | "smoothingMm"
  | "localContrast"
  | "nozzleMm"
>;

export interface LampOptions extends LampToneOptions {
  /** Outer diameter (the relief's widest), mm. */
  diameterMm: number;
  heightMm: number;
  /** Number of photos around (1 to 4). */
  photos: number;
  resolutionMm?: number;
  lipMm?: number;
  /** Largest distance (mm) of the adaptive mesh from the grid and the cylinder; 0 keeps the grid. */
  maxErrorMm?: number;
  /** Per photo: the creator's crop (same model as the flat panel's). */
  crops?: ReadonlyArray<CropInput | undefined>;
}

export interface LampSpec {
  diameterMm: number;
  heightMm: number;
  photos: number;
  resolutionMm: number;
  lipMm: number;
  maxErrorMm: number;
  /** Rim heights: LAMP_RIM's, rounded to whole grid rows. */
  rimBottomMm: number;
  rimTopMm: number;
  minThicknessMm: number;
  maxThicknessMm: number;
  /** Outer radius D/2 and the smooth inner radius D/2 - maxThickness. */
  outerRadiusMm: number;
  innerRadiusMm: number;
  /** Each photo's panel: its arc at the outer radius x the band between the rims. */
  photoWidthMm: number;
  bandHeightMm: number;
  /** Grid columns round the whole lamp (photos x (photo columns - 1), no repeated column). */
  columns: number;
  /** Grid rows from the foot to the top (uniform, `rowStepMm` apart) and the rows of each rim. */
  rows: number;
  rowStepMm: number;
  rimBottomRows: number;
  rimTopRows: number;
  /** The tone options of every photo (a flat panel spec each, crops apart). */
  panel: PanelSpec;
  crops: ReadonlyArray<CropInput | undefined>;
}

function invalid(message: string): never {
  throw new LithophaneError("invalid-parameter", message);
}

function within(name: string, value: unknown, min: number, max: number, unit = "mm"): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    invalid(`${name} must be a number, got ${JSON.stringify(value)}.`);
  }
  if (value < min || value > max) invalid(`${name} must be between ${min} and ${max} ${unit}, got ${value}.`);
  return value;
}

/** The flat shape whose aspect rule a photo of this width and height satisfies (params.ts). */
function shapeFor(widthMm: number, heightMm: number): ShapeId {
  const ratio = widthMm / heightMm;
  if (Math.abs(ratio - 1) <= 0.01) return "square";
  return ratio > 1 ? "rectangle" : "rectangle-portrait";
}

/** Width / height of each photo on a lamp: the aspect the creator's crop must have. */
export function lampPhotoAspect(
  diameterMm: number,
  heightMm: number,
  photos: number,
  resolutionMm: number = LAMP_DEFAULTS.resolutionMm,
): number {
  const spec = resolveLampSpec({ diameterMm, heightMm, photos, resolutionMm });
  return spec.photoWidthMm / spec.bandHeightMm;
}

/** Validates the lamp's options and fills in defaults; throws LithophaneError with a readable message. */
export function resolveLampSpec(options: LampOptions): LampSpec {
  if (typeof options !== "object" || options === null) invalid("Lamp options are missing.");
  const diameterMm = within(
    "Diameter",
    options.diameterMm,
    LAMP_LIMITS.diameterMm.min,
    LAMP_LIMITS.diameterMm.max,
  );
  const heightMm = within("Height", options.heightMm, LAMP_LIMITS.heightMm.min, LAMP_LIMITS.heightMm.max);
  const photos = options.photos;
  if (!Number.isInteger(photos) || photos < LAMP_LIMITS.photos.min || photos > LAMP_LIMITS.photos.max) {
    invalid(
      `A lamp takes ${LAMP_LIMITS.photos.min} to ${LAMP_LIMITS.photos.max} photos, got ${JSON.stringify(photos)}.`,
    );
  }
  const crops = options.crops ?? [];
  if (crops.length > photos) invalid(`Got ${crops.length} crops for ${photos} photos.`);
  // One uniform grid from the foot to the top: the rims are whole rows, the band the rows between.
  const resolutionMm = within(
    "Resolution",
    options.resolutionMm ?? LAMP_DEFAULTS.resolutionMm,
    0.05,
    Math.min(5, heightMm / 16),
  );
  const rows = gridVertexCount(heightMm, resolutionMm);
  const rowStepMm = heightMm / (rows - 1);
  const rimBottomRows = Math.max(1, Math.round(LAMP_RIM.bottomMm / rowStepMm));
  const rimTopRows = Math.max(1, Math.round(LAMP_RIM.topMm / rowStepMm));
  const rimBottomMm = rimBottomRows * rowStepMm;
  const rimTopMm = rimTopRows * rowStepMm;
  const bandHeightMm = (rows - rimBottomRows - rimTopRows - 1) * rowStepMm;
  if (bandHeightMm < LAMP_LIMITS.minBandMm) {
    invalid(
      `A ${heightMm} mm lamp leaves ${Math.round(bandHeightMm * 10) / 10} mm for the photos between its rims; make it at least ${LAMP_LIMITS.minBandMm + LAMP_RIM.bottomMm + LAMP_RIM.topMm} mm tall.`,
    );
  }
  const outerRadiusMm = diameterMm / 2;
  const photoWidthMm = (Math.PI * diameterMm) / photos;
  const lipMm = within(
    "Lip",
    options.lipMm ?? LAMP_DEFAULTS.lipMm,
    0,
    Math.min(photoWidthMm, bandHeightMm) / 4,
  );
  // Each photo is a flat panel spec: the tone mapping, its checks and its defaults are the flat panel's.
  const panel = resolvePanelSpec({
    ...pickTones(options),
    shape: shapeFor(photoWidthMm, bandHeightMm),
    widthMm: photoWidthMm,
    heightMm: bandHeightMm,
    resolutionMm,
    borderMm: lipMm,
    // Seen from outside through the relief: the photo is not mirrored (see geometry.ts).
    front: "relief",
    layerSnapMm: 0,
    maxErrorMm: 0,
  });
  if (panel.maxThicknessMm >= outerRadiusMm / 2) {
    invalid(`A ${panel.maxThicknessMm} mm wall is too thick for a ${diameterMm} mm lamp.`);
  }
  const photoColumns = gridVertexCount(photoWidthMm, panel.resolutionMm);
  const columns = photos * (photoColumns - 1);
  if (gridVertexCount(bandHeightMm, resolutionMm) !== rows - rimBottomRows - rimTopRows) {
    throw new LithophaneError("internal", "The photo band's rows do not match the lamp's.");
  }
  const maxErrorMm = within("Mesh error", options.maxErrorMm ?? LAMP_DEFAULTS.maxErrorMm, 0, 0.5);
  if (columns * (rows + 2) > LAMP_LIMITS.maxGridVertices) {
    invalid(
      `A ${diameterMm} x ${heightMm} mm lamp at ${panel.resolutionMm} mm needs ${columns * (rows + 2)} grid points, more than the limit of ${LAMP_LIMITS.maxGridVertices}; use a coarser resolution.`,
    );
  }
  return {
    diameterMm,
    heightMm,
    photos,
    resolutionMm: panel.resolutionMm,
    lipMm,
    maxErrorMm,
    rimBottomMm,
    rimTopMm,
    minThicknessMm: panel.minThicknessMm,
    maxThicknessMm: panel.maxThicknessMm,
    outerRadiusMm,
    innerRadiusMm: outerRadiusMm - panel.maxThicknessMm,
    photoWidthMm,
    bandHeightMm,
    columns,
    rows,
    rowStepMm,
    rimBottomRows,
    rimTopRows,
    panel,
    crops: Array.from({ length: photos }, (_, k) => crops[k]),
  };
}

function pickTones(options: LampToneOptions): LampToneOptions {
  const keys = [
    "minThicknessMm",
    "maxThicknessMm",
    "mapping",
    "attenuationPerMm",
    "transmissionPerMm",
    "autoLevels",
    "smoothingMm",
    "localContrast",
    "nozzleMm",
  ] as const;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (options[key] !== undefined) out[key] = options[key];
  return out as LampToneOptions;
}

/** The flat panel spec photo `k` is turned into a heightmap with (its crop filled in). */
export function lampPhotoSpec(spec: LampSpec, k: number): PanelSpec {
  return { ...spec.panel, crop: spec.crops[k] };
}

/** The lamp's wall (./geometry.ts): thickness over (angle, height), meshed by ./adaptive.ts. */
export interface LampGeometry {
  spec: LampSpec;
  /** Columns around (column c at theta = 2 pi c / columns). */
  columns: number;
  /** Height of each outer row, mm (ascending, 0 to spec.heightMm). */
  rowsZ: Float64Array;
  /** Wall thickness per outer grid point, row-major (row * columns + column), mm. */
  thicknessMm: Float32Array;
  /** The photos' heightmaps (the flat panel's), in order round the lamp. */
  heightmaps: Heightmap[];
  vertexCount: number;
  triangleCount: number;
}
