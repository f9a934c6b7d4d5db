/**
 * `npx tsx src/server/cli/render-seed-images.ts [--out DIR]`: renders the storefront's seed
 * pictures (issue 20) into src/server/seed/seed-images/*.png: lightboxes lit and unlit, their panels
 * made by the shop's own lithophane code (computeHeightmap: the same heightmap as the print file)
 * and lit by its backlit model (backlitTexture: Beer-Lambert light through each point's
 * thickness, as the creator's 3D preview shows it).
 *
 * The source pictures are drawn here, procedurally (landscapes, a sailing boat, a flower, a
 * tree), so the seed holds no photograph of anyone and nothing under someone else's licence:
 * the rendered PNGs are the project's own work, under the project's licence.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { backlitTexture, offsetOutline } from "../../lithophane/backlight.js";
import { computeHeightmap, type Heightmap } from "../../lithophane/heightmap.js";
import type { ShapeId } from "../../lithophane/params.js";

type Grey = (u: number, v: number) => number; // u, v in [0, 1], v = 0 at the top; answers 0..1

function hash(x: number, y: number): number {
  const s = Math.sin(x * 127.1 + y * 311.7) * 43758.5453;
  return s - Math.floor(s);
}
function noise(x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const xf = x - xi;
  const yf = y - yi;
  const sx = xf * xf * (3 - 2 * xf);
  const sy = yf * yf * (3 - 2 * yf);
  const a = hash(xi, yi);
  const b = hash(xi + 1, yi);
  const c = hash(xi, yi + 1);
  const d = hash(xi + 1, yi + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}
function fbm(x: number, y: number, octaves = 4): number {
  let sum = 0;
  let amp = 0.5;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x * f, y * f);
    f *= 2;
    amp *= 0.5;
  }
  return sum;
}

/** Mountains over a lake at dawn, a low sun. */
const mountains: Grey = (u, v) => {
  const sky = 0.92 - 0.35 * v;
  const sun = Math.exp(-((u - 0.68) ** 2 + (v - 0.3) ** 2) / 0.004) * 0.3;
  let g = sky + sun;
  const ridge1 = 0.42 + 0.1 * Math.sin(u * 7 + 1) + 0.07 * fbm(u * 6, 1.3);
  const ridge2 = 0.5 + 0.06 * Math.sin(u * 11 + 3) + 0.05 * fbm(u * 9, 4.1);
  if (v > ridge1) g = 0.55 - 0.15 * fbm(u * 20, v * 20) + 0.08 * (u - 0.5);
  if (v > ridge2) g = 0.3 + 0.1 * fbm(u * 30, v * 30);
  if (v > 0.68) {
    const mirror = 0.68 - (v - 0.68);
    const ripple = 0.04 * Math.sin(v * 180 + fbm(u * 10, v * 40) * 6);
    g = 0.5 * mountains(u, Math.max(0, mirror)) + 0.25 + ripple;
  }
  return g;
};

/** A sailing boat on waves under a big moon. */
const boat: Grey = (u, v) => {
  let g = 0.25 + 0.3 * (1 - v);
  const moon = Math.hypot(u - 0.7, v - 0.25);
  if (moon < 0.14) g = 0.95 - 0.15 * fbm(u * 18, v * 18);
  else g += 0.25 * Math.exp(-(moon - 0.14) * 12);
  const sea = 0.66 + 0.015 * Math.sin(u * 40);
  if (v > sea) g = 0.3 + 0.2 * Math.sin(v * 90 + Math.sin(u * 25) * 2) * 0.5 + 0.1 * fbm(u * 20, v * 30);
  // Hull and sails.
  const hullTop = 0.64;
  if (v > hullTop && v < 0.69 && Math.abs(u - 0.38) < 0.16 - (v - hullTop) * 1.5) g = 0.05;
  if (u > 0.385 && u < 0.39 && v > 0.3 && v < hullTop) g = 0.08;
  if (v > 0.33 && v < 0.62 && u > 0.25 && u < 0.38 && u > 0.38 - (v - 0.33) * 0.48) g = 0.88;
  if (v > 0.36 && v < 0.62 && u > 0.395 && u < 0.395 + (v - 0.36) * 0.42) g = 0.8;
  return g;
};

/** A flower: petals around a seeded centre. */
const flower: Grey = (u, v) => {
  const x = u - 0.5;
  const y = v - 0.5;
  const r = Math.hypot(x, y);
  const a = Math.atan2(y, x);
  const petal = 0.3 + 0.06 * Math.cos(a * 8);
  let g = 0.2 + 0.15 * fbm(u * 8, v * 8);
  if (r < petal) g = 0.55 + 0.4 * (1 - r / petal) * (0.6 + 0.4 * Math.cos(a * 8) ** 2);
  if (r < 0.09) g = 0.2 + 0.5 * noise(u * 120, v * 120);
  return g;
};

