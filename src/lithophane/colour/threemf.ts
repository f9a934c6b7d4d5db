/**
 * The colour panel as a multi-material PrusaSlicer project: one 3MF object whose four volumes are the
 * filaments' parts (PrusaSlicer's own layout: one mesh, volumes as triangle ranges listed in
 * Metadata/Slic3r_PE_model.config, each with its extruder), printed flat (colour layers first, on the bed,
 * where the customer looks) on a 4-tool printer (one nozzle per filament: a tool changer or 4 extruders).
 * Metadata/Slic3r_PE.config carries the slicer settings as print-project.ts does for white panels.
 */
import { asciiBytes, writeBytes, writeFixed3, writeUint } from "../ascii";
import type { ByteSink } from "../chunks";
import { LithophaneError } from "../errors";
import { panelBounds } from "../outline";
import {
  escapeXml,
  modelHeadXml,
  modelTailXml,
  ThreeMfPackage,
  utf8,
  VERTICES_TO_TRIANGLES_XML,
  writeChunk,
  type ZipEntryFactory,
} from "../package3mf";
import type { WriteResult } from "../stl";
import type { ColourFilament } from "./filaments";
import type { ColourStack } from "./model";
import { buildColourParts, type ColourPart } from "./parts";

export const MODEL_CONFIG_PATH = "Metadata/Slic3r_PE_model.config";
export const PRINT_CONFIG_PATH = "Metadata/Slic3r_PE.config";

/** The printer a colour panel is sliced for: 4 tools, by default a 250 x 210 mm bed (larger beds: set it). */
export interface ColourPrintProfile {
  bedWidthMm: number;
  bedDepthMm: number;
  /** Purge per tool change into the wipe tower, mm^3 (white after a colour needs the most). */
  purgeToWhiteMm3: number;
  purgeToColourMm3: number;
  /** Distance from the bed's left edge and between the panel and the wipe tower, mm. */
  marginMm: number;
  nozzleTemperatureC: number;
  bedTemperatureC: number;
}

export const DEFAULT_COLOUR_PRINT_PROFILE: ColourPrintProfile = {
  bedWidthMm: 250,
  bedDepthMm: 210,
  purgeToWhiteMm3: 140,
  purgeToColourMm3: 90,
  marginMm: 8,
  nozzleTemperatureC: 215,
  bedTemperatureC: 60,
};

/** Where the panel and the wipe tower go on the bed (panel left, tower right). */
export interface ColourBedLayout {
  /** Build-item transform (3MF 3 x 4): a translation; the front face stays on the bed. */
  transform: number[];
  wipeTowerX: number;
  wipeTowerY: number;
  wipeTowerWidth: number;
}

export function colourBedLayout(stack: ColourStack, profile: ColourPrintProfile): ColourBedLayout {
  const { minX, maxX, minY, maxY } = panelBounds(stack.spec.shape, stack.spec.widthMm, stack.spec.heightMm);
  const m = profile.marginMm;
  const towerX = m + (maxX - minX) + m;
  const towerWidth = Math.min(60, profile.bedWidthMm - m / 2 - towerX);
  if (maxX - minX > profile.bedWidthMm - 2 * m || maxY - minY > profile.bedDepthMm - 2 * m) {
    throw new LithophaneError(
      "invalid-parameter",
      `A ${stack.spec.widthMm} x ${stack.spec.heightMm} mm colour panel does not fit a ${profile.bedWidthMm} x ${profile.bedDepthMm} mm bed.`,
    );
  }
  return {
    transform: [1, 0, 0, 0, 1, 0, 0, 0, 1, m - minX, profile.bedDepthMm / 2 - (minY + maxY) / 2, 0],
    wipeTowerX: Math.round(towerX * 10) / 10,
    wipeTowerY: Math.round((profile.bedDepthMm / 2 - (maxY - minY) / 2) * 10) / 10,
    wipeTowerWidth: Math.max(10, Math.floor(towerWidth)),
  };
}

