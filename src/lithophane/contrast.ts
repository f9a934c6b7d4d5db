/**
 * Local contrast (CLAHE: contrast-limited adaptive histogram equalisation) on the grey grid, before the
 * thickness mapping. A photo lit from one side keeps its shadowed half flat once printed; equalising each
 * region's own histogram lifts it, and the clip limit stops flat areas (a wall, the sky) from turning into
 * noise. Tiles' mappings are blended bilinearly between tile centres, so no tile edge shows.
 */

export interface LocalContrastOptions {
  /** Tiles across the longer side (the shorter side gets as many as keep tiles square). */
  tiles?: number;
  /** Histogram clip as a multiple of a flat histogram's bin height: 1 = no change, higher = stronger. */
  clipLimit?: number;
}

export const LOCAL_CONTRAST_DEFAULTS = { tiles: 8, clipLimit: 2.5 } as const;

const BINS = 256;

/** Equalisation curve (0..255 -> 0..255) of one tile's clipped histogram. */
function tileCurve(
  values: Float32Array,
  nx: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  clipLimit: number,
): Float32Array {
  const histogram = new Float64Array(BINS);
  for (let j = y0; j < y1; j++) {
    const row = j * nx;
    for (let i = x0; i < x1; i++) histogram[Math.min(BINS - 1, Math.max(0, Math.round(values[row + i]!)))]!++;
  }
  const count = (x1 - x0) * (y1 - y0);
  // Clip each bin and hand the excess back evenly: the curve's slope never exceeds clipLimit.
  const limit = Math.max(1, (clipLimit * count) / BINS);
  let excess = 0;
  for (let b = 0; b < BINS; b++) {
    if (histogram[b]! > limit) {
      excess += histogram[b]! - limit;
      histogram[b] = limit;
    }
  }
  const share = excess / BINS;
  const curve = new Float32Array(BINS);
  let cumulative = 0;
  for (let b = 0; b < BINS; b++) {
    cumulative += histogram[b]! + share;
    curve[b] = (255 * cumulative) / count;
  }
  return curve;
}

/** CLAHE in place on grey values 0..255 (row-major nx x ny). */
export function localContrast(
  values: Float32Array,
  nx: number,
  ny: number,
  options: LocalContrastOptions = {},
): void {
  const tiles = Math.max(1, Math.round(options.tiles ?? LOCAL_CONTRAST_DEFAULTS.tiles));
  const clipLimit = Math.max(1, options.clipLimit ?? LOCAL_CONTRAST_DEFAULTS.clipLimit);
  const tileSize = Math.max(2, Math.ceil(Math.max(nx, ny) / tiles));
  const tilesX = Math.max(1, Math.ceil(nx / tileSize));
  const tilesY = Math.max(1, Math.ceil(ny / tileSize));
  const curves: Float32Array[] = [];
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      const x0 = Math.floor((tx * nx) / tilesX);
      const x1 = Math.floor(((tx + 1) * nx) / tilesX);
      const y0 = Math.floor((ty * ny) / tilesY);
      const y1 = Math.floor(((ty + 1) * ny) / tilesY);
      curves.push(tileCurve(values, nx, x0, x1, y0, y1, clipLimit));
    }
  }
  // Position in tile-centre coordinates: tile t's centre at t + 0.5 tiles.
  const tileCoordinate = (p: number, n: number, count: number): [number, number, number] => {
    const u = Math.min(count - 1, Math.max(0, ((p + 0.5) / n) * count - 0.5));
    const low = Math.min(count - 1, Math.floor(u));
    const high = Math.min(count - 1, low + 1);
    return [low, high, u - low];
  };
  for (let j = 0; j < ny; j++) {
    const [ty0, ty1, wy] = tileCoordinate(j, ny, tilesY);
    const row = j * nx;
    for (let i = 0; i < nx; i++) {
      const [tx0, tx1, wx] = tileCoordinate(i, nx, tilesX);
      const bin = Math.min(BINS - 1, Math.max(0, Math.round(values[row + i]!)));
      const top = curves[ty0 * tilesX + tx0]![bin]! * (1 - wx) + curves[ty0 * tilesX + tx1]![bin]! * wx;
      const bottom = curves[ty1 * tilesX + tx0]![bin]! * (1 - wx) + curves[ty1 * tilesX + tx1]![bin]! * wx;
      values[row + i] = top * (1 - wy) + bottom * wy;
    }
  }
}
