/**
 * A photo of the lit step wedge rendered from a known k per channel and scattering, as a phone
 * would take it (issue 32 item 5): the wedge's own heightmap (digits included) lit through
 * Beer-Lambert, each point blurred by a Gaussian of sigma = s x its thickness (brute blurs per
 * distinct thickness, not the fit's edge formula), laid on bare light, seen in perspective, white
 * balance off, the camera's blur, sensor noise and 8-bit sRGB. The calibration tests measure it;
 * nothing in the shop serves it.
 */
import { homography, type PhotoPixels, type Point } from "./calibration-photo";
import { linearToSrgb } from "./tones";
import { WEDGE_DEFAULTS, wedgeHeightmap } from "./wedge";

export interface WedgePhotoScene {
  attenuationRgbPerMm: [number, number, number];
  scatterPerMm: number;
  /** Where the wedge's corners land in the photo: (0,0), (W,0), (W,H), (0,H) of the wedge in mm. */
  corners: [Point, Point, Point, Point];
  whiteBalance: [number, number, number];
  cameraBlurPx: number;
  noise: number;
  width: number;
  height: number;
}

const WEDGE_W = WEDGE_DEFAULTS.steps * WEDGE_DEFAULTS.stepWidthMm;
const WEDGE_H = WEDGE_DEFAULTS.heightMm;
const PLANE_MM = 0.25;
const MARGIN_MM = 12;

/** A seeded normal generator (mulberry32 + Box-Muller), so the test sees the same noise every run. */
function normalNoise(seed: number): () => number {
  let a = seed;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

function blur(values: Float64Array, width: number, height: number, sigma: number): Float64Array {
  if (sigma < 1e-3) return values;
  const radius = Math.ceil(3 * sigma);
  const raw = Array.from({ length: 2 * radius + 1 }, (_, k) =>
    Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)),
  );
  const total = raw.reduce((sum, v) => sum + v, 0);
  const kernel = raw.map((v) => v / total);
  const across = new Float64Array(values.length);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const ii = i + k;
        if (ii >= 0 && ii < width) sum += kernel[k + radius]! * values[j * width + ii]!;
      }
      across[j * width + i] = sum;
    }
  }
  const out = new Float64Array(values.length);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const jj = j + k;
        if (jj >= 0 && jj < height) sum += kernel[k + radius]! * across[jj * width + i]!;
      }
      out[j * width + i] = sum;
    }
  }
  return out;
}

