import { offsetOutline } from "@lithophane/backlight";
import { shapeOutline } from "@lithophane/outline";
import { DEFAULTS, SHAPE_IDS, type ShapeId } from "@lithophane/params";
import { CREATOR_TEXTS } from "@shared/creator-texts";

interface LipSafeAreaProps {
  shape: string | null;
  /** The chosen size's panel, in millimetres. */
  widthMm: number;
  heightMm: number;
}

function isShapeId(value: string | null): value is ShapeId {
  return (SHAPE_IDS as readonly string[]).includes(value ?? "");
}

/** Closed SVG path through an outline in panel millimetres, y flipped to the screen's y down. */
function pathOf(xs: Float64Array, ys: Float64Array, heightMm: number): string {
  let d = "";
  for (let k = 0; k < xs.length; k++)
    d += `${k === 0 ? "M" : "L"}${xs[k]!.toFixed(2)} ${(heightMm - ys[k]!).toFixed(2)}`;
  return `${d}Z`;
}

/**
 * The band the frame's lip covers (the print file's solid border, 3 mm), shaded over the photo so the
 * customer keeps faces and text out of it. Drawn from the same outlines as the print file.
 */
export function LipSafeArea({ shape, widthMm, heightMm }: LipSafeAreaProps) {
  const shapeId: ShapeId = isShapeId(shape) ? shape : "rectangle";
  const outer = shapeOutline(shapeId, widthMm, heightMm) ?? {
    xs: Float64Array.from([0, widthMm, widthMm, 0]),
    ys: Float64Array.from([0, 0, heightMm, heightMm]),
  };
  const inner = offsetOutline(shapeId, widthMm, heightMm, -DEFAULTS.borderMm);
  return (
    <svg
      data-testid="lip-safe-area"
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox={`0 0 ${widthMm} ${heightMm}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={CREATOR_TEXTS.lipSafeArea(DEFAULTS.borderMm)}
    >
      <path
        d={`${pathOf(outer.xs, outer.ys, heightMm)}${pathOf(inner.xs, inner.ys, heightMm)}`}
        fillRule="evenodd"
        fill="rgba(255,255,255,0.45)"
      />
      <path
        d={pathOf(inner.xs, inner.ys, heightMm)}
        fill="none"
        stroke="white"
        strokeWidth={1.5}
        strokeDasharray="2 2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

/** Under the framed photo once a size is chosen: what the shaded band is. */
export function LipSafeHint() {
  return (
    <p className="mt-1 text-center text-xs text-stone-600">{CREATOR_TEXTS.lipSafeArea(DEFAULTS.borderMm)}</p>
  );
}
