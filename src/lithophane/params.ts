import type { CropInput } from "./crop";
import { LithophaneError } from "./errors";
import {
  ATTENUATION_LIMITS,
  attenuationFromTransmission,
  DEFAULT_ATTENUATION_PER_MM,
  transmissionFromAttenuation,
} from "./tones";

export const SHAPE_IDS = ["square", "rectangle", "rectangle-portrait", "hexagon", "heart"] as const;
export type ShapeId = (typeof SHAPE_IDS)[number];

export const THICKNESS_MAPPINGS = ["beer-lambert", "linear"] as const;
export type ThicknessMapping = (typeof THICKNESS_MAPPINGS)[number];

/**
 * Which face the customer looks at. "flat": the smooth face at z = 0 faces the viewer and the relief faces
 * the LEDs inside the box (the image is mirrored in model space so it reads correctly from the flat side).
 * "relief": the textured face (+z) faces the viewer, no mirroring.
 */
export const FRONT_FACES = ["flat", "relief"] as const;
export type FrontFace = (typeof FRONT_FACES)[number];

export interface ShapeInfo {
  readonly label: string;
  /** Nominal width / height of the panel; the creator's crop uses it as its aspect ratio. */
  readonly aspectRatio: number;
  /** Masked shapes are cut from the bounding rectangle along their outline. */
  readonly masked: boolean;
}

export const SHAPES: Readonly<Record<ShapeId, ShapeInfo>> = {
  square: { label: "Square", aspectRatio: 1, masked: false },
  rectangle: { label: "Rectangle (landscape 4:3)", aspectRatio: 4 / 3, masked: false },
  "rectangle-portrait": { label: "Rectangle (portrait 3:4)", aspectRatio: 3 / 4, masked: false },
  hexagon: { label: "Hexagon", aspectRatio: 1, masked: true },
  heart: { label: "Heart", aspectRatio: 1, masked: true },
};

export const DEFAULTS = {
  resolutionMm: 0.2,
  minThicknessMm: 0.8,
  maxThicknessMm: 3.0,
  mapping: "beer-lambert" as ThicknessMapping,
  attenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
  transmissionPerMm: transmissionFromAttenuation(DEFAULT_ATTENUATION_PER_MM),
  autoLevels: true,
  layerSnapMm: 0,
  borderMm: 3,
  smoothingMm: 0,
  localContrast: false,
  /** A 0.4 mm nozzle: the photo is averaged over at least this width (finer detail cannot print). */
  nozzleMm: 0.4,
  front: "flat" as FrontFace,
  /**
   * The print file's relief is an adaptive mesh keeping every grid point within this vertical error
   * (mm): a fifth of a 0.1 mm layer, far below what a print or an eye can show. 0: the full grid.
   */
  maxErrorMm: 0.02,
} as const;

/** What a caller specifies; everything but shape and size has a default. */
export interface PanelOptions {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  /** Grid spacing of the relief: 0.2 mm default, 0.1 mm for the finest prints. */
  resolutionMm?: number;
  minThicknessMm?: number;
  maxThicknessMm?: number;
  mapping?: ThicknessMapping;
  /**
   * Beer-Lambert only: the filament's attenuation k per mm (light through t mm is e^(-k t)), from the
   * calibration wedge; default 2 (white PLA).
   */
  attenuationPerMm?: number;
  /** The same as a fraction of light through 1 mm (e^(-k)); give one of the two. */
  transmissionPerMm?: number;
  /** Stretch the 1st-99th percentile grey levels to black and white (default on). */
  autoLevels?: boolean;
  /** Printing flat: snap thickness to multiples of this layer height with light-error diffusion (0 = off). */
  layerSnapMm?: number;
  /** Width of the solid lip at max thickness along the outline, which seats the panel in its frame. */
  borderMm?: number;
  /** Box-blur radius applied to the image on the grid before mapping; 0 = off. */
  smoothingMm?: number;
  /** Local contrast (CLAHE) before the mapping: lifts shadowed regions; off by default. */
  localContrast?: boolean;
  /** Averaging window floor in mm (the nozzle's line width); 0 averages over the grid cell only. */
  nozzleMm?: number;
  front?: FrontFace;
  crop?: CropInput;
  /** Largest vertical error (mm) of the adaptive mesh at any grid point; 0 keeps the full grid (default 0.02). */
  maxErrorMm?: number;
}

