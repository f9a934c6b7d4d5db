/**
 * The shape's clip path without the outline maths in the creator's first load (issue 31 item 3):
 * ./shapes (and src/lithophane's outline) is fetched once the page has settled, or once a masked
 * shape is chosen; until then the frame is drawn unclipped (a shape is chosen after the photo).
 */
import { shapeClip } from "@shared/creator";
import { useEffect, useState } from "react";

type ShapesModule = typeof import("./shapes");

let loaded: ShapesModule | undefined;
let loading: Promise<ShapesModule> | undefined;

/** Fetches ./shapes (once; a failed load may be tried again). */
export function loadShapes(): Promise<ShapesModule> {
  loading ??= import("./shapes").then(
    (m) => {
      loaded = m;
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** clipPathForShape of ./shapes once it is loaded (it loads on first need); undefined before. */
export function useClipPath(shapeId: string | null | undefined): string | undefined {
  const clip = shapeClip(shapeId);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (!clip || loaded) return;
    let live = true;
    loadShapes().then(
      () => {
        if (live) setLoads((n) => n + 1);
      },
      (error: unknown) => console.warn("Could not load the shape outlines", error),
    );
    return () => {
      live = false;
    };
  }, [clip]);
  return clip && loaded ? loaded.clipPathForShape(clip) : undefined;
}
