/**
 * What turns bare geometry into a print-ready 3MF project: how the panel stands on the bed (a build-item
 * transform, so the mesh itself is written unchanged) and the slicer settings that travel with it
 * (PrusaSlicer's project config, which OrcaSlicer reads too, and the 3MF core's metadata).
 *
 * Upright is the default: every lithophane guide prints panels standing, so the relief is resolved by the
 * nozzle's x/y positioning instead of by ~22 layer steps. The flat option lays the flat face on the bed and
 * relies on layer-snapped thickness (see layers.ts) to keep gradients free of contour bands.
 */
import { panelBounds } from "./outline";
import type { PanelSpec } from "./params";
import type { ThreeMfProject } from "./threemf";

export const ORIENTATIONS = ["upright", "flat"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export function isOrientation(value: unknown): value is Orientation {
  return typeof value === "string" && (ORIENTATIONS as readonly string[]).includes(value);
}

/**
 * The printer a project is made for (issue 48 item 3: the owner's printers): the bed the part is
 * centred on and the volume written into the project, so the slicer checks the fit too.
 */
export interface Printer {
  name: string;
  bedWidthMm: number;
  bedDepthMm: number;
  maxHeightMm: number;
  nozzleMm: number;
}

/** The printer projects were made for before the owner named theirs (Prusa MK3/MK4: 250 x 210 mm, 210 mm high). */
export const DEFAULT_PRINTER: Printer = {
  name: "Prusa MK4",
  bedWidthMm: 250,
  bedDepthMm: 210,
  maxHeightMm: 210,
  nozzleMm: 0.4,
};

/** Slicer settings that depend on the filament; the shop stores them per filament. */
export interface PrintProfile {
  orientation: Orientation;
  /** Layer height: 0.1 mm by default (every guide asks 0.1-0.12 mm for lithophanes). */
  layerHeightMm: number;
  /** Name written as the filament profile (filament_settings_id). */
  filamentName: string;
  /** Brim width round the panel's foot: a ring that holds a standing panel and peels off. */
  brimWidthMm: number;
  /** The printer it is made for; DEFAULT_PRINTER when not given. */
  printer?: Printer;
}

export const DEFAULT_PRINT_PROFILE: PrintProfile = {
  orientation: "upright",
  layerHeightMm: 0.1,
  filamentName: "Lithobox White PLA",
  brimWidthMm: 8,
};

/** Where a part lands: the centre of its printer's bed. */
function bedCentre(printer: Printer): { x: number; y: number } {
  return { x: printer.bedWidthMm / 2, y: printer.bedDepthMm / 2 };
}

/**
 * The 3MF build-item transform (3 x 4, column vectors as 3MF writes them: m00 m01 m02 m10 m11 m12 m20 m21
 * m22 m30 m31 m32, applied as [x y z 1] * M).
 *
 * Upright: model (x, y, z) -> bed (W - x, z, y). The image's top (y = H) goes up, the flat face (z = 0, the
 * face the customer looks at with the default flat front) faces the front of the bed (-y), and the x flip
 * un-mirrors the flat-front image, so the panel on the bed reads like the photo seen from the front. It is
 * a proper rotation (determinant +1), so no facet turns inside out. Flat: the identity plus centring.
 */
export function buildItemTransform(
  spec: PanelSpec,
  orientation: Orientation,
  printer: Printer = DEFAULT_PRINTER,
): number[] {
  const BED_CENTRE_MM = bedCentre(printer);
  // The outline's own bounds, not the nominal box: a regular hexagon is shorter than its square box.
  const { minX, maxX, minY, maxY } = panelBounds(spec.shape, spec.widthMm, spec.heightMm);
  const t = spec.maxThicknessMm;
  const centreX = (minX + maxX) / 2;
  if (orientation === "flat") {
    return [1, 0, 0, 0, 1, 0, 0, 0, 1, BED_CENTRE_MM.x - centreX, BED_CENTRE_MM.y - (minY + maxY) / 2, 0];
  }
  // Rows: image of the x, y and z unit vectors, then the translation (the outline's lowest point on the bed).
  return [-1, 0, 0, 0, 0, 1, 0, 1, 0, BED_CENTRE_MM.x + centreX, BED_CENTRE_MM.y - t / 2, -minY];
}

/** Applies a 3MF transform to a point (used by tests and the wedge's own checks). */
export function transformPoint(
  m: readonly number[],
  x: number,
  y: number,
  z: number,
): [number, number, number] {
  return [
    x * m[0]! + y * m[3]! + z * m[6]! + m[9]!,
    x * m[1]! + y * m[4]! + z * m[7]! + m[10]!,
    x * m[2]! + y * m[5]! + z * m[8]! + m[11]!,
  ];
}

/** PrusaSlicer's settings for a lithophane, as key -> value. */
export function slicerSettings(profile: PrintProfile): Array<[string, string]> {
  const layer = profile.layerHeightMm;
  const firstLayer = Math.max(layer, 0.2);
  const printer = profile.printer ?? DEFAULT_PRINTER;
  const { bedWidthMm: w, bedDepthMm: d } = printer;
  return [
    ["bed_shape", `0x0,${formatNumber(w)}x0,${formatNumber(w)}x${formatNumber(d)},0x${formatNumber(d)}`],
    ["max_print_height", formatNumber(printer.maxHeightMm)],
    ["nozzle_diameter", formatNumber(printer.nozzleMm)],
    ["layer_height", formatNumber(layer)],
    ["first_layer_height", formatNumber(firstLayer)],
    // Solid: at 100% the rectilinear pattern fills every line (PrusaSlicer refuses sparse patterns at 100%).
    ["fill_density", "100%"],
    ["fill_pattern", "rectilinear"],
    ["top_fill_pattern", "monotonic"],
    ["bottom_fill_pattern", "monotonic"],
    ["infill_every_layers", "1"],
    ["perimeters", "2"],
    ["thin_walls", "1"],
    // Upright the seam goes to the back edge of the panel's rim; flat it goes to the rear side.
    ["seam_position", "rear"],
    ["brim_type", "outer_only"],
    ["brim_width", formatNumber(profile.brimWidthMm)],
    ["skirts", "0"],
    ["support_material", "0"],
    ["ensure_vertical_shell_thickness", "1"],
    ["filament_type", "PLA"],
    ["filament_density", "1.24"],
    ["filament_settings_id", `"${profile.filamentName.replace(/["\n\r]/g, "")}"`],
    ["print_settings_id", `"Lithobox lithophane ${formatNumber(layer)} mm ${profile.orientation}"`],
  ];
}

function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Metadata/Slic3r_PE.config: PrusaSlicer's project config (each line a G-code style comment). */
export function slicerConfigText(profile: PrintProfile): string {
  const lines = ["; generated by Lithobox lithophane generator"];
  for (const [key, value] of slicerSettings(profile)) lines.push(`; ${key} = ${value}`);
  return `${lines.join("\n")}\n`;
}

export const SLICER_CONFIG_PATH = "Metadata/Slic3r_PE.config";

/** The 3MF core's metadata (name -> value), shown by any 3MF reader. */
export function coreMetadata(spec: PanelSpec, profile: PrintProfile): Array<[string, string]> {
  const layer = formatNumber(profile.layerHeightMm);
  return [
    ["Application", "Lithobox lithophane generator"],
    ["Title", `Lithophane ${spec.shape} ${formatNumber(spec.widthMm)} x ${formatNumber(spec.heightMm)} mm`],
    [
      "Description",
      `Print ${profile.orientation} at ${layer} mm layers, 100% infill, seam at the back, ${formatNumber(profile.brimWidthMm)} mm brim; filament ${profile.filamentName}.`,
    ],
  ];
}

/** The project parts write3mf adds round the mesh. */
export function threeMfProject(spec: PanelSpec, profile: PrintProfile): ThreeMfProject {
  return {
    transform: buildItemTransform(spec, profile.orientation, profile.printer),
    files: [[SLICER_CONFIG_PATH, slicerConfigText(profile)]],
    metadata: coreMetadata(spec, profile),
  };
}