/** A lone tree on a hill under a starry sky, for a portrait panel. */
const tree: Grey = (u, v) => {
  let g = 0.55 + 0.35 * v * 0;
  g = 0.85 - 0.5 * v + (hash(Math.floor(u * 200), Math.floor(v * 200)) > 0.996 ? 0.5 : 0);
  const hill = 0.72 - 0.08 * Math.cos((u - 0.5) * 3);
  if (v > hill) g = 0.15 + 0.08 * fbm(u * 30, v * 30);
  const trunk = Math.abs(u - 0.5) < 0.02 && v > 0.45 && v < hill + 0.01;
  const crown = Math.hypot((u - 0.5) * 1.1, v - 0.38) < 0.17 + 0.04 * fbm(u * 12, v * 12, 3);
  if (trunk || crown) g = 0.08 + 0.06 * fbm(u * 50, v * 50);
  return g;
};

interface Scene {
  name: string;
  shape: ShapeId;
  widthMm: number;
  heightMm: number;
  picture: Grey;
  frame: readonly [number, number, number];
  lit: boolean;
  /** Output size (px) and the slot it is meant for. */
  out: { width: number; height: number };
}

const BLACK = [30, 28, 26] as const;
const WHITE = [238, 235, 228] as const;
const WOOD = [150, 104, 64] as const;

const SCENES: Scene[] = [
  {
    name: "home-hero-lit",
    shape: "rectangle",
    widthMm: 200,
    heightMm: 150,
    picture: mountains,
    frame: WOOD,
    lit: true,
    out: { width: 1400, height: 1400 },
  },
  {
    name: "shop-hero-lit",
    shape: "rectangle",
    widthMm: 200,
    heightMm: 150,
    picture: boat,
    frame: BLACK,
    lit: true,
    out: { width: 1600, height: 1200 },
  },
  {
    name: "gallery-mountains-unlit",
    shape: "rectangle",
    widthMm: 200,
    heightMm: 150,
    picture: mountains,
    frame: WOOD,
    lit: false,
    out: { width: 900, height: 900 },
  },
  {
    name: "gallery-boat-lit",
    shape: "square",
    widthMm: 180,
    heightMm: 180,
    picture: boat,
    frame: WHITE,
    lit: true,
    out: { width: 900, height: 900 },
  },
  {
    name: "gallery-flower-lit",
    shape: "square",
    widthMm: 180,
    heightMm: 180,
    picture: flower,
    frame: BLACK,
    lit: true,
    out: { width: 900, height: 900 },
  },
  {
    name: "gallery-flower-unlit",
    shape: "square",
    widthMm: 180,
    heightMm: 180,
    picture: flower,
    frame: BLACK,
    lit: false,
    out: { width: 900, height: 900 },
  },
  {
    name: "gallery-tree-lit",
    shape: "rectangle-portrait",
    widthMm: 150,
    heightMm: 200,
    picture: tree,
    frame: WHITE,
    lit: true,
    out: { width: 900, height: 900 },
  },
  {
    name: "gallery-tree-unlit",
    shape: "rectangle-portrait",
    widthMm: 150,
    heightMm: 200,
    picture: tree,
    frame: WOOD,
    lit: false,
    out: { width: 900, height: 900 },
  },
];

function greyImage(picture: Grey, width: number, height: number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      grey[y * width + x] = Math.round(255 * Math.min(1, Math.max(0, picture(x / width, y / height))));
  return grey;
}

