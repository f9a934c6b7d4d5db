/**
 * The backlit preview's controls and wiring, loaded lazily by Backlit3DPreview. It samples the framed photo,
 * has the panel built in a worker and hands it to the three.js stage (./stage, a chunk of its own with
 * three.js, imported when this mounts).
 */
import { previewPanelSizeMm } from "@lithophane/backlight";
import type { ColourFilament } from "@lithophane/colour/filaments";
import type { ShapeId } from "@lithophane/params";
import { CREATOR_MESSAGES } from "@shared/creator-messages";

import { cn } from "@web/components/ui/cn";

import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { GamutNote } from "./GamutNote";
import { meshSignature } from "./meshSignature";
import { PreviewViewControls } from "./PreviewViewControls";
import { type PreviewBuilder, type PreviewPhoto, sampleGrey } from "./previewClient";
import type { PreviewResult } from "./protocol";
import type { Stage } from "./stage";
import { type StageModule, usePreviewStage } from "./usePreviewStage";
import { STEP_RADIANS } from "./viewTurns";

export type PreviewStatus = "loading" | "ready" | "unavailable" | "failed";

export interface LithophaneViewProps {
  photo: PreviewPhoto;
  shape: ShapeId;
  shapeName: string;
  /** The chosen size's panel dimensions; the shape's standard size until one is chosen. */
  sizeMm: { widthMm?: number | undefined; heightMm?: number | undefined } | null;
  frameHex: string | null;
  /** The active filament's attenuation k per mm: the tones are mapped with it, as the print file's are. */
  attenuationPerMm: number;
  /** The active filament's scattering (decision 338): the light model spreads the light by it. */
  scatterPerMm: number;
  /** Local contrast (CLAHE) as chosen in the creator. */
  localContrast: boolean;
  /**
   * A colour panel (issue 22): the colour printer's spools (empty: the engine's default set). The
   * panel then glows as the colour print file will, with a note on the photo's colours it cannot show.
   */
  colour: { filaments: ColourFilament[] } | null;
  onStatus: (status: PreviewStatus) => void;
}

/** Crop drags fire many changes; rebuild once they settle. */
const DEBOUNCE_MS = 180;

/** The panel with its hatched texture when the highlight is on (a colour panel only). */
function withHighlight(preview: PreviewResult, highlight: boolean): PreviewResult {
  return highlight && preview.highlightTexture ? { ...preview, texture: preview.highlightTexture } : preview;
}

