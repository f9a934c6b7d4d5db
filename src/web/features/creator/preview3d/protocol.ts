import type { BacklitPreview } from "@lithophane/backlight";
import type { ColourFilament } from "@lithophane/colour/filaments";
import type { ShapeId } from "@lithophane/params";

export interface PanelRequest {
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  /** The active filament's attenuation k per mm (the catalogue's); the engine's default when absent. */
  attenuationPerMm?: number | undefined;
  /** The active filament's scattering (the catalogue's, decision 338); the model's default when absent. */
  scatterPerMm?: number | undefined;
  /** Local contrast (CLAHE) chosen in the creator: the print file is made with it too. */
  localContrast?: boolean | undefined;
}

/** A colour panel (issue 22): the photo's RGBA and the colour printer's four spools. */
export interface ColourRequest {
  rgba: Uint8Array;
  /** Empty: the engine's default set. */
  filaments: ColourFilament[];
}

/** Main thread -> preview worker. */
export interface PreviewRequest {
  id: number;
  grey: Uint8Array;
  width: number;
  height: number;
  panel: PanelRequest;
  colour?: ColourRequest | undefined;
}

/** The panel to draw; a colour panel also carries its hatched texture and the out-of-gamut share. */
export type PreviewResult = BacklitPreview & {
  highlightTexture?: Uint8Array | undefined;
  outOfGamutFraction?: number | undefined;
};

/** Preview worker -> main thread. */
export type PreviewResponse =
  | { id: number; ok: true; preview: PreviewResult }
  | { id: number; ok: false; message: string };
