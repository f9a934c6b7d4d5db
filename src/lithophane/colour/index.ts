/**
 * Colour lithophanes, the engine: pure TypeScript, browser-safe (no Node imports), like the rest of
 * src/lithophane. A white relief carries the photo's brightness; thin cyan, magenta and yellow layers at
 * the front face carry its colour. Model: docs/decisions/100-colour-transmission-model.md.
 *
 * Typical use:
 *   const stack = computeColourStack(rgba, width, height, { shape, widthMm, heightMm, crop }, filaments);
 *   colourPreviewRgba(stack)                  // what the panel glows like (texels)
 *   buildColourBacklitPreview(rgba, w, h, panel, filaments)   // the creator's 3D view (BacklitPreview+)
 *   buildColourParts(stack)                   // one closed mesh per filament
 *   await writeColour3mf(stack, sink)         // the multi-material PrusaSlicer project
 */
export { type ChartPatchResult, type ChartResult, COLOR_CHECKER_SRGB, colourChartDeltaE } from "./chart";
export {
  attenuationRgbFromRatios,
  COLOUR_ROLES,
  type ColourFilament,
  type ColourRole,
  DEFAULT_COLOUR_FILAMENTS,
  filamentFor,
  type Rgb3,
  validateColourFilaments,
  whiteFilamentFromCalibration,
} from "./filaments";
export {
  COLOUR_DEFAULTS,
  type ColourPanelOptions,
  type ColourStack,
  computeColourStack,
  linearToSrgbBytes,
  resolveColourOptions,
  STACK_ORDER,
  StackSolver,
} from "./model";
export { buildColourParts, type ColourPart } from "./parts";
export {
  buildColourBacklitPreview,
  type ColourBacklitPreview,
  type ColourPreviewOptions,
  colourPreviewRgba,
  colourPreviewTexelPair,
  gamutMaskRgba,
  NEUTRAL_BACKLIGHT,
  OUT_OF_GAMUT_HATCH,
  scatteredColourLight,
} from "./preview";
export {
  deltaE2000,
  deltaE2000Rgb,
  linearRgbToLab,
  linearRgbToOklab,
  luminance,
  oklabToLinearRgb,
} from "./science";
export {
  type ColourBedLayout,
  type ColourPrintProfile,
  type ColourThreeMfOptions,
  type ColourWriteResult,
  colourBedLayout,
  colourModelConfigText,
  colourSlicerSettings,
  DEFAULT_COLOUR_PRINT_PROFILE,
  MODEL_CONFIG_PATH,
  PRINT_CONFIG_PATH,
  writeColour3mf,
} from "./threemf";
