import type { BacklitPreview } from "@lithophane/backlight";
import type { ShapeId } from "@lithophane/params";

export interface PanelRequest {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  /** The active filament's attenuation k per mm (the catalogue's); the engine's default when absent. */
  attenuationPerMm?: number | undefined;
  /** Local contrast (CLAHE) chosen in the creator: the print file is made with it too. */
  localContrast?: boolean | undefined;
}

/** Main thread -> preview worker. */
export interface PreviewRequest {
  id: number;
  grey: Uint8Array;
  width: number;
  height: number;
  panel: PanelRequest;
}

/** Preview worker -> main thread. */
export type PreviewResponse =
  | { id: number; ok: true; preview: BacklitPreview }
  | { id: number; ok: false; message: string };
