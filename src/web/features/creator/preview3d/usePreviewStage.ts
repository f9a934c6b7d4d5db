import { type RefObject, useEffect, useState } from "react";
import { PreviewBuilder } from "./previewClient";
import type { Stage } from "./stage";

export type StageModule = typeof import("./stage");

type ViewAngles = { azimuthDeg: number; polarDeg: number };

/**
 * The three.js stage (./stage, a chunk of its own, imported when the view mounts) in hostRef's
 * element, with the worker that builds its panels, the view's angles as the visitor turns it, and
 * "unavailable" reported when WebGL cannot run. It lives as long as the component.
 */
export function usePreviewStage(
  {
    hostRef,
    stageRef,
    builderRef,
    moduleRef,
  }: {
    hostRef: RefObject<HTMLDivElement | null>;
    stageRef: RefObject<Stage | null>;
    builderRef: RefObject<PreviewBuilder | null>;
    moduleRef: RefObject<StageModule | null>;
  },
  report: (status: "unavailable") => void,
) {
  const [stageReady, setStageReady] = useState(false);
  const [angles, setAngles] = useState<ViewAngles | null>(null);

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
  }, [report, hostRef, stageRef, builderRef, moduleRef]);

  return { hostRef, stageRef, builderRef, moduleRef, stageReady, angles, setAngles };
}
