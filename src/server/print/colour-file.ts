/**
 * Node side of the colour engine: photo -> colour stack -> multi-material 3MF on disk, atomically (temp
 * file in the same folder, then rename). The shop's print jobs and the CLI call generateColourPrintFile().
 */
import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import {
  type ColourFilament,
  type ColourPanelOptions,
  type ColourPrintProfile,
  type ColourWriteResult,
  computeColourStack,
  DEFAULT_COLOUR_FILAMENTS,
  resolveColourOptions,
  writeColour3mf,
} from "../../lithophane/colour/index.js";
import { LithophaneError } from "../../lithophane/errors.js";
import { resolvePanelSpec } from "../../lithophane/params.js";
import { decodeRgbaCrop } from "./decode.js";
import { FileSink } from "./file-sink.js";
import { zlibDeflateEntry } from "./zlib-entry.js";

/** A colour print file's grid: one nozzle line (finer colour dithering cannot print). */
export const COLOUR_PRINT_RESOLUTION_MM = 0.4;

export interface GenerateColourPrintFileOptions extends ColourPanelOptions {
  imagePath?: string;
  imageBuffer?: Uint8Array;
  /** The printer's four filaments in extruder order (default DEFAULT_COLOUR_FILAMENTS). */
  filaments?: readonly ColourFilament[];
  /** Must end in .3mf. */
  outPath: string;
  profile?: Partial<ColourPrintProfile>;
  onProgress?: (fraction: number) => void;
}

export interface GenerateColourPrintFileResult extends ColourWriteResult {
  ms: number;
  outPath: string;
  /** Share of the panel whose photo colour was outside the filaments' gamut (0..1). */
  outOfGamutFraction: number;
}

export async function generateColourPrintFile(
  options: GenerateColourPrintFileOptions,
): Promise<GenerateColourPrintFileResult> {
  const started = performance.now();
  const { imagePath, imageBuffer, outPath, onProgress } = options;
  if (typeof outPath !== "string" || extname(outPath).toLowerCase() !== ".3mf") {
    throw new LithophaneError("invalid-parameter", "A colour print file is a .3mf project.");
  }
  if ((imagePath === undefined) === (imageBuffer === undefined)) {
    throw new LithophaneError("invalid-parameter", "Pass exactly one of imagePath or imageBuffer.");
  }
  const filaments = options.filaments ?? DEFAULT_COLOUR_FILAMENTS;
  resolveColourOptions(options);
  const spec = resolvePanelSpec({
    ...options,
    resolutionMm: options.resolutionMm ?? COLOUR_PRINT_RESOLUTION_MM,
  });
  const image = await decodeRgbaCrop((imagePath ?? imageBuffer)!, spec.crop, spec);
  onProgress?.(0.1);
  const stack = computeColourStack(
    image.pixels,
    image.width,
    image.height,
    { ...options, ...spec, crop: image.crop },
    filaments,
  );
  onProgress?.(0.3);
  const temporary = join(dirname(outPath), `.${basename(outPath)}.${randomBytes(6).toString("hex")}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, "w");
    const result = await writeColour3mf(stack, new FileSink(handle), {
      modelEntry: zlibDeflateEntry(1),
      ...(options.profile ? { profile: options.profile } : {}),
      onProgress: (fraction) => onProgress?.(0.3 + 0.7 * fraction),
    });
    await handle.close();
    handle = undefined;
    await rename(temporary, outPath);
    return {
      ...result,
      ms: performance.now() - started,
      outPath,
      outOfGamutFraction: stack.outOfGamutFraction,
    };
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(temporary, { force: true });
    if (error instanceof LithophaneError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LithophaneError("io-error", `Could not write ${outPath}: ${reason}`, { cause: error });
  }
}
