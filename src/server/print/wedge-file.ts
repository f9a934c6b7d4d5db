/**
 * The calibration step wedge as a file (issue 19 item 3): the CLI's `calibration` command and the admin
 * Calibration screen's download both write it here, so the owner prints the same wedge either way.
 */
import { buildPanelGeometry } from "../../lithophane/geometry.js";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "../../lithophane/print-project.js";
import type { WriteResult } from "../../lithophane/stl.js";
import { type WedgeOptions, wedgeHeightmap } from "../../lithophane/wedge.js";
import { type PrintFormat, writePrintFile } from "./print-file.js";

export interface WedgeFileOptions extends WedgeOptions {
  format: PrintFormat;
  outPath: string;
  /** 3MF only: the filament profile name written into the project. */
  filamentName?: string;
}

/** Writes the step wedge (upright, with the project's slicer settings for a 3MF) to `outPath`, atomically. */
export async function writeWedgeFile(options: WedgeFileOptions): Promise<WriteResult> {
  const { format, outPath, filamentName, ...wedge } = options;
  const heightmap = wedgeHeightmap(wedge);
  const profile = { ...DEFAULT_PRINT_PROFILE, ...(filamentName ? { filamentName } : {}) };
  return writePrintFile(buildPanelGeometry(heightmap), format, outPath, {
    project: format === "3mf" ? threeMfProject(heightmap.spec, profile) : undefined,
  });
}