export default function LithophaneView({
  photo,
  shape,
  shapeName,
  sizeMm,
  frameHex,
  attenuationPerMm,
  scatterPerMm,
  localContrast,
  colour,
  onStatus,
}: LithophaneViewProps) {
  const { widthMm, heightMm } = previewPanelSizeMm(shape, sizeMm);
  const [lit, setLit] = useState(true);
  const litRef = useRef(lit);
  litRef.current = lit;
  const frameHexRef = useRef(frameHex);
  frameHexRef.current = frameHex;
  const [status, setStatus] = useState<PreviewStatus>("loading");
  const [built, setBuilt] = useState<{
    shape: ShapeId;
    vertices: number;
    triangles: number;
    /** How many meshes this view has built, and the last one's signature (observable state for tests). */
    count: number;
    signature: string;
    attenuationPerMm: number;
    scatterPerMm: number;
    localContrast: boolean;
    /** A colour panel's share of the photo outside what it can show (0..1); null for a grey panel. */
    outOfGamut: number | null;
  } | null>(null);
  const [highlight, setHighlight] = useState(false);
  const highlightRef = useRef(highlight);
  highlightRef.current = highlight;
  /** The last panel drawn: the highlight toggle repaints it with its hatched texture. */
  const shownRef = useRef<PreviewResult | null>(null);
  // The spools as a stable key: the catalogue answer is refetched, the spools rarely change.
  const colourKey = colour ? JSON.stringify(colour.filaments) : "";
  const [busy, setBusy] = useState(true);

  const report = useCallback(
    (next: PreviewStatus) => {
      setStatus(next);
      onStatus(next);
    },
    [onStatus],
  );
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Stage | null>(null);
  const builderRef = useRef<PreviewBuilder | null>(null);
  const moduleRef = useRef<StageModule | null>(null);
  const { stageReady, angles, setAngles } = usePreviewStage(
    { hostRef, stageRef, builderRef, moduleRef },
    report,
  );

  // Rebuild the panel when the photo, crop, shape or size change (debounced while the crop is dragged).
  const cropKey = photo.cropPixels
    ? `${photo.cropPixels.x},${photo.cropPixels.y},${photo.cropPixels.width},${photo.cropPixels.height}`
    : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: cropKey stands for photo.cropPixels' values.
  useEffect(() => {
    if (!stageReady) return;
    let cancelled = false;
    setBusy(true);
    const timer = window.setTimeout(async () => {
      const stage = stageRef.current;
      const builder = builderRef.current;
      const module = moduleRef.current;
      if (!stage || !builder || !module) return;
      try {
        const { grey, rgba, width, height } = await sampleGrey(photo, widthMm / heightMm);
        if (cancelled) return;
        const preview = await builder.build(
          grey,
          width,
          height,
          { shape, widthMm, heightMm, attenuationPerMm, scatterPerMm, localContrast },
          colour ? { rgba, filaments: colour.filaments } : undefined,
        );
        if (cancelled || stageRef.current !== stage) return;
        shownRef.current = preview;
        module.showPreview(stage, withHighlight(preview, highlightRef.current), frameHexRef.current);
        module.applyLighting(stage, litRef.current);
        setBuilt((previous) => ({
          shape: preview.shape,
          vertices: preview.vertexCount,
          triangles: preview.triangleCount,
          count: (previous?.count ?? 0) + 1,
          signature: meshSignature(preview.positions),
          attenuationPerMm: preview.attenuationPerMm,
          scatterPerMm: preview.scatterPerMm,
          localContrast: preview.localContrast,
          outOfGamut: preview.outOfGamutFraction ?? null,
        }));
        setAngles(module.viewAngles(stage));
        setBusy(false);
        report("ready");
      } catch {
        if (!cancelled) {
          setBusy(false);
          report("failed");
        }
      }
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [
    stageReady,
    photo.url,
    photo.width,
    photo.height,
    cropKey,
    shape,
    widthMm,
    heightMm,
    attenuationPerMm,
    scatterPerMm,
    localContrast,
    colourKey,
    report,
  ]);

  // Highlight the photo's colours the panel cannot show: repaint the panel with the hatched texture.
  useEffect(() => {
    const stage = stageRef.current;
    const shown = shownRef.current;
    if (!stage || !shown?.highlightTexture) return;
    const { texture, textureWidth, textureHeight } = withHighlight(shown, highlight);
    moduleRef.current?.setPanelTexture(stage, texture, textureWidth, textureHeight);
  }, [highlight]);

  // Frame colour: repaint only.
  useEffect(() => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.setFrameColour(stage, frameHex);
  }, [frameHex]);

  // Lit / unlit: swap the panel's material and the lights.
  useEffect(() => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.applyLighting(stage, lit);
  }, [lit]);

  const turn = (azimuth: number, polar: number) => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.turnStage(stage, azimuth, polar);
  };
  const resetView = () => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.resetStage(stage);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP_RADIANS, 0],
      ArrowRight: [STEP_RADIANS, 0],
      ArrowUp: [0, -STEP_RADIANS],
      ArrowDown: [0, STEP_RADIANS],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    turn(move[0], move[1]);
  };

  const texts = CREATOR_MESSAGES.creator.preview3d;
  if (status === "unavailable") return null;
  return (
    <div>
      <div className="relative mx-auto w-full max-w-sm">
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys turn the model while it has focus.
          tabIndex={0}
          role="img"
          aria-label={texts.viewLabel(shapeName, lit)}
          aria-busy={busy || undefined}
          onKeyDown={onKeyDown}
          data-testid="lithophane-3d-view"
          data-shape={built?.shape ?? ""}
          data-vertex-count={built?.vertices ?? 0}
          data-triangle-count={built?.triangles ?? 0}
          data-mode={lit ? "lit" : "unlit"}
          data-build-count={built?.count ?? 0}
          data-mesh-signature={built?.signature ?? ""}
          data-attenuation={built?.attenuationPerMm ?? ""}
          data-scatter={built?.scatterPerMm ?? ""}
          data-local-contrast={built ? String(built.localContrast) : ""}
          data-processing={colour ? "colour" : "grayscale"}
          data-out-of-gamut={built?.outOfGamut ?? ""}
          data-highlight={highlight ? "on" : "off"}
          data-azimuth={angles?.azimuthDeg ?? ""}
          data-polar={angles?.polarDeg ?? ""}
          className={cn(
            "relative aspect-square w-full cursor-grab touch-none overflow-hidden rounded-xl ring-1 transition-colors duration-300 active:cursor-grabbing",
            lit
              ? "bg-[radial-gradient(circle_at_50%_45%,#44403c_0%,#1c1917_70%)] ring-stone-800"
              : "bg-[radial-gradient(circle_at_50%_40%,#ffffff_0%,#e7e5e4_80%)] ring-stone-300",
          )}
        >
          <div ref={hostRef} className="absolute inset-0" />
        </div>
        {status === "failed" ? (
          <p
            className={cn(
              "absolute inset-0 flex items-center justify-center p-6 text-center text-sm",
              lit ? "text-stone-200" : "text-stone-700",
            )}
          >
            {texts.failed}
          </p>
        ) : busy ? (
          <p
            className={cn(
              "pointer-events-none absolute inset-x-0 bottom-3 text-center text-xs",
              lit ? "text-stone-300" : "text-stone-600",
            )}
          >
            {built ? texts.updating : texts.loading}
          </p>
        ) : null}
      </div>

      <PreviewViewControls
        lit={lit}
        onToggleLit={() => setLit((value) => !value)}
        onTurn={turn}
        onReset={resetView}
      />
      <p className="mt-2 text-center text-sm text-stone-600" aria-live="polite">
        {texts.backlightHint(lit)}
      </p>
      {colour && built?.outOfGamut != null ? (
        <GamutNote fraction={built.outOfGamut} highlight={highlight} onHighlight={setHighlight} />
      ) : null}
    </div>
  );
}
