import { describe, expect, it } from "vitest";
import { buildLamp } from "./lampBuild";

/** A grey photo: bright on its left half, dark on its right. */
function halves(width: number, height: number): { grey: Uint8Array; width: number; height: number } {
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) grey[y * width + x] = x < width / 2 ? 240 : 20;
  return { grey, width, height };
}

describe("buildLamp", () => {
  const build = buildLamp({
    samples: [halves(120, 90), halves(120, 90)],
    diameterMm: 80,
    heightMm: 120,
    attenuationPerMm: 1.5,
    scatterPerMm: 0,
  });

  it("makes the outer wall a closed ring of the shade's size, centred on the axis", () => {
    expect(build.photos).toBe(2);
    expect(build.positions.length).toBe(build.vertexCount * 3);
    expect(build.uvs.length).toBe(build.vertexCount * 2);
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    let minR = Number.POSITIVE_INFINITY;
    let maxR = 0;
    for (let k = 0; k < build.vertexCount; k++) {
      const r = Math.hypot(build.positions[3 * k]!, build.positions[3 * k + 2]!);
      const y = build.positions[3 * k + 1]!;
      minR = Math.min(minR, r);
      maxR = Math.max(maxR, r);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    expect(minR).toBeGreaterThan(build.innerRadiusMm);
    expect(maxR).toBeLessThanOrEqual(build.outerRadiusMm + 1e-3);
    expect(minY).toBeCloseTo(-60, 3);
    expect(maxY).toBeCloseTo(60, 3);
    expect(build.indices.reduce((a, b) => Math.max(a, b), 0)).toBeLessThan(build.vertexCount);
  });

  it("paints the lit picture bottom row first, brighter where the photo is bright", () => {
    const { texture, textureWidth: w, textureHeight: h } = build;
    expect(texture.length).toBe(w * h * 4);
    // Mid-height, a quarter into photo 1 (bright, thin) and three quarters into it (dark, thick).
    const row = Math.floor(h / 2);
    const at = (u: number) => texture[4 * (row * w + Math.floor(u * w))]!;
    expect(at(0.125)).toBeGreaterThan(at(0.375) + 40);
    expect(texture[3]).toBe(255);
  });

  it("faces its triangles outward: the first one's normal points away from the axis", () => {
    const [a, b, c] = [build.indices[0]!, build.indices[1]!, build.indices[2]!];
    const p = (k: number) => [
      build.positions[3 * k]!,
      build.positions[3 * k + 1]!,
      build.positions[3 * k + 2]!,
    ];
    const [pa, pb, pc] = [p(a), p(b), p(c)];
    const u = pb.map((v, i) => v - pa[i]!);
    const v = pc.map((x, i) => x - pa[i]!);
    const normal = [
      u[1]! * v[2]! - u[2]! * v[1]!,
      u[2]! * v[0]! - u[0]! * v[2]!,
      u[0]! * v[1]! - u[1]! * v[0]!,
    ];
    expect(normal[0]! * pa[0]! + normal[2]! * pa[2]!).toBeGreaterThan(0);
  });
});