/** Validated options with every default filled in. */
export interface PanelSpec {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  resolutionMm: number;
  minThicknessMm: number;
  maxThicknessMm: number;
  mapping: ThicknessMapping;
  attenuationPerMm: number;
  /** e^(-attenuationPerMm), for the preview's optics. */
  transmissionPerMm: number;
  autoLevels: boolean;
  layerSnapMm: number;
  borderMm: number;
  smoothingMm: number;
  nozzleMm: number;
  localContrast: boolean;
  front: FrontFace;
  crop: CropInput | undefined;
  maxErrorMm: number;
}

export const LIMITS = {
  sizeMm: { min: 10, max: 1000 },
  resolutionMm: { min: 0.05, max: 5 },
  thicknessMm: { min: 0.2, max: 20 },
  smoothingMm: { max: 20 },
  nozzleMm: { max: 2 },
  maxErrorMm: { max: 0.5 },
  /** Above this a single panel would need gigabytes; nobody prints it. */
  maxGridVertices: 40_000_000,
} as const;

function invalid(message: string): never {
  throw new LithophaneError("invalid-parameter", message);
}

function requireNumber(name: string, value: unknown, min: number, max: number, unit = "mm"): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    invalid(`${name} must be a number, got ${JSON.stringify(value)}.`);
  }
  if (value < min || value > max) invalid(`${name} must be between ${min} and ${max} ${unit}, got ${value}.`);
  return value;
}

export function isShapeId(value: unknown): value is ShapeId {
  return typeof value === "string" && (SHAPE_IDS as readonly string[]).includes(value);
}

/** Number of grid vertices along a side: the spacing never exceeds the requested resolution. */
export function gridVertexCount(lengthMm: number, resolutionMm: number): number {
  return Math.max(2, Math.ceil(lengthMm / resolutionMm - 1e-9) + 1);
}

