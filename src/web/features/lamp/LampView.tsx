/**
 * The lamp's 3D view, loaded lazily by LampPreview: builds the shade from the cropped photos (lampBuild)
 * and hands it to the three.js stage (./lampStage, a chunk of its own, imported when this mounts). Turned
 * by dragging, by the arrow keys while it has the focus, or by its buttons; the light switches off to
 * show the relief.
 */
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Lightbulb, LightbulbOff, RotateCcw, RotateCw, Undo2 } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { LampBuilder } from "./lampBuilder";
import { type LampBuildInput, sampleLampPhotos } from "./lampSample";
import type { LampStage } from "./lampStage";

export type LampViewStatus = "loading" | "ready" | "unavailable" | "failed";

type StageModule = typeof import("./lampStage");

const DEBOUNCE_MS = 250;
const STEP_RADIANS = Math.PI / 12;

export interface LampViewProps {
  input: LampBuildInput;
  sizeName: string;
  onStatus: (status: LampViewStatus) => void;
}

function inputKey(input: LampBuildInput): string {
  return JSON.stringify([
    input.photos,
    input.diameterMm,
    input.heightMm,
    input.attenuationPerMm,
    input.scatterPerMm,
  ]);
}

export default function LampView({ input, sizeName, onStatus }: LampViewProps) {
  const texts = LAMP_TEXTS_WEB.preview;
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<LampStage | null>(null);
  const moduleRef = useRef<StageModule | null>(null);
  const builderRef = useRef<LampBuilder | null>(null);
  const [stageReady, setStageReady] = useState(false);
  const [status, setStatus] = useState<LampViewStatus>("loading");
  const [busy, setBusy] = useState(true);
  const [lit, setLit] = useState(true);
  const litRef = useRef(lit);
  litRef.current = lit;
  const [built, setBuilt] = useState<{ count: number; photos: number; vertices: number } | null>(null);
  const [angles, setAngles] = useState<{ azimuthDeg: number; polarDeg: number } | null>(null);
  const latestInput = useRef(input);
  latestInput.current = input;
  const key = inputKey(input);

  const report = useCallback(
    (next: LampViewStatus) => {
      setStatus(next);
      onStatus(next);
    },
    [onStatus],
  );

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    let cleanup: (() => void) | undefined;
    import("./lampStage").then(
      (module) => {
        if (disposed) return;
        let stage: LampStage;
        try {
          stage = module.createLampStage(host);
        } catch {
          report("unavailable");
          return;
        }
        moduleRef.current = module;
        stageRef.current = stage;
        builderRef.current = new LampBuilder();
        const canvas = stage.renderer.domElement;
        const onLost = (event: Event) => {
          event.preventDefault();
          report("unavailable");
        };
        canvas.addEventListener("webglcontextlost", onLost);
        const onView = () => setAngles(module.lampViewAngles(stage));
        stage.controls.addEventListener("change", onView);
        const resize = () => module.resizeLampStage(stage, host.clientWidth, host.clientHeight);
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
          module.disposeLampStage(stage);
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

  // Rebuild when the photos, their crops or the size change (once a crop drag settles).
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the input's values.
  useEffect(() => {
    if (!stageReady) return;
    let cancelled = false;
    setBusy(true);
    const timer = window.setTimeout(async () => {
      const stage = stageRef.current;
      const module = moduleRef.current;
      const builder = builderRef.current;
      if (!stage || !module || !builder) return;
      try {
        const input = latestInput.current;
        const samples = await sampleLampPhotos(input);
        if (cancelled) return;
        const build = await builder.build({
          samples,
          diameterMm: input.diameterMm,
          heightMm: input.heightMm,
          attenuationPerMm: input.attenuationPerMm,
          scatterPerMm: input.scatterPerMm,
        });
        if (cancelled || stageRef.current !== stage) return;
        module.showLamp(stage, build, litRef.current);
        setBuilt((previous) => ({
          count: (previous?.count ?? 0) + 1,
          photos: build.photos,
          vertices: build.vertexCount,
        }));
        setAngles(module.lampViewAngles(stage));
        setBusy(false);
        report("ready");
      } catch (error) {
        console.warn("The lamp preview could not be built", error);
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
  }, [stageReady, key, report]);

  useEffect(() => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.applyLampLighting(stage, lit);
  }, [lit]);

  const turn = (azimuth: number, polar: number) => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.turnLamp(stage, azimuth, polar);
  };
  const resetView = () => {
    const stage = stageRef.current;
    if (stage) moduleRef.current?.resetLampView(stage);
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

  if (status === "unavailable") return null;
  const photoCount = input.photos.length;
  return (
    <div>
      <div className="relative mx-auto w-full max-w-sm">
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys turn the lamp while it has focus.
          tabIndex={0}
          role="img"
          aria-label={texts.viewLabel(sizeName, photoCount)}
          aria-busy={busy || undefined}
          onKeyDown={onKeyDown}
          data-testid="lamp-3d-view"
          data-photos={built?.photos ?? 0}
          data-vertex-count={built?.vertices ?? 0}
          data-build-count={built?.count ?? 0}
          data-mode={lit ? "lit" : "unlit"}
          data-azimuth={angles?.azimuthDeg ?? ""}
          data-polar={angles?.polarDeg ?? ""}
          className={cn(
            "relative aspect-[4/5] w-full cursor-grab touch-none overflow-hidden rounded-xl ring-1 transition-colors duration-300 active:cursor-grabbing",
            lit
              ? "bg-[radial-gradient(circle_at_50%_45%,#44403c_0%,#1c1917_70%)] ring-stone-800"
              : "bg-[radial-gradient(circle_at_50%_40%,#ffffff_0%,#e7e5e4_80%)] ring-stone-300",
          )}
        >
          <div ref={hostRef} className="absolute inset-0" />
        </div>
        {status === "failed" ? (
          <p
            role="alert"
            className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-stone-200"
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
          {texts.light}
        </Button>
        {(
          [
            [texts.turnLeft, RotateCcw, () => turn(-STEP_RADIANS, 0)],
            [texts.turnRight, RotateCw, () => turn(STEP_RADIANS, 0)],
            [texts.resetView, Undo2, resetView],
          ] as const
        ).map(([label, Icon, onClick]) => (
          <Button
            key={label}
            variant="outline"
            size="sm"
            aria-label={label}
            title={label}
            onClick={onClick}
            className="w-11 px-0"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </Button>
        ))}
      </div>
      <p className="mt-2 text-center text-sm text-stone-600" aria-live="polite">
        {texts.lightHint(lit)}
      </p>
    </div>
  );
}
