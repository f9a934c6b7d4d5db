import type { ShapeId } from "./params";
import { SHAPES } from "./params";

/** A closed polygon in panel millimetres, counter-clockwise seen from +z, without a repeated last point. */
export interface Outline {
  xs: Float64Array;
  ys: Float64Array;
}

/**
 * A regular flat-top hexagon (120 degree corners) centred in the width x height box: across corners it is
 * the box's width (or less, when the box is too flat to hold it), across flats sqrt(3)/2 of that. A 180 mm
 * square size gives 180 mm across corners and 155.9 mm across flats; the creator clips the 1:1 crop the
 * same way (features/creator/shapes.ts draws this outline).
 */
function hexagonOutline(widthMm: number, heightMm: number): Outline {
  const radius = Math.min(widthMm, (2 * heightMm) / Math.sqrt(3)) / 2;
  const halfFlats = (radius * Math.sqrt(3)) / 2;
  const cx = widthMm / 2;
  const cy = heightMm / 2;
  return {
    xs: Float64Array.from([
      cx - radius / 2,
      cx + radius / 2,
      cx + radius,
      cx + radius / 2,
      cx - radius / 2,
      cx - radius,
    ]),
    ys: Float64Array.from([cy - halfFlats, cy - halfFlats, cy, cy + halfFlats, cy + halfFlats, cy]),
  };
}

/**
 * Heart from two overlapping circles (radius 1, centres at x = +-0.75) and two tangents meeting at a tip
 * 2.3 below the centres: a ~85 degree tip and a notch a tenth of the height deep, then stretched to fill
 * the box. Arcs are sampled finely enough (0.75 degree) to stay well inside a 0.1 mm grid's accuracy.
 */