/** Validates every option and fills in defaults; throws LithophaneError with a readable message. */
export function resolvePanelSpec(options: PanelOptions): PanelSpec {
  if (typeof options !== "object" || options === null) invalid("Panel options are missing.");
  if (!isShapeId(options.shape)) {
    invalid(`Unknown shape ${JSON.stringify(options.shape)}; expected one of ${SHAPE_IDS.join(", ")}.`);
  }
  const { min: sizeMin, max: sizeMax } = LIMITS.sizeMm;
  const widthMm = requireNumber("Width", options.widthMm, sizeMin, sizeMax);
  const heightMm = requireNumber("Height", options.heightMm, sizeMin, sizeMax);
  const shape = options.shape;
  const ratio = widthMm / heightMm;
  if (shape === "square" && Math.abs(ratio - 1) > 0.05) {
    invalid(`A square panel needs equal width and height, got ${widthMm} x ${heightMm} mm.`);
  }
  if (shape === "rectangle" && ratio <= 1) {
    invalid(`The landscape rectangle must be wider than tall, got ${widthMm} x ${heightMm} mm.`);
  }
  if (shape === "rectangle-portrait" && ratio >= 1) {
    invalid(`The portrait rectangle must be taller than wide, got ${widthMm} x ${heightMm} mm.`);
  }

  const resolutionMm = requireNumber(
    "Resolution",
    options.resolutionMm ?? DEFAULTS.resolutionMm,
    LIMITS.resolutionMm.min,
    LIMITS.resolutionMm.max,
  );
  if (resolutionMm > Math.min(widthMm, heightMm) / 8) {
    invalid(`Resolution ${resolutionMm} mm is too coarse for a ${widthMm} x ${heightMm} mm panel.`);
  }
  const vertices = gridVertexCount(widthMm, resolutionMm) * gridVertexCount(heightMm, resolutionMm);
  if (vertices > LIMITS.maxGridVertices) {
    invalid(
      `A ${widthMm} x ${heightMm} mm panel at ${resolutionMm} mm needs ${vertices} grid points, more than the limit of ${LIMITS.maxGridVertices}; use a coarser resolution.`,
    );
  }

  const thickness = LIMITS.thicknessMm;
  const minThicknessMm = requireNumber(
    "Minimum thickness",
    options.minThicknessMm ?? DEFAULTS.minThicknessMm,
    thickness.min,
    thickness.max,
  );
  const maxThicknessMm = requireNumber(
    "Maximum thickness",
    options.maxThicknessMm ?? DEFAULTS.maxThicknessMm,
    thickness.min,
    thickness.max,
  );
  if (maxThicknessMm <= minThicknessMm) {
    invalid(
      `Maximum thickness (${maxThicknessMm} mm) must be greater than minimum thickness (${minThicknessMm} mm).`,
    );
  }

  const mapping = options.mapping ?? DEFAULTS.mapping;
  if (!(THICKNESS_MAPPINGS as readonly string[]).includes(mapping)) {
    invalid(`Unknown mapping ${JSON.stringify(mapping)}; expected ${THICKNESS_MAPPINGS.join(" or ")}.`);
  }
  if (options.attenuationPerMm !== undefined && options.transmissionPerMm !== undefined) {
    const spec = options as Partial<PanelSpec>;
    // A resolved spec carries both; they must agree.
    if (
      Math.abs(transmissionFromAttenuation(options.attenuationPerMm) - (spec.transmissionPerMm ?? 0)) > 1e-9
    ) {
      invalid("Give either the attenuation or the transmission per mm, not both.");
    }
  }
  let attenuationPerMm = options.attenuationPerMm ?? DEFAULTS.attenuationPerMm;
  if (options.attenuationPerMm === undefined && options.transmissionPerMm !== undefined) {
    const transmissionPerMm = options.transmissionPerMm;
    if (!(typeof transmissionPerMm === "number" && transmissionPerMm > 0 && transmissionPerMm < 1)) {
      invalid(`Transmission per mm must be a fraction strictly between 0 and 1, got ${transmissionPerMm}.`);
    }
    attenuationPerMm = attenuationFromTransmission(transmissionPerMm);
  }
  attenuationPerMm = requireNumber(
    "Attenuation",
    attenuationPerMm,
    ATTENUATION_LIMITS.min,
    ATTENUATION_LIMITS.max,
    "per mm",
  );
  const autoLevels = options.autoLevels ?? DEFAULTS.autoLevels;
  if (typeof autoLevels !== "boolean") invalid("Automatic levels must be true or false.");
  const layerSnapMm = options.layerSnapMm ?? DEFAULTS.layerSnapMm;
  if (layerSnapMm !== 0) requireNumber("Layer height", layerSnapMm, 0.04, 0.4);
  const borderMm = requireNumber(
    "Border",
    options.borderMm ?? DEFAULTS.borderMm,
    0,
    Math.min(widthMm, heightMm) / 4,
  );
  const smoothingMm = requireNumber(
    "Smoothing",
    options.smoothingMm ?? DEFAULTS.smoothingMm,
    0,
    LIMITS.smoothingMm.max,
  );
  const nozzleMm = requireNumber("Nozzle", options.nozzleMm ?? DEFAULTS.nozzleMm, 0, LIMITS.nozzleMm.max);
  const front = options.front ?? DEFAULTS.front;
  if (!(FRONT_FACES as readonly string[]).includes(front)) {
    invalid(`Unknown front face ${JSON.stringify(front)}; expected ${FRONT_FACES.join(" or ")}.`);
  }

  const maxErrorMm = requireNumber(
    "Mesh error",
    options.maxErrorMm ?? DEFAULTS.maxErrorMm,
    0,
    LIMITS.maxErrorMm.max,
  );

  return {
    shape,
    widthMm,
    heightMm,
    resolutionMm,
    minThicknessMm,
    maxThicknessMm,
    mapping,
    attenuationPerMm,
    transmissionPerMm: transmissionFromAttenuation(attenuationPerMm),
    autoLevels,
    layerSnapMm,
    borderMm,
    smoothingMm,
    nozzleMm,
    localContrast: options.localContrast === true,
    front,
    crop: options.crop,
    maxErrorMm,
  };
}
