/**
 * File storage for customers' images: a local folder (DATA_DIR/uploads, the default) or an
 * S3-compatible bucket (when S3_BUCKET and its keys are set). Keys are relative paths such as
 * "lightbox-images/1732240000000-photo-3f9a1c2b.jpg"; every key is checked before use so no
 * key can reach outside the storage root.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { COLOUR_THUMBNAIL_SUFFIX, colourThumbnailOf } from "@shared/upload-thumbnails";
import type { Config } from "../config.js";

/** The spec's bucket name, kept as the folder every upload lives in. */
export const IMAGE_BUCKET = "lightbox-images";
/** Where local files are served: GET /api/media/<key>. */
export const LOCAL_MEDIA_PATH = "/api/media";

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface StoredStream {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number | undefined;
}

export interface Storage {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream for serving, or null when there is none. */
  open(key: string): Promise<StoredStream | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The absolute URL a browser loads the file from. */
  publicUrl(key: string): string;
  /** The key behind one of our public URLs; null for any other URL. */
  keyFromUrl(url: string): string | null;
  /** Every key starting with `prefix`, sorted. */
  list(prefix?: string): Promise<string[]>;
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A safe key: 1-4 segments of letters, digits, dot, dash and underscore, never "." or "..". */
export function isSafeKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  if (segments.length > 4) return false;
  return segments.every((s) => KEY_SEGMENT.test(s) && !s.includes(".."));
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".3mf": "model/3mf",
  ".stl": "model/stl",
};

/** The content type for a key's extension; anything unknown is served as a download. */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

const MAX_NAME_LENGTH = 60;

/**
 * The customer's file name, made safe for a storage key: no folders, no "..", no control or
 * special characters, accents folded, at most 60 characters, and without its extension (the
 * stored extension follows the real content). "" when nothing usable is left.
 */
export function sanitiseFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? "";
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return withoutExtension
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[-_]+$/, "");
}

export interface UploadKeys {
  original: string;
  preview: string;
  /** The small colour picture beside the preview (@shared/upload-thumbnails). */
  colourThumbnail: string;
}

/**
 * Every file stored for an upload: what deleting it (released, expired, an account or the
 * admin's deletion) must remove. A copy of a customer's photo is never left behind.
 */
export function uploadFileKeys(upload: { originalKey: string; previewKey: string }): string[] {
  const thumbnail = colourThumbnailOf(upload.previewKey);
  return [upload.originalKey, upload.previewKey, ...(thumbnail ? [thumbnail] : [])];
}

/**
 * Keys for an upload, following the spec's names — "timestamp-originalname", additional images
 * "timestamp-additional-{index}-name" — made safe, with a random suffix so two uploads never
 * collide: lightbox-images/1732240000000-beach-3f9a1c2b.jpg and …-3f9a1c2b-preview.webp.
 */
export function uploadKeys(input: {
  originalName: string;
  kind: "main" | "additional";
  index?: number | undefined;
  extension: string;
  previewExtension: string;
  now?: number;
}): UploadKeys {
  const name = sanitiseFileName(input.originalName) || "image";
  const timestamp = input.now ?? Date.now();
  const random = randomBytes(4).toString("hex");
  const middle = input.kind === "additional" ? `additional-${input.index ?? 0}-` : "";
  const stem = `${IMAGE_BUCKET}/${timestamp}-${middle}${name}-${random}`;
  return {
    original: `${stem}.${input.extension}`,
    preview: `${stem}-preview.${input.previewExtension}`,
    colourThumbnail: `${stem}${COLOUR_THUMBNAIL_SUFFIX}`,
  };
}

/**
 * The storage key behind a customer's image URL when it is one of this shop's own uploads
 * (lightbox-images/…), else null: another host, another folder or an unsafe key. The print-file
 * worker reads only such keys from storage and never fetches a URL.
 */
export function shopImageKey(storage: Pick<Storage, "keyFromUrl">, url: string): string | null {
  const key = storage.keyFromUrl(url);
  return key?.startsWith(`${IMAGE_BUCKET}/`) ? key : null;
}

// ---------------------------------------------------------------- local folder

export class LocalStorage implements Storage {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly baseUrl: string,
  ) {
    this.root = path.resolve(root);
  }

  /** The file's path, refusing any key that would leave the root. */
  private filePath(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  }

  async put(key: string, body: Uint8Array, _contentType: string): Promise<void> {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed into place: a reader never sees half a file.
    const temp = `${file}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await writeFile(temp, body, { flag: "wx" });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    try {
      return { body: await readFile(this.filePath(key)), contentType: contentTypeForKey(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<StoredStream | null> {
    if (!isSafeKey(key)) return null;
    const file = this.filePath(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { stream, contentType: contentTypeForKey(key), size: info.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.baseUrl}${LOCAL_MEDIA_PATH}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    for (const prefix of [`${this.baseUrl}${LOCAL_MEDIA_PATH}/`, `${LOCAL_MEDIA_PATH}/`]) {
      if (url.startsWith(prefix)) {
        const key = url.slice(prefix.length);
        return isSafeKey(key) ? key : null;
      }
    }
    return null;
  }

  async list(prefix = ""): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string, relative: string): Promise<void> => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (entry.isFile() && !entry.name.endsWith(".partial") && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(this.root, "");
    return keys.sort();
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

// ---------------------------------------------------------------- S3-compatible bucket

type S3Settings = NonNullable<Config["s3"]>;

type S3Sdk = typeof import("@aws-sdk/client-s3");

export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  /** The AWS SDK (~13 MB resident) is loaded only by shops that use a bucket. */
  private readonly sdk: Promise<{ client: S3Client; s3: S3Sdk }>;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    this.sdk = import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    }));
    this.base = (
      settings.publicUrl ??
      (settings.endpoint
        ? `${settings.endpoint.replace(/\/$/, "")}/${settings.bucket}`
        : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
    ).replace(/\/$/, "");
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { client, s3 } = await this.sdk;
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // Names are unique, so a file never changes once written.
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const opened = await this.fetch(key);
    if (!opened) return null;
    const bytes = await opened.Body?.transformToByteArray();
    return { body: Buffer.from(bytes ?? []), contentType: opened.ContentType ?? contentTypeForKey(key) };
  }

  async open(key: string): Promise<StoredStream | null> {
    const opened = await this.fetch(key);
    if (!opened?.Body) return null;
    return {
      stream: opened.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      contentType: opened.ContentType ?? contentTypeForKey(key),
      size: opened.ContentLength,
    };
  }

  private async fetch(key: string) {
    if (!isSafeKey(key)) return null;
    const { client, s3 } = await this.sdk;
    try {
      return await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { client, s3 } = await this.sdk;
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.base}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    const prefix = `${this.base}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return isSafeKey(key) ? key : null;
  }

  async list(prefix = ""): Promise<string[]> {
    const { client, s3 } = await this.sdk;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  close(): void {
    void this.sdk.then(({ client }) => client.destroy());
  }
}

/** S3 when configured, otherwise DATA_DIR/uploads served by the app itself. */
export function createStorage(config: Pick<Config, "s3" | "dataDir" | "publicUrl">): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, "uploads"), config.publicUrl);
}