export function renderWedgePhoto(scene: WedgePhotoScene): PhotoPixels {
  // The wedge in its own plane, PLANE_MM per pixel, with MARGIN_MM of bare light around it.
  const wedge = wedgeHeightmap();
  const pw = Math.round((WEDGE_W + 2 * MARGIN_MM) / PLANE_MM);
  const ph = Math.round((WEDGE_H + 2 * MARGIN_MM) / PLANE_MM);
  const thickness = new Float64Array(pw * ph);
  const inside = new Float64Array(pw * ph);
  for (let j = 0; j < ph; j++) {
    for (let i = 0; i < pw; i++) {
      const u = (i + 0.5) * PLANE_MM - MARGIN_MM;
      const v = (j + 0.5) * PLANE_MM - MARGIN_MM;
      if (u < 0 || v < 0 || u >= WEDGE_W || v >= WEDGE_H) continue;
      const gi = Math.min(wedge.nx - 1, Math.round(u / wedge.stepXMm));
      const gj = Math.min(wedge.ny - 1, Math.round(v / wedge.stepYMm));
      thickness[j * pw + i] = wedge.thicknessMm[gj * wedge.nx + gi]!;
      inside[j * pw + i] = 1;
    }
  }
  // Light through the plastic, then each point's own Gaussian (sigma = s x thickness), within the wedge.
  const lights = scene.attenuationRgbPerMm.map((k) =>
    Float64Array.from(thickness, (t, p) => (inside[p] ? 0.92 * Math.exp(-k * t) : 0)),
  );
  const plane = [0, 1, 2].map(() => Float64Array.from(inside, (isIn) => (isIn ? 0 : 1)));
  // Per distinct thickness, blurred only around the pixels that have it (the step and its digits).
  const boxes = new Map<number, { i0: number; i1: number; j0: number; j1: number }>();
  for (let p = 0; p < thickness.length; p++) {
    if (!inside[p]) continue;
    const t = thickness[p]!;
    const i = p % pw;
    const j = (p - i) / pw;
    const box = boxes.get(t) ?? { i0: i, i1: i, j0: j, j1: j };
    boxes.set(t, {
      i0: Math.min(box.i0, i),
      i1: Math.max(box.i1, i),
      j0: Math.min(box.j0, j),
      j1: Math.max(box.j1, j),
    });
  }
  for (const [t, box] of boxes) {
    const sigma = (scene.scatterPerMm * t) / PLANE_MM;
    const reach = Math.ceil(3 * sigma) + 1;
    const i0 = Math.max(0, box.i0 - reach);
    const j0 = Math.max(0, box.j0 - reach);
    const bw = Math.min(pw - 1, box.i1 + reach) - i0 + 1;
    const bh = Math.min(ph - 1, box.j1 + reach) - j0 + 1;
    const crop = (values: Float64Array) => {
      const out = new Float64Array(bw * bh);
      for (let j = 0; j < bh; j++)
        for (let i = 0; i < bw; i++) out[j * bw + i] = values[(j + j0) * pw + i + i0]!;
      return out;
    };
    const weight = blur(crop(inside), bw, bh, sigma);
    for (let c = 0; c < 3; c++) {
      const value = blur(crop(lights[c]!), bw, bh, sigma);
      for (let j = 0; j < bh; j++) {
        for (let i = 0; i < bw; i++) {
          const p = (j + j0) * pw + i + i0;
          if (inside[p] && thickness[p] === t) plane[c]![p] = value[j * bw + i]! / weight[j * bw + i]!;
        }
      }
    }
  }

  // The photo: the plane in perspective; outside the light pad, a dark room.
  const { width, height } = scene;
  const toPlane = homography(scene.corners, [
    { x: 0, y: 0 },
    { x: WEDGE_W, y: 0 },
    { x: WEDGE_W, y: WEDGE_H },
    { x: 0, y: WEDGE_H },
  ]);
  const photo = [0, 1, 2].map(() => new Float64Array(width * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { x: u, y: v } = toPlane(x + 0.5, y + 0.5);
      const fx = (u + MARGIN_MM) / PLANE_MM - 0.5;
      const fy = (v + MARGIN_MM) / PLANE_MM - 0.5;
      const i0 = Math.floor(fx);
      const j0 = Math.floor(fy);
      for (let c = 0; c < 3; c++) {
        let value = 0.02;
        if (i0 >= 0 && j0 >= 0 && i0 + 1 < pw && j0 + 1 < ph) {
          const tx = fx - i0;
          const ty = fy - j0;
          const q = plane[c]!;
          const p = j0 * pw + i0;
          value =
            (1 - ty) * ((1 - tx) * q[p]! + tx * q[p + 1]!) +
            ty * ((1 - tx) * q[p + pw]! + tx * q[p + pw + 1]!);
        }
        photo[c]![y * width + x] = value * 0.85 * scene.whiteBalance[c]!;
      }
    }
  }
  const noise = normalNoise(7);
  const data = new Uint8Array(width * height * 3);
  for (let c = 0; c < 3; c++) {
    const blurred = blur(photo[c]!, width, height, scene.cameraBlurPx);
    for (let p = 0; p < width * height; p++) {
      const encoded = linearToSrgb(blurred[p]!) * 255 + noise() * scene.noise;
      data[3 * p + c] = Math.max(0, Math.min(255, Math.round(encoded)));
    }
  }
  return { width, height, channels: 3, data };
}

/** The perspective the tests photograph the wedge in (reversed: its thin end on the right). */
export const TILTED_WEDGE: WedgePhotoScene["corners"] = [
  { x: 1290, y: 170 },
  { x: 150, y: 105 },
  { x: 135, y: 430 },
  { x: 1310, y: 455 },
];
