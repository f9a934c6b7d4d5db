/**
 * The upload pipeline: trust the bytes, not the declared type. A file is accepted only when
 * its magic bytes say JPEG, PNG or WEBP, sharp agrees, its pixel count is within limits, and
 * it decodes. What is kept is re-encoded with EXIF orientation applied and every piece of
 * metadata (GPS, camera, comments) dropped, plus a web-sized greyscale preview and a small
 * colour thumbnail (a colour line's pictures, issue 30).
 */
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  UPLOAD_IMAGE_FORMATS,
  type UploadImageFormat,
} from "@shared/limits";
import { COLOUR_THUMBNAIL_MAX_SIDE_PX } from "@shared/upload-thumbnails";
import type { Metadata, Sharp } from "sharp";
import { loadSharp } from "../lib/lazy-modules.js";

/** The preview's longest side; the creator and cart never show more. */
export const PREVIEW_MAX_SIDE_PX = 1200;
/** Images processed at once: each may hold ~150 MB of pixels while it is worked on. */
const MAX_CONCURRENT_JOBS = 2;
const PROCESSING_TIMEOUT_SECONDS = 30;

export type ImageRejection =
  /** More bytes than MAX_UPLOAD_BYTES. */
  | "too_large"
  /** Not JPEG, PNG or WEBP by its content (SVG, GIF, HEIC, PDF, anything else). */
  | "unsupported"
  /** Width x height above MAX_UPLOAD_PIXELS (a decompression bomb or a huge scan). */
  | "too_many_pixels"
  /** Looks like an image but cannot be decoded. */
  | "corrupt";

export class ImageRejectedError extends Error {
  constructor(
    public readonly reason: ImageRejection,
    detail: string,
  ) {
    super(detail);
    this.name = "ImageRejectedError";
  }
}

const EXTENSIONS: Readonly<Record<UploadImageFormat, string>> = { jpeg: "jpg", png: "png", webp: "webp" };
const CONTENT_TYPES: Readonly<Record<UploadImageFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/** The format named by the file's first bytes, or null when it is none we accept. */
export function sniffImageFormat(bytes: Uint8Array): UploadImageFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF" <size> "WEBP"
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  format: UploadImageFormat;
  /** Full size, upright, without metadata, in the format it came in. */
  original: EncodedImage;
  /** Greyscale WebP, longest side at most PREVIEW_MAX_SIDE_PX. */
  preview: EncodedImage;
  /** Colour WebP, longest side at most COLOUR_THUMBNAIL_MAX_SIDE_PX. */
  colourThumbnail: EncodedImage;
}

// A tiny semaphore: uploads queue rather than all decoding 50 MP images at once.
let running = 0;
const waiting: Array<() => void> = [];
async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function decoder(bytes: Uint8Array): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(bytes, {
    // The decoder itself refuses more pixels, whatever the header claimed.
    limitInputPixels: MAX_UPLOAD_PIXELS,
    // Tolerate the small warnings many phone JPEGs carry; refuse real errors.
    failOn: "error",
    sequentialRead: true,
  }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
}

/**
 * Checks and cleans an uploaded image. Throws ImageRejectedError for anything that is not a
 * JPEG, PNG or WEBP within the limits; nothing is written anywhere.
 */
export async function processUploadedImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError("too_large", `${bytes.byteLength} bytes`);
  }
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new ImageRejectedError("unsupported", "unrecognised magic bytes");

  return withSlot(async () => {
    let metadata: Metadata;
    try {
      metadata = await (await decoder(bytes)).metadata();
    } catch (error) {
      throw rejectionFor(error, "metadata");
    }
    const declared = metadata.format as string | undefined;
    if (declared !== sniffed || !(UPLOAD_IMAGE_FORMATS as readonly string[]).includes(declared)) {
      throw new ImageRejectedError(
        "unsupported",
        `content is ${declared ?? "unknown"}, magic bytes say ${sniffed}`,
      );
    }
    const { width, height } = metadata;
    if (!width || !height) throw new ImageRejectedError("corrupt", "no dimensions");
    // Checked from the header before a single pixel is decoded.
    if (width * height > MAX_UPLOAD_PIXELS) {
      throw new ImageRejectedError("too_many_pixels", `${width}x${height}`);
    }

    try {
      // Metadata is dropped because withMetadata/keepExif is never called; rotate() applies
      // the EXIF orientation first, so the stored pixels are upright.
      const original = await encodeOriginal((await decoder(bytes)).rotate(), sniffed).toBuffer({
        resolveWithObject: true,
      });
      const sharp = await loadSharp();
      const preview = await sharp(original.data, { limitInputPixels: MAX_UPLOAD_PIXELS })
        .resize(PREVIEW_MAX_SIDE_PX, PREVIEW_MAX_SIDE_PX, { fit: "inside", withoutEnlargement: true })
        .greyscale()
        .webp({ quality: 82 })
        .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      const colourThumbnail = await sharp(original.data, { limitInputPixels: MAX_UPLOAD_PIXELS })
        .resize(COLOUR_THUMBNAIL_MAX_SIDE_PX, COLOUR_THUMBNAIL_MAX_SIDE_PX, {
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 78 })
        .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      return {
        format: sniffed,
        original: {
          data: original.data,
          contentType: CONTENT_TYPES[sniffed],
          extension: EXTENSIONS[sniffed],
          width: original.info.width,
          height: original.info.height,
        },
        preview: {
          data: preview.data,
          contentType: "image/webp",
          extension: "webp",
          width: preview.info.width,
          height: preview.info.height,
        },
        colourThumbnail: {
          data: colourThumbnail.data,
          contentType: "image/webp",
          extension: "webp",
          width: colourThumbnail.info.width,
          height: colourThumbnail.info.height,
        },
      };
    } catch (error) {
      throw rejectionFor(error, "decode");
    }
  });
}

/** sharp's own pixel limit (from the header, or while decoding) is a size problem, not corruption. */
function rejectionFor(error: unknown, stage: string): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError("too_many_pixels", `${stage}: ${message}`);
  return new ImageRejectedError("corrupt", `${stage}: ${message}`);
}

/** Same format as uploaded, at print quality. */
function encodeOriginal(pipeline: Sharp, format: UploadImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 92, chromaSubsampling: "4:4:4" });
    case "png":
      return pipeline.png({ compressionLevel: 6 });
    case "webp":
      return pipeline.webp({ quality: 92 });
  }
}
