import { shapeClip } from "@shared/creator";

/** A regular hexagon (flat top and bottom) in a square box. */
const HEXAGON = "polygon(25% 6.7%, 75% 6.7%, 100% 50%, 75% 93.3%, 25% 93.3%, 0% 50%)";

/** A heart traced from the classic parametric curve, as a CSS polygon in a square box. */
const HEART = (() => {
  const points: string[] = [];
  const steps = 48;
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * 2 * Math.PI;
    const x = 16 * Math.sin(t) ** 3;
    const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
    // x spans -16..16, y spans about -17..12: map into 0..100% with a small margin.
    const px = 50 + (x / 16) * 48;
    const py = 100 - ((y + 17) / 29.5) * 94 - 3;
    points.push(`${px.toFixed(2)}% ${py.toFixed(2)}%`);
  }
  return `polygon(${points.join(", ")})`;
})();

/** The CSS clip-path drawing a hexagon or heart panel; undefined for rectangles. */
export function clipPathForShape(shapeId: string | null | undefined): string | undefined {
  const clip = shapeClip(shapeId);
  if (clip === "hexagon") return HEXAGON;
  if (clip === "heart") return HEART;
  return undefined;
}
