/**
 * `npm run lithophane -- render <image> --shape S --width-mm N --height-mm N --out render.png`: the photo's
 * crop beside the panel as it glows on the light box, from the same heightmap and light model (light.ts:
 * Beer-Lambert and the scattering) as the print file's twin and the creator's preview. For judging tones (k, local contrast) without printing.
 */
import { parseArgs } from "node:util";
import sharp from "sharp";
import { backlitTexture } from "../../lithophane/backlight.js";
import { colourPreviewTexelPair, computeColourStack } from "../../lithophane/colour/index.js";
import { computeHeightmap } from "../../lithophane/heightmap.js";
import { DEFAULT_SCATTER_PER_MM } from "../../lithophane/light.js";
import { modelColumnAsSeen } from "../../lithophane/orientation.js";
import { type FrontFace, isShapeId, resolvePanelSpec, SHAPE_IDS } from "../../lithophane/params.js";
import { attenuationFromTransmission } from "../../lithophane/tones.js";
import { decodeGreyscaleCrop, decodeRgbaCrop } from "../print/decode.js";

export const RENDER_USAGE = `Usage: npm run lithophane -- render <image> --shape <${SHAPE_IDS.join("|")}> --width-mm N --height-mm N --out <render.png>
  --k N                   filament attenuation per mm (default 2, white PLA); or --transmission N
  --scatter N             the filament's scattering, sigma per mm of plastic (default 0.248, fitted,
                          decision 338; 0 = Beer-Lambert alone)
  --local-contrast        apply local contrast (CLAHE) before the mapping
  --resolution-mm N       grid spacing of the render (default 0.25)
  --processing colour     the colour panel (white relief + C, M, Y layers, default filaments): the photo,
                          the panel's glow, and the glow with what it cannot show hatched in green`;

export class RenderUsageError extends Error {}

function positiveNumber(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new RenderUsageError(`--${name} must be a positive number.`);
  return value;
}