/** A name inside Slic3r_PE.config's quoted, ";"-separated lists: no quote, separator or line break. */
const clean = (text: string) => text.replace(/["\n\r;]/g, "");
const list = (values: readonly (string | number)[], separator = ",") => values.join(separator);
const quoted = (values: readonly string[]) => values.map((v) => `"${clean(v)}"`).join(";");
const round3 = (value: number) => String(Math.round(value * 1000) / 1000);

/** PrusaSlicer settings for the colour print, key -> value (filaments in extruder order). */
export function colourSlicerSettings(
  stack: ColourStack,
  profile: ColourPrintProfile,
  layout: ColourBedLayout,
): Array<[string, string]> {
  const filaments = stack.filaments;
  const n = filaments.length;
  const each = (value: string | number) => list(Array.from({ length: n }, () => value));
  const purge: number[] = [];
  for (const to of filaments) {
    for (const from of filaments) {
      purge.push(from === to ? 0 : to.role === "white" ? profile.purgeToWhiteMm3 : profile.purgeToColourMm3);
    }
  }
  // wiping_volumes_matrix is row = from, column = to.
  const matrix: number[] = [];
  for (let from = 0; from < n; from++) {
    for (let to = 0; to < n; to++) matrix.push(purge[to * n + from]!);
  }
  const layer = round3(stack.layerHeightMm);
  const { bedWidthMm: w, bedDepthMm: d } = profile;
  return [
    ["bed_shape", `0x0,${w}x0,${w}x${d},0x${d}`],
    ["max_print_height", "210"],
    ["gcode_flavor", "marlin2"],
    ["use_relative_e_distances", "1"],
    ["layer_gcode", "G92 E0"],
    ["printer_technology", "FFF"],
    ["nozzle_diameter", each(0.4)],
    // One nozzle per filament (a tool changer or a 4-extruder printer).
    ["single_extruder_multi_material", "0"],
    [
      "extruder_colour",
      list(
        filaments.map((f) => f.colourHex.toUpperCase()),
        ";",
      ),
    ],
    [
      "filament_colour",
      list(
        filaments.map((f) => f.colourHex.toUpperCase()),
        ";",
      ),
    ],
    ["filament_settings_id", quoted(filaments.map((f) => f.name))],
    [
      "filament_type",
      list(
        filaments.map(() => "PLA"),
        ";",
      ),
    ],
    ["filament_diameter", each(1.75)],
    ["filament_density", each(1.24)],
    ["temperature", each(profile.nozzleTemperatureC)],
    ["first_layer_temperature", each(profile.nozzleTemperatureC)],
    ["bed_temperature", each(profile.bedTemperatureC)],
    ["first_layer_bed_temperature", each(profile.bedTemperatureC)],
    // No wipe tower: PrusaSlicer 2.5's tower wrote "G1 X61.25 Y-inf" moves after some tool changes of
    // these panels, single- or multi-nozzle (decision 100). Its place beside the panel is kept below, so
    // switching it on in the slicer puts it there; tool changers wipe their nozzles themselves.
    ["wipe_tower", "0"],
    ["wipe_tower_x", round3(layout.wipeTowerX)],
    ["wipe_tower_y", round3(layout.wipeTowerY)],
    ["wipe_tower_width", String(layout.wipeTowerWidth)],
    ["wipe_tower_rotation_angle", "0"],
    ["wiping_volumes_matrix", list(matrix)],
    ["wiping_volumes_extruders", each("70,70")],
    // Every interface of the stack sits on a layer boundary: the first layer is a normal layer.
    ["layer_height", layer],
    ["first_layer_height", layer],
    ["fill_density", "100%"],
    ["fill_pattern", "rectilinear"],
    ["top_fill_pattern", "monotonic"],
    ["bottom_fill_pattern", "monotonic"],
    ["infill_every_layers", "1"],
    ["perimeters", "1"],
    // Classic perimeters: Arachne logs errors on the tiny dithered regions of the colour layers.
    ["perimeter_generator", "classic"],
    ["thin_walls", "0"],
    ["seam_position", "rear"],
    ["brim_type", "no_brim"],
    ["brim_width", "0"],
    ["skirts", "1"],
    ["support_material", "0"],
    ["ensure_vertical_shell_thickness", "1"],
    ["print_settings_id", `"Lithobox colour lithophane ${layer} mm flat"`],
    ["printer_settings_id", `"Lithobox 4-tool ${w} x ${d}"`],
  ];
}

export function colourSlicerConfigText(settings: ReadonlyArray<readonly [string, string]>): string {
  const lines = ["; generated by Lithobox lithophane generator (colour)"];
  for (const [key, value] of settings) lines.push(`; ${key} = ${value}`);
  return `${lines.join("\n")}\n`;
}

/** Metadata/Slic3r_PE_model.config: the object's volumes as triangle ranges, each with its extruder. */
export function colourModelConfigText(parts: readonly ColourPart[], name: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<config>",
    ' <object id="1" instances_count="1">',
  ];
  lines.push(`  <metadata type="object" key="name" value="${escapeXml(name)}"/>`);
  let first = 0;
  for (const part of parts) {
    const count = part.mesh.indices.length / 3;
    lines.push(`  <volume firstid="${first}" lastid="${first + count - 1}">`);
    lines.push(
      `   <metadata type="volume" key="name" value="${escapeXml(`${part.filament.name} (${part.role})`)}"/>`,
    );
    lines.push('   <metadata type="volume" key="volume_type" value="ModelPart"/>');
    lines.push(`   <metadata type="volume" key="extruder" value="${part.extruder}"/>`);
    lines.push(
      '   <mesh edges_fixed="0" degenerate_facets="0" facets_removed="0" facets_reversed="0" backwards_edges="0"/>',
    );
    lines.push("  </volume>");
    first += count;
  }
  lines.push(" </object>", "</config>", "");
  return lines.join("\n");
}

export interface ColourThreeMfOptions {
  profile?: Partial<ColourPrintProfile>;
  /** Parts already built from the stack (buildColourParts); built here otherwise. */
  parts?: ColourPart[];
  modelEntry?: ZipEntryFactory;
  onProgress?: (fraction: number) => void;
}

export interface ColourWriteResult extends WriteResult {
  parts: Array<{ role: ColourFilament["role"]; extruder: number; filament: string; triangles: number }>;
}

const VERTEX_X = asciiBytes('<vertex x="');
const VERTEX_Y = asciiBytes('" y="');
const VERTEX_Z = asciiBytes('" z="');
const TRIANGLE_1 = asciiBytes('<triangle v1="');
const TRIANGLE_2 = asciiBytes('" v2="');
const TRIANGLE_3 = asciiBytes('" v3="');
const END = asciiBytes('"/>\n');

/** Streams the colour project into `sink`: the 3MF core files, the model, and PrusaSlicer's two configs. */
export async function writeColour3mf(
  stack: ColourStack,
  sink: ByteSink,
  options: ColourThreeMfOptions = {},
): Promise<ColourWriteResult> {
  const profile = { ...DEFAULT_COLOUR_PRINT_PROFILE, ...options.profile };
  const parts = options.parts ?? buildColourParts(stack);
  const layout = colourBedLayout(stack, profile);
  const report = options.onProgress ?? (() => {});
  const { spec } = stack;
  const title = `Colour lithophane ${spec.shape} ${round3(spec.widthMm)} x ${round3(spec.heightMm)} mm`;

  const pack = new ThreeMfPackage(sink);
  pack.addText(PRINT_CONFIG_PATH, colourSlicerConfigText(colourSlicerSettings(stack, profile, layout)));
  pack.addText(MODEL_CONFIG_PATH, colourModelConfigText(parts, title));
  const description = `Print flat (front face on the bed) at ${round3(stack.layerHeightMm)} mm layers, 100% infill, wipe tower; extruders: ${stack.filaments
    .map((f, k) => `${k + 1} ${f.name} (${f.role})`)
    .join(", ")}.`;
  const head = modelHeadXml({
    slic3rpe: true,
    metadata: [
      ["Application", "Lithobox lithophane generator"],
      ["Title", title],
      ["Description", description],
    ],
    objectName: title,
  });
  const totalVertices = parts.reduce((sum, part) => sum + part.mesh.positions.length / 3, 0);
  const totalTriangles = parts.reduce((sum, part) => sum + part.mesh.indices.length / 3, 0);
  const bytes = await pack.writeModel(options.modelEntry, 1 << 20, async (out) => {
    await writeChunk(out, utf8(head));
    let done = 0;
    for (const part of parts) {
      const positions = part.mesh.positions;
      for (let v = 0; v < positions.length; v += 3) {
        await out.ensure(96);
        let o = writeBytes(out.buffer, out.offset, VERTEX_X);
        o = writeFixed3(out.buffer, o, positions[v]!);
        o = writeBytes(out.buffer, o, VERTEX_Y);
        o = writeFixed3(out.buffer, o, positions[v + 1]!);
        o = writeBytes(out.buffer, o, VERTEX_Z);
        o = writeFixed3(out.buffer, o, positions[v + 2]!);
        out.offset = writeBytes(out.buffer, o, END);
        if (++done % 65536 === 0) report((0.45 * done) / totalVertices);
      }
    }
    await writeChunk(out, asciiBytes(VERTICES_TO_TRIANGLES_XML));
    let base = 0;
    done = 0;
    for (const part of parts) {
      const indices = part.mesh.indices;
      for (let t = 0; t < indices.length; t += 3) {
        await out.ensure(96);
        let o = writeBytes(out.buffer, out.offset, TRIANGLE_1);
        o = writeUint(out.buffer, o, base + indices[t]!);
        o = writeBytes(out.buffer, o, TRIANGLE_2);
        o = writeUint(out.buffer, o, base + indices[t + 1]!);
        o = writeBytes(out.buffer, o, TRIANGLE_3);
        o = writeUint(out.buffer, o, base + indices[t + 2]!);
        out.offset = writeBytes(out.buffer, o, END);
        if (++done % 65536 === 0) report(0.45 + (0.53 * done) / totalTriangles);
      }
      base += part.mesh.positions.length / 3;
    }
    await writeChunk(out, asciiBytes(modelTailXml(layout.transform)));
  });
  report(1);
  return {
    triangles: totalTriangles,
    bytes,
    parts: parts.map((part) => ({
      role: part.role,
      extruder: part.extruder,
      filament: part.filament.name,
      triangles: part.mesh.indices.length / 3,
    })),
  };
}
