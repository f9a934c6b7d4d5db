/**
 * A photo-like test picture made at run time (nothing binary in the repository), for the mesh tests and
 * the benchmarks: a sky gradient, a face-sized disc with soft shading, an asymmetric roof line, fine
 * texture (fractal noise, like foliage or film grain) and the text "Belfast 2024", so a mirrored or
 * over-simplified panel shows. Deterministic (the noise has a fixed seed).
 */
import sharp from "sharp";

export function samplePhotoSvg(width: number, height: number): string {
  const s = Math.min(width, height) / 1000;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#9cc8f0"/><stop offset="0.6" stop-color="#f3e2c4"/><stop offset="1" stop-color="#5a4632"/>
    </linearGradient>
    <radialGradient id="face" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#f6d7bd"/><stop offset="0.7" stop-color="#b98463"/><stop offset="1" stop-color="#4a2e1f"/>
    </radialGradient>
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${(0.012 / s).toFixed(4)}" numOctaves="4" seed="7"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0.9 0 0 0 0"/>
    </filter>
    <filter id="fine" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${(0.06 / s).toFixed(4)}" numOctaves="3" seed="11"/>
      <feColorMatrix type="saturate" values="0"/>
    </filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <polygon points="0,${700 * s} ${250 * s},${520 * s} ${420 * s},${640 * s} ${700 * s},${430 * s} ${width},${620 * s} ${width},${height} 0,${height}" fill="#3b3b36"/>
  <rect x="0" y="${720 * s}" width="${width}" height="${height - 720 * s}" filter="url(#grain)" opacity="0.85"/>
  <ellipse cx="${300 * s}" cy="${380 * s}" rx="${150 * s}" ry="${190 * s}" fill="url(#face)"/>
  <circle cx="${820 * s}" cy="${170 * s}" r="${70 * s}" fill="#fffbe8"/>
  <rect width="100%" height="100%" filter="url(#fine)" opacity="0.22"/>
  <text x="${90 * s}" y="${920 * s}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${120 * s}" fill="#fafafa">Belfast 2024</text>
</svg>`;
}

export interface SamplePixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The sample photo's raw pixels: greyscale (what the generator takes) or RGBA (the colour engine's). */
async function samplePixels(width: number, height: number, channels: "grey" | "rgba"): Promise<SamplePixels> {
  const image = sharp(Buffer.from(samplePhotoSvg(width, height)));
  const { data, info } = await (channels === "grey" ? image.greyscale() : image.ensureAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The sample photo as greyscale pixels (what the generator takes). */
export function samplePhotoGrey(width: number, height: number): Promise<SamplePixels> {
  return samplePixels(width, height, "grey");
}

/** The sample photo as RGBA pixels (the colour engine's input). */
export function samplePhotoRgba(width: number, height: number): Promise<SamplePixels> {
  return samplePixels(width, height, "rgba");
}

/** The sample photo as a JPEG (what a customer uploads). */
export async function samplePhotoJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(samplePhotoSvg(width, height)))
    .jpeg({ quality: 90 })
    .toBuffer();
}
