/**
 * The lithophane lamp (issue 48 item 2, decision 357): a cylinder shade of one to four photos around,
 * on an LED base. What a product type calls: the sizes and the photo aspect (params), photos -> wall
 * and closed mesh (lampGeometry, buildLampMesh), the print project and its fit on a printer
 * (lampPrintProject, lampFitProblem), the 3MF (writeLamp3mf), the lit pictures (lampPreview) and the
 * unrolled G-code twin (lampTwin). Pure and browser-safe; the Node side is src/server/print/lamp/.
 */
export { buildAdaptiveLampMesh, stripColumns } from "./adaptive";
export {
  buildGridLampMesh,
  buildLampMesh,
  columnAngle,
  cylinderPoint,
  type LampGeometry,
  lampGeometry,
  lampGeometryFromHeightmaps,
  pointAngle,
} from "./geometry";
export {
  LAMP_DEFAULTS,
  LAMP_LIMITS,
  LAMP_RIM,
  LAMP_SIZE_IDS,
  LAMP_SIZES,
  type LampOptions,
  type LampPhoto,
  type LampSizeId,
  type LampSpec,
  type LampToneOptions,
  lampPhotoAspect,
  lampPhotoSpec,
  resolveLampSpec,
} from "./params";
export { type LampPreviewOptions, lampPreview, lampThicknessAt } from "./preview";
export {
  DEFAULT_LAMP_PRINTER,
  LAMP_PRINT_SETTINGS_PREFIX,
  type LampPrinter,
  lampFitProblem,
  lampPrintProject,
  lampSlicerSettings,
} from "./print-project";
export { type LampThreeMfOptions, writeLamp3mf } from "./threemf";
export {
  isLampProject,
  type LampTwinOptions,
  type LampTwinReport,
  type LampTwinResult,
  lampTwin,
} from "./twin";
