/**
 * Lithophane generator core: heightmap -> closed mesh -> binary STL / 3MF. Browser-safe (no Node imports);
 * Node-only helpers (image decoding with sharp, files, workers) live in src/server/print/.
 *
 * Orientation: x right, y up, the flat face on z = 0 (print-bed side) and the relief towards +z. With the
 * default front "flat" the flat face is the front the customer looks at and the relief faces the LEDs, so
 * the image is mirrored left-right in model space and reads correctly from the front with light behind.
 */
export { type ByteSink, ChunkedOutput, MemorySink } from "./chunks";
export { LOCAL_CONTRAST_DEFAULTS, localContrast } from "./contrast";
export {
  type CropInput,
  type CropRect,
  type EasyCropPosition,
  easyCropToPixels,
  type PixelCrop,
  resolveCropRect,
} from "./crop";
export { isLithophaneError, LithophaneError, type LithophaneErrorCode } from "./errors";
export {
  buildIndexedMesh,
  buildPanelGeometries,
  buildPanelGeometry,
  forEachTriangle,
  forEachVertex,
  type GeometryOptions,
  type IndexedMesh,
  type PanelGeometry,
} from "./geometry";
export { computeHeightmap, type Heightmap, thicknessForBrightness } from "./heightmap";
export { mirroredInModelSpace, modelColumnAsSeen } from "./orientation";
export { type Outline, type PanelBounds, panelBounds, shapeOutline } from "./outline";
export {
  DEFAULTS,
  FRONT_FACES,
  type FrontFace,
  gridVertexCount,
  isShapeId,
  LIMITS,
  type PanelOptions,
  type PanelSpec,
  resolvePanelSpec,
  SHAPE_IDS,
  SHAPES,
  type ShapeId,
  type ShapeInfo,
  THICKNESS_MAPPINGS,
  type ThicknessMapping,
} from "./params";
export { buildPreviewGeometry, PREVIEW_RESOLUTION_MM, rgbaToGrey } from "./preview";
export { stlByteLength, type WriteResult, type WriterOptions, writeStl } from "./stl";
export {
  fflateDeflateEntry,
  MODEL_PATH,
  type ThreeMfOptions,
  write3mf,
  type ZipEntryFactory,
  type ZipEntryStream,
} from "./threemf";
