import { shapeOutline } from "@lithophane/outline";
import { SHAPES, type ShapeId } from "@lithophane/params";
import { shapeClip } from "@shared/creator";

/**
 * The print file's own outline as a CSS polygon in a square box (y down), so the preview clips the photo
 * exactly where the panel is cut: the regular hexagon and the heart of src/lithophane/outline.ts.
 */
function outlinePolygon(shape: ShapeId): string {
  const outline = shapeOutline(shape, 100, 100);
  if (!outline) return "none";
  const points: string[] = [];
  for (let k = 0; k < outline.xs.length; k++) {
    points.push(`${outline.xs[k]!.toFixed(2)}% ${(100 - outline.ys[k]!).toFixed(2)}%`);
  }
  return `polygon(${points.join(", ")})`;
}

const CLIP_PATHS = new Map<string, string>();

/** The CSS clip-path drawing a hexagon or heart panel; undefined for rectangles. */
export function clipPathForShape(shapeId: string | null | undefined): string | undefined {
  const clip = shapeClip(shapeId);
  if (!clip || !SHAPES[clip].masked) return undefined;
  let path = CLIP_PATHS.get(clip);
  if (!path) {
    path = outlinePolygon(clip);
    CLIP_PATHS.set(clip, path);
  }
  return path;
}
