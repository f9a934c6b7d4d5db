/**
 * The backlit preview's controls and wiring, loaded lazily by Backlit3DPreview. It samples the framed photo,
 * has the panel built in a worker and hands it to the three.js stage (./stage, a chunk of its own with
 * three.js, imported when this mounts).
 */
import { previewPanelSizeMm } from "@lithophane/backlight";
import type { ColourFilament } from "@lithophane/colour/filaments";
import type { ShapeId } from "@lithophane/params";
import { COLOUR_TEXTS } from "@shared/colour-texts";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Lightbulb, LightbulbOff, Palette, Repeat2, RotateCcw, RotateCw, Undo2 } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { PreviewBuilder, type PreviewPhoto, sampleGrey } from "./previewClient";
import type { PreviewResult } from "./protocol";
import type { Stage } from "./stage";

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

type StageModule = typeof import("./stage");

/** Crop drags fire many changes; rebuild once they settle. */
const DEBOUNCE_MS = 180;
/** One arrow key or button press turns the panel this far (15 degrees). */
const STEP_RADIANS = Math.PI / 12;

/** FNV-1a over the mesh's vertex positions: a short text that changes whenever the relief does. */
function meshSignature(positions: Float32Array): string {
  const words = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  let hash = 0x811c9dc5;
  for (let k = 0; k < words.length; k++) {
    hash ^= words[k]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

type ViewAngles = { azimuthDeg: number; polarDeg: number };

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
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Stage | null>(null);
  const builderRef = useRef<PreviewBuilder | null>(null);
  const moduleRef = useRef<StageModule | null>(null);
  const [stageReady, setStageReady] = useState(false);
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
  const [angles, setAngles] = useState<ViewAngles | null>(null);
  const [busy, setBusy] = useState(true);

  const report = useCallback(
    (next: PreviewStatus) => {
      setStatus(next);
      onStatus(next);
    },
    [onStatus],
  );

  // The stage (three.js, loaded here) lives as long as the component.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    let cleanup: (() => void) | undefined;
    import("./stage").then(
      (module) => {
        if (disposed) return;
        let stage: Stage;
        try {
          stage = module.createStage(host);
        } catch {
          // No WebGL context after all (blocked, or the GPU process gave up).
          report("unavailable");
          return;
        }
        moduleRef.current = module;
        stageRef.current = stage;
        builderRef.current = new PreviewBuilder();
        const onLost = (event: Event) => {
          event.preventDefault();
          report("unavailable");
        };
        const canvas = stage.renderer.domElement;
        canvas.addEventListener("webglcontextlost", onLost);
        const onView = () => {
          const next = module.viewAngles(stage);
          setAngles((previous) =>
            previous?.azimuthDeg === next.azimuthDeg && previous.polarDeg === next.polarDeg ? previous : next,
          );
        };
        stage.controls.addEventListener("change", onView);
        const resize = () => module.resizeStage(stage, host.clientWidth, host.clientHeight);
        const observer = new ResizeObserver(resize);
        observer.observe(host);
        resize();
        setStageReady(true);
        cleanup = () => {
          observer.disconnect();
          canvas.removeEventListener("webglcontextlost", onLost);
          stage.controls.removeEventListener("change", onView);
          builderRef.current?.dispose();
          builderRef.current = null;
          module.disposeStage(stage);
          stageRef.current = null;
        };
      },
      () => {
        if (!disposed) report("unavailable");
      },
    );
    return () => {
      disposed = true;
      cleanup?.();
    };
  }, [report]);

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

      <div className="mx-auto mt-3 flex max-w-sm flex-wrap items-center justify-center gap-2">
        <Button
          variant={lit ? "glow" : "outline"}
          size="sm"
          aria-pressed={lit}
          onClick={() => setLit((value) => !value)}
        >
          {lit ? (
            <Lightbulb aria-hidden="true" className="h-4 w-4" />
          ) : (
            <LightbulbOff aria-hidden="true" className="h-4 w-4" />
          )}
          {texts.backlight}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={texts.turnLeft}
          title={texts.turnLeft}
          onClick={() => turn(-STEP_RADIANS, 0)}
          className="w-9 px-0"
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={texts.turnRight}
          title={texts.turnRight}
          onClick={() => turn(STEP_RADIANS, 0)}
          className="w-9 px-0"
        >
          <RotateCw aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={texts.turnOver}
          title={texts.turnOver}
          onClick={() => turn(Math.PI, 0)}
          className="w-9 px-0"
        >
          <Repeat2 aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={texts.resetView}
          title={texts.resetView}
          onClick={resetView}
          className="w-9 px-0"
        >
          <Undo2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <p className="mt-2 text-center text-sm text-stone-600" aria-live="polite">
        {texts.backlightHint(lit)}
      </p>
      {colour && built?.outOfGamut != null ? (
        <GamutNote fraction={built.outOfGamut} highlight={highlight} onHighlight={setHighlight} />
      ) : null}
    </div>
  );
}

/** Below this share the note says every colour fits (a few stray pixels are not worth a warning). */
const GAMUT_NOTE_MIN = 0.005;

/** The honest note under a colour panel: how much of the photo it cannot show, and a toggle to see where. */
function GamutNote({
  fraction,
  highlight,
  onHighlight,
}: {
  fraction: number;
  highlight: boolean;
  onHighlight: (on: boolean) => void;
}) {
  const texts = COLOUR_TEXTS.preview;
  if (fraction < GAMUT_NOTE_MIN) {
    return (
      <p className="mx-auto mt-3 flex max-w-sm gap-2 text-sm text-stone-700" data-testid="gamut-note">
        <Palette aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {texts.gamutInside}
      </p>
    );
  }
  const percent = Math.max(1, Math.round(fraction * 100));
  return (
    <div
      className="mx-auto mt-3 max-w-sm rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-stone-800"
      data-testid="gamut-note"
    >
      <p className="flex gap-2">
        <Palette aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
        <span>{texts.gamutOutside(percent)}</span>
      </p>
      <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          checked={highlight}
          onChange={(event) => onHighlight(event.target.checked)}
          className="h-5 w-5 accent-stone-900"
        />
        {texts.gamutHighlight}
      </label>
      {highlight ? <p className="text-xs text-stone-600">{texts.gamutHighlightHint}</p> : null}
    </div>
  );
}