function heartOutline(widthMm: number, heightMm: number): Outline {
  const radius = 1;
  const centreX = 0.75;
  const tipDepth = 2.3;
  const points: [number, number][] = [[0, -tipDepth]];
  // Tangent point on the right circle seen from the tip.
  const toTipAngle = Math.atan2(-tipDepth, -centreX);
  const tangentOffset = Math.acos(radius / Math.hypot(centreX, tipDepth));
  const startAngle = toTipAngle + tangentOffset;
  const notchY = Math.sqrt(radius * radius - centreX * centreX);
  const notchAngle = Math.atan2(notchY, -centreX);
  const arcAngles = (from: number, to: number): number[] => {
    const steps = Math.ceil((to - from) / ((0.75 * Math.PI) / 180));
    const angles: number[] = [];
    for (let s = 0; s < steps; s++) angles.push(from + ((to - from) * s) / steps);
    // The extremes (0 and 90 degrees) set the bounding box, so sample them exactly.
    for (const exact of [0, Math.PI / 2]) if (exact > from && exact < to) angles.push(exact);
    return angles.sort((a, b) => a - b);
  };
  for (const angle of arcAngles(startAngle, notchAngle)) {
    points.push([centreX + radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  points.push([0, notchY]);
  // The left lobe mirrors the right one, walked in the same (counter-clockwise) direction.
  const rightArc = points.slice(1, -1);
  for (let k = rightArc.length - 1; k >= 0; k--) {
    const point = rightArc[k]!;
    points.push([-point[0], point[1]]);
  }
  const minX = -(centreX + radius);
  const maxX = centreX + radius;
  const minY = -tipDepth;
  const maxY = radius;
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  points.forEach(([x, y], k) => {
    xs[k] = ((x - minX) / (maxX - minX)) * widthMm;
    ys[k] = ((y - minY) / (maxY - minY)) * heightMm;
  });
  return { xs, ys };
}

/** The outline of a masked shape, or null when the panel is its full bounding rectangle. */
export function shapeOutline(shape: ShapeId, widthMm: number, heightMm: number): Outline | null {
  if (!SHAPES[shape].masked) return null;
  return shape === "hexagon" ? hexagonOutline(widthMm, heightMm) : heartOutline(widthMm, heightMm);
}

/** Axis-aligned bounds of the panel in panel millimetres: its outline's, or the whole box for rectangles. */
export interface PanelBounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function outlineBounds(outline: Outline): PanelBounds {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < outline.xs.length; k++) {
    minX = Math.min(minX, outline.xs[k]!);
    maxX = Math.max(maxX, outline.xs[k]!);
    minY = Math.min(minY, outline.ys[k]!);
    maxY = Math.max(maxY, outline.ys[k]!);
  }
  return { minX, maxX, minY, maxY };
}

export function panelBounds(shape: ShapeId, widthMm: number, heightMm: number): PanelBounds {
  const outline = shapeOutline(shape, widthMm, heightMm);
  return outline ? outlineBounds(outline) : { minX: 0, maxX: widthMm, minY: 0, maxY: heightMm };
}

/** Value stored for grid points farther from the outline than the band; only the sign matters there. */
export const FAR_DISTANCE = 1e6;

/**
 * Signed distance (mm, negative inside) from each grid vertex to the outline. Exact within `bandMm` of the
 * outline, +-FAR_DISTANCE elsewhere. Points exactly on the outline count as inside (-0). Costs one scanline
 * pass plus a pass over each edge's neighbourhood, never a full polygon test per vertex.
 */
export function signedDistanceField(
  outline: Outline,
  nx: number,
  ny: number,
  stepX: number,
  stepY: number,
  bandMm: number,
): Float32Array {
  const { xs, ys } = outline;
  const count = xs.length;
  const distance = new Float32Array(nx * ny).fill(Number.POSITIVE_INFINITY);
  for (let e = 0; e < count; e++) {
    const ax = xs[e]!;
    const ay = ys[e]!;
    const bx = xs[(e + 1) % count]!;
    const by = ys[(e + 1) % count]!;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const i0 = Math.max(0, Math.floor((Math.min(ax, bx) - bandMm) / stepX));
    const i1 = Math.min(nx - 1, Math.ceil((Math.max(ax, bx) + bandMm) / stepX));
    const j0 = Math.max(0, Math.floor((Math.min(ay, by) - bandMm) / stepY));
    const j1 = Math.min(ny - 1, Math.ceil((Math.max(ay, by) + bandMm) / stepY));
    for (let j = j0; j <= j1; j++) {
      const py = j * stepY;
      const row = j * nx;
      for (let i = i0; i <= i1; i++) {
        const px = i * stepX;
        let t = lengthSquared > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSquared : 0;
        t = Math.min(1, Math.max(0, t));
        const ex = ax + t * dx - px;
        const ey = ay + t * dy - py;
        const d = Math.sqrt(ex * ex + ey * ey);
        if (d < distance[row + i]!) distance[row + i] = d;
      }
    }
  }

  // Inside/outside by even-odd crossings of each row's scanline (half-open rule avoids double counts).
  const crossings: number[] = [];
  const onOutline = 1e-9 * Math.max(nx * stepX, ny * stepY);
  for (let j = 0; j < ny; j++) {
    const py = j * stepY;
    crossings.length = 0;
    for (let e = 0; e < count; e++) {
      const ay = ys[e]!;
      const by = ys[(e + 1) % count]!;
      if (ay <= py !== by <= py) {
        const ax = xs[e]!;
        const bx = xs[(e + 1) % count]!;
        crossings.push(ax + ((py - ay) * (bx - ax)) / (by - ay));
      }
    }
    crossings.sort((a, b) => a - b);
    let next = 0;
    let inside = false;
    const row = j * nx;
    for (let i = 0; i < nx; i++) {
      const px = i * stepX;
      while (next < crossings.length && crossings[next]! <= px) {
        inside = !inside;
        next++;
      }
      const d = distance[row + i]!;
      const isInside = inside || d <= onOutline;
      const magnitude = d <= bandMm ? d : FAR_DISTANCE;
      distance[row + i] = isInside ? -magnitude : magnitude;
    }
  }
  return distance;
}