/** Whether panel point (xMm, yMm) (y up) is inside the polygon. */
function inside(xs: Float64Array, ys: Float64Array, x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const yi = ys[i] ?? 0;
    const yj = ys[j] ?? 0;
    const xi = xs[i] ?? 0;
    const xj = xs[j] ?? 0;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** The panel's colour at grid point (i, j): lit (the backlit texture) or daylight on white PLA relief. */
function panelShade(
  h: Heightmap,
  texture: Uint8Array,
  lit: boolean,
  i: number,
  j: number,
): [number, number, number] {
  const k = j * h.nx + i;
  if (lit) return [texture[k * 4] ?? 0, texture[k * 4 + 1] ?? 0, texture[k * 4 + 2] ?? 0];
  const t = (a: number, b: number) =>
    h.thicknessMm[Math.min(h.ny - 1, Math.max(0, b)) * h.nx + Math.min(h.nx - 1, Math.max(0, a))] ?? 0;
  // Relief normal from the thickness gradient; light from the upper left.
  const dx = (t(i + 1, j) - t(i - 1, j)) / (2 * h.stepXMm);
  const dy = (t(i, j + 1) - t(i, j - 1)) / (2 * h.stepYMm);
  const n = [-dx, -dy, 1];
  const len = Math.hypot(n[0] ?? 0, n[1] ?? 0, 1);
  const light = [-0.45, 0.55, 0.7];
  const lambert = Math.max(0, ((n[0] ?? 0) * light[0]! + (n[1] ?? 0) * light[1]! + light[2]!) / len);
  const v = 0.72 + 0.3 * lambert;
  return [Math.min(255, 236 * v), Math.min(255, 231 * v), Math.min(255, 220 * v)];
}

async function render(scene: Scene, outDir: string): Promise<void> {
  const srcW = Math.round(scene.widthMm * 4);
  const srcH = Math.round(scene.heightMm * 4);
  const grey = greyImage(scene.picture, srcW, srcH);
  const heightmap = computeHeightmap(grey, srcW, srcH, {
    shape: scene.shape,
    widthMm: scene.widthMm,
    heightMm: scene.heightMm,
    resolutionMm: 0.25,
    front: "relief",
  });
  const texture = backlitTexture(heightmap);
  const { width: W, height: H } = scene.out;
  const frameMm = 12;
  const outer = offsetOutline(scene.shape, scene.widthMm, scene.heightMm, frameMm);
  const panel = offsetOutline(scene.shape, scene.widthMm, scene.heightMm, 0);
  // The box fills ~80% of the picture's smaller side, standing a little above centre on a base.
  const scale = (Math.min(W, H) * 0.8) / Math.max(scene.widthMm + 2 * frameMm, scene.heightMm + 2 * frameMm);
  const cx = W / 2;
  const cy = H * 0.46;
  const rgb = new Uint8Array(W * H * 3);
  const baseTop = cy + (scene.heightMm / 2 + frameMm) * scale;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      // Background: a dark room with the box's warm glow, or a daylight wall and shelf.
      const dist = Math.hypot(px - cx, py - cy) / Math.min(W, H);
      let c: [number, number, number];
      if (scene.lit) {
        const glow = Math.exp(-dist * dist * 7) * 0.75;
        c = [18 + 170 * glow, 15 + 120 * glow, 12 + 70 * glow];
      } else {
        const wall = 0.93 - 0.12 * dist;
        c = [226 * wall, 220 * wall, 210 * wall];
      }
      if (py > baseTop + 18 * (scale / 3)) {
        // The shelf.
        const shelf = scene.lit ? 0.25 + 0.35 * Math.exp(-Math.abs(px - cx) / (W * 0.25)) : 0.7;
        c = [150 * shelf, 110 * shelf, 78 * shelf];
      }
      const xMm = (px - cx) / scale + scene.widthMm / 2;
      const yMm = scene.heightMm / 2 - (py - cy) / scale;
      if (inside(outer.xs, outer.ys, xMm, yMm)) {
        const f = scene.frame;
        const edge = inside(panel.xs, panel.ys, xMm, yMm);
        if (edge) {
          const i = Math.round(xMm / heightmap.stepXMm);
          const j = Math.round(yMm / heightmap.stepYMm);
          c = panelShade(
            heightmap,
            texture,
            scene.lit,
            Math.min(heightmap.nx - 1, Math.max(0, i)),
            Math.min(heightmap.ny - 1, Math.max(0, j)),
          );
        } else {
          const shade = scene.lit ? 0.55 : 0.95;
          c = [f[0] * shade, f[1] * shade, f[2] * shade];
        }
      } else if (
        py > baseTop - 2 &&
        py < baseTop + 18 * (scale / 3) &&
        Math.abs(px - cx) < (scene.widthMm / 2 + frameMm + 6) * scale
      ) {
        // The LED base under the panel.
        const f = scene.frame;
        const shade = scene.lit ? 0.45 : 0.85;
        c = [f[0] * shade, f[1] * shade, f[2] * shade];
      }
      const o = (py * W + px) * 3;
      rgb[o] = Math.round(c[0]);
      rgb[o + 1] = Math.round(c[1]);
      rgb[o + 2] = Math.round(c[2]);
    }
  }
  const file = path.join(outDir, `${scene.name}.png`);
  await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png({ compressionLevel: 9, palette: false })
    .toFile(file);
  console.log(`${file} (${W}x${H})`);
}

const { values } = parseArgs({ options: { out: { type: "string" } } });
const outDir = path.resolve(values.out ?? "src/server/seed/seed-images");
mkdirSync(outDir, { recursive: true });
for (const scene of SCENES) await render(scene, outDir);