export async function render(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      shape: { type: "string" },
      "width-mm": { type: "string" },
      "height-mm": { type: "string" },
      "resolution-mm": { type: "string" },
      k: { type: "string" },
      transmission: { type: "string" },
      scatter: { type: "string" },
      "local-contrast": { type: "boolean" },
      processing: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(RENDER_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new RenderUsageError("Give exactly one input image.");
  if (!isShapeId(values.shape)) throw new RenderUsageError("--shape is required and must be a known shape.");
  const widthMm = positiveNumber(values["width-mm"], "width-mm");
  const heightMm = positiveNumber(values["height-mm"], "height-mm");
  if (widthMm === undefined || heightMm === undefined)
    throw new RenderUsageError("--width-mm and --height-mm are required.");
  if (!values.out?.endsWith(".png")) throw new RenderUsageError("--out must end in .png.");
  const transmission = positiveNumber(values.transmission, "transmission");
  const k =
    positiveNumber(values.k, "k") ?? (transmission ? attenuationFromTransmission(transmission) : undefined);
  const spec = resolvePanelSpec({
    shape: values.shape,
    widthMm,
    heightMm,
    resolutionMm: positiveNumber(values["resolution-mm"], "resolution-mm") ?? 0.25,
    ...(k !== undefined ? { attenuationPerMm: k } : {}),
    localContrast: values["local-contrast"] === true,
  });
  if (values.processing !== undefined && values.processing !== "white" && values.processing !== "colour") {
    throw new RenderUsageError("--processing must be white or colour.");
  }
  const scatterPerMm = values.scatter === undefined ? DEFAULT_SCATTER_PER_MM : Number(values.scatter);
  if (!(scatterPerMm >= 0 && scatterPerMm <= 2))
    throw new RenderUsageError("--scatter must be between 0 and 2.");
  if (values.processing === "colour")
    return await renderColour(positionals[0]!, spec, values.out, scatterPerMm);
  const image = await decodeGreyscaleCrop(positionals[0]!, undefined, spec);
  const heightmap = computeHeightmap(image.pixels, image.width, image.height, { ...spec, crop: image.crop });
  const { nx, ny } = heightmap;
  const texels = backlitTexture(heightmap, undefined, scatterPerMm);
  const lit = toPicture(texels, nx, ny, heightmap.signedDistanceMm, spec.front);
  const source = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .extract({
      left: Math.floor(image.crop.x),
      top: Math.floor(image.crop.y),
      width: Math.max(1, Math.floor(image.crop.width)),
      height: Math.max(1, Math.floor(image.crop.height)),
    })
    .resize(nx, ny, { fit: "fill" })
    .toColourspace("srgb")
    .png()
    .toBuffer();
  const gap = 16;
  await sharp({ create: { width: 2 * nx + gap, height: ny, channels: 3, background: "#1c1917" } })
    .composite([
      { input: source, left: 0, top: 0 },
      { input: lit, raw: { width: nx, height: ny, channels: 3 }, left: nx + gap, top: 0 },
    ])
    .png()
    .toFile(values.out);
  console.log(
    `Wrote ${values.out}: source beside the lit panel, k = ${spec.attenuationPerMm.toFixed(2)}/mm, scattering ${scatterPerMm} mm/mm${spec.localContrast ? ", local contrast" : ""}`,
  );
  return 0;
}

/**
 * Model-space texels (row 0 at the bottom) -> picture rows as the customer sees the panel from its
 * front (orientation.ts), dark off the panel (outside a hexagon's or heart's outline).
 */
function toPicture(
  texels: Uint8Array,
  nx: number,
  ny: number,
  signedDistanceMm: Float32Array | null,
  front: FrontFace,
): Buffer {
  const lit = Buffer.alloc(nx * ny * 3, 0x1c);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const cell = j * nx + modelColumnAsSeen(i, nx, front);
      if ((signedDistanceMm?.[cell] ?? -1) > 0) continue;
      const to = 3 * ((ny - 1 - j) * nx + i);
      lit[to] = texels[4 * cell]!;
      lit[to + 1] = texels[4 * cell + 1]!;
      lit[to + 2] = texels[4 * cell + 2]!;
    }
  }
  return lit;
}

/** The colour panel: photo | glow | glow with the out-of-gamut points hatched. */
async function renderColour(
  imagePath: string,
  spec: ReturnType<typeof resolvePanelSpec>,
  outPath: string,
  scatterPerMm: number,
): Promise<number> {
  const image = await decodeRgbaCrop(imagePath, undefined, spec);
  const stack = computeColourStack(image.pixels, image.width, image.height, { ...spec, crop: image.crop });
  const { nx, ny } = stack;
  const signed = stack.heightmap.signedDistanceMm;
  const texels = colourPreviewTexelPair(stack, { scatterPerMm });
  const glow = toPicture(texels.plain, nx, ny, signed, stack.heightmap.spec.front);
  const hatched = toPicture(texels.hatched, nx, ny, signed, stack.heightmap.spec.front);
  const source = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extract({
      left: Math.floor(image.crop.x),
      top: Math.floor(image.crop.y),
      width: Math.max(1, Math.floor(image.crop.width)),
      height: Math.max(1, Math.floor(image.crop.height)),
    })
    .resize(nx, ny, { fit: "fill" })
    .removeAlpha()
    .png()
    .toBuffer();
  const gap = 16;
  await sharp({ create: { width: 3 * nx + 2 * gap, height: ny, channels: 3, background: "#1c1917" } })
    .composite([
      { input: source, left: 0, top: 0 },
      { input: glow, raw: { width: nx, height: ny, channels: 3 }, left: nx + gap, top: 0 },
      { input: hatched, raw: { width: nx, height: ny, channels: 3 }, left: 2 * (nx + gap), top: 0 },
    ])
    .png()
    .toFile(outPath);
  console.log(
    `Wrote ${outPath}: source, colour panel lit, out of gamut hatched (${(100 * stack.outOfGamutFraction).toFixed(1)}% of the panel)`,
  );
  return 0;
}
