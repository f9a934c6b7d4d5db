import { randomBytes } from "node:crypto";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uploads, users } from "../../../src/server/db/schema.js";
import { IMAGE_BUCKET, S3Storage, sanitiseFileName } from "../../../src/server/platform/storage.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from "../../../src/shared/limits.js";
import { COLOUR_THUMBNAIL_MAX_SIDE_PX, colourThumbnailOf } from "../../../src/shared/upload-thumbnails.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { uploadCount } from "../../support/uploads.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

// ---------------------------------------------------------------- helpers

interface UploadAnswer {
  id: string;
  url: string;
  originalUrl: string;
  width: number;
  height: number;
}

function solid(width: number, height: number, background = "#c86432") {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Left half red, right half blue: shows which way an image was turned. */
async function halves(width: number, height: number) {
  const blue = await solid(Math.ceil(width / 2), height, "#0000ff")
    .png()
    .toBuffer();
  return solid(width, height, "#ff0000").composite([{ input: blue, left: Math.floor(width / 2), top: 0 }]);
}

function upload(
  bytes: Uint8Array,
  name: string,
  type: string,
  fields: Record<string, string> = { kind: "main" },
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return shop.request("/api/uploads", { method: "POST", body: form, headers });
}

/** Every file under the storage folder, including any half-written one. */
function storedFiles(): string[] {
  const root = path.join(shop.dataDir, "uploads");
  const walk = (dir: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((n) => {
      const full = path.join(dir, n);
      return statSync(full).isDirectory() ? walk(full) : [path.relative(root, full)];
    });
  };
  return walk(root).sort();
}

async function fetchStored(url: string): Promise<{ res: Response; bytes: Buffer }> {
  const res = await shop.request(new URL(url).pathname);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Uploads a file that must be refused, and checks nothing at all was kept. */
async function expectRefused(
  bytes: Uint8Array,
  name: string,
  type: string,
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  const filesBefore = storedFiles();
  const rowsBefore = await uploadCount(shop);
  const res = await upload(bytes, name, type, fields);
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string; message: string };
  expect(body.message).toBe(message);
  expect(storedFiles()).toEqual(filesBefore);
  expect(await uploadCount(shop)).toBe(rowsBefore);
  return body;
}

const PUBLIC_URL_PATTERN =
  /^http:\/\/localhost:3000\/api\/media\/lightbox-images\/\d{13}-[A-Za-z0-9_-]+-[0-9a-f]{8}(-preview)?\.(jpg|png|webp)$/;

// ---------------------------------------------------------------- accepted

describe("accepted images", () => {
  it.each([
    [
      "JPEG",
      "holiday.jpg",
      "image/jpeg",
      "jpg",
      () => solid(640, 480).jpeg({ quality: 90 }).toBuffer(),
      "image/jpeg",
    ],
    ["PNG", "drawing.png", "image/png", "png", () => solid(300, 500).png().toBuffer(), "image/png"],
    ["WEBP", "phone.webp", "image/webp", "webp", () => solid(800, 800).webp().toBuffer(), "image/webp"],
  ])(
    "stores a %s original and a greyscale preview, records it and answers 201",
    async (_label, name, type, ext, make, contentType) => {
      const bytes = await make();
      const size = await sharp(bytes).metadata();
      const res = await upload(bytes, name, type);
      expect(res.status).toBe(201);
      const body = (await res.json()) as UploadAnswer;
      expect(body).toEqual({
        id: expect.any(String),
        url: expect.stringMatching(PUBLIC_URL_PATTERN),
        originalUrl: expect.stringMatching(PUBLIC_URL_PATTERN),
        width: size.width,
        height: size.height,
      });
      expect(body.originalUrl).toMatch(new RegExp(`-${name.split(".")[0]}-[0-9a-f]{8}\\.${ext}$`));
      expect(body.url).toMatch(/-preview\.webp$/);

      const original = await fetchStored(body.originalUrl);
      expect(original.res.status).toBe(200);
      expect(original.res.headers.get("content-type")).toBe(contentType);
      expect(original.res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(original.res.headers.get("cache-control")).toContain("immutable");
      const originalMeta = await sharp(original.bytes).metadata();
      expect([originalMeta.width, originalMeta.height]).toEqual([size.width, size.height]);

      const preview = await fetchStored(body.url);
      expect(preview.res.headers.get("content-type")).toBe("image/webp");
      const { data, info } = await sharp(preview.bytes).raw().toBuffer({ resolveWithObject: true });
      // Greyscale: every pixel's channels are equal.
      let colourful = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]) colourful++;
      }
      expect(colourful).toBe(0);

      const [row] = await shop.ctx.database.db.select().from(uploads).where(eq(uploads.id, body.id));
      expect(row).toMatchObject({ width: size.width, height: size.height, userId: null });
      expect(shop.ctx.storage.publicUrl(row!.originalKey)).toBe(body.originalUrl);
      expect(shop.ctx.storage.publicUrl(row!.previewKey)).toBe(body.url);
      expect(row!.originalKey.startsWith(`${IMAGE_BUCKET}/`)).toBe(true);
    },
  );

  it("stores a small colour thumbnail beside the preview, named after it (issue 30: colour lines' pictures)", async () => {
    const body = (await (
      await upload(await solid(3000, 1500).jpeg().toBuffer(), "garden.jpg", "image/jpeg")
    ).json()) as UploadAnswer;
    const url = colourThumbnailOf(body.url);
    expect(url).toMatch(/-preview-colour\.webp$/);
    const stored = await fetchStored(url ?? "");
    expect(stored.res.status).toBe(200);
    expect(stored.res.headers.get("content-type")).toBe("image/webp");
    const { data, info } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([
      COLOUR_THUMBNAIL_MAX_SIDE_PX,
      COLOUR_THUMBNAIL_MAX_SIDE_PX / 2,
    ]);
    // In colour: the photo's orange (#c86432), not a grey.
    const [r = 0, g = 0, b = 0] = data;
    expect(r - b).toBeGreaterThan(100);
    expect(g).toBeLessThan(r);
    // Small: a thumbnail, far below the preview's bytes.
    expect(stored.bytes.byteLength).toBeLessThan((await fetchStored(body.url)).bytes.byteLength);
  });

  it("keeps at most 1200 px on the preview's long side and never enlarges", async () => {
    const big = (await (
      await upload(await solid(3000, 1500).jpeg().toBuffer(), "big.jpg", "image/jpeg")
    ).json()) as UploadAnswer;
    expect(big).toMatchObject({ width: 3000, height: 1500 });
    const bigPreview = await sharp((await fetchStored(big.url)).bytes).metadata();
    expect([bigPreview.width, bigPreview.height]).toEqual([1200, 600]);

    const small = (await (
      await upload(await solid(320, 240).png().toBuffer(), "small.png", "image/png")
    ).json()) as UploadAnswer;
    const smallPreview = await sharp((await fetchStored(small.url)).bytes).metadata();
    expect([smallPreview.width, smallPreview.height]).toEqual([320, 240]);
  });

  it("applies EXIF orientation: a 200x100 photo marked 'rotate 90°' is stored upright as 100x200", async () => {
    const bytes = await (await halves(200, 100))
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    const res = await upload(bytes, "sideways.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadAnswer;
    expect([body.width, body.height]).toEqual([100, 200]);

    const stored = (await fetchStored(body.originalUrl)).bytes;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([100, 200, 1]);
    // Turned 90° clockwise, the red left half is now on top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [topR, , topB] = pixel(50, 20);
    const [bottomR, , bottomB] = pixel(50, 180);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it("keeps no metadata: the customer's GPS position and camera details are gone from every stored file", async () => {
    const bytes = await solid(400, 300)
      .jpeg()
      .withExif({
        IFD0: { Make: "Google", Model: "Pixel 8 Pro", Artist: "Siobhan Kelly" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "54/1 35/1 4512/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "5/1 55/1 3301/100",
        },
      })
      .toBuffer();
    const input = await sharp(bytes).metadata();
    expect(input.exif?.includes("Pixel 8 Pro")).toBe(true);

    const res = await upload(bytes, "IMG_2024.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadAnswer;
    for (const url of [body.originalUrl, body.url, colourThumbnailOf(body.url) ?? ""]) {
      const stored = (await fetchStored(url)).bytes;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(stored.includes("Pixel 8 Pro")).toBe(false);
      expect(stored.includes("Siobhan")).toBe(false);
      expect(stored.includes("GPS")).toBe(false);
    }
  });

  it("judges the content, not the name or declared type: a PNG sent as photo.jpg is kept as a PNG", async () => {
    const res = await upload(await solid(64, 64).png().toBuffer(), "photo.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadAnswer;
    expect(body.originalUrl).toMatch(/-photo-[0-9a-f]{8}\.png$/);
    expect((await fetchStored(body.originalUrl)).res.headers.get("content-type")).toBe("image/png");
  });

  it("names additional images timestamp-additional-{index}-name", async () => {
    const res = await upload(await solid(50, 50).jpeg().toBuffer(), "grandad.jpg", "image/jpeg", {
      kind: "additional",
      index: "2",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadAnswer;
    expect(body.originalUrl).toMatch(/\/lightbox-images\/\d{13}-additional-2-grandad-[0-9a-f]{8}\.jpg$/);
  });

  it("records the signed-in customer as the uploader", async () => {
    const db = shop.ctx.database.db;
    await db
      .insert(users)
      .values({ id: "user-niamh", name: "Niamh Doherty", email: "niamh@example.co.uk", emailVerified: true });
    // The session itself is Better Auth's business (tested with auth); here it answers for Niamh.
    const getSession = vi.spyOn(shop.ctx.auth.api, "getSession").mockResolvedValue({
      user: { id: "user-niamh", email: "niamh@example.co.uk", name: "Niamh Doherty", emailVerified: true },
      session: { id: "s1", userId: "user-niamh" },
    } as unknown as Awaited<ReturnType<typeof shop.ctx.auth.api.getSession>>);
    try {
      const res = await upload(await solid(40, 40).jpeg().toBuffer(), "me.jpg", "image/jpeg");
      expect(res.status).toBe(201);
      const body = (await res.json()) as UploadAnswer;
      const [row] = await db.select().from(uploads).where(eq(uploads.id, body.id));
      expect(row?.userId).toBe("user-niamh");
    } finally {
      getSession.mockRestore();
    }
  });

  it("never collides: the same name uploaded at once gives distinct files", async () => {
    const bytes = await solid(30, 30).jpeg().toBuffer();
    const answers = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await (await upload(bytes, "same.jpg", "image/jpeg")).json()) as UploadAnswer,
      ),
    );
    expect(new Set(answers.map((a) => a.originalUrl)).size).toBe(6);
    expect(new Set(answers.map((a) => a.url)).size).toBe(6);
  });
});

// ---------------------------------------------------------------- file names

describe("file names", () => {
  it.each([
    "../../../etc/passwd.jpg",
    "..\\..\\Windows\\System32\\evil.jpg",
    "a/b/../../c.jpg",
    "%2e%2e%2f%2e%2e%2fsecret.jpg",
    "..",
    ".hidden.jpg",
    "name\u0000with\nnul\rand\tcontrols.jpg",
    "<script>alert(1)</script>.jpg",
    "café crème brûlée.jpg",
    "照片.jpg",
    `${"x".repeat(400)}.jpg`,
    "",
  ])("makes %j safe inside the bucket folder", async (name) => {
    const res = await upload(await solid(20, 20).jpeg().toBuffer(), name || "blob", "image/jpeg");
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadAnswer;
    expect(body.originalUrl).toMatch(PUBLIC_URL_PATTERN);
    const key = shop.ctx.storage.keyFromUrl(body.originalUrl);
    expect(key).toMatch(/^lightbox-images\/\d{13}-[A-Za-z0-9_-]{1,60}-[0-9a-f]{8}\.jpg$/);
    expect(key?.includes("..")).toBe(false);
    // The file is where the key says: directly in the bucket folder.
    expect(storedFiles()).toContain(key);
  });

  it("sanitises names by rule", () => {
    expect(sanitiseFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseFileName("C:\\Users\\me\\Beach Day.JPG")).toBe("Beach-Day");
    expect(sanitiseFileName("café.png")).toBe("cafe");
    expect(sanitiseFileName("..")).toBe("");
    expect(sanitiseFileName("a..b.jpg")).toBe("a-b");
    expect(sanitiseFileName("x".repeat(100)).length).toBe(60);
  });
});

// ---------------------------------------------------------------- refused

describe("refused files leave nothing behind", () => {
  const unsupported = CREATOR_MESSAGES.upload.unsupportedFormat.description;

  it("refuses an SVG, also when it claims to be a JPEG", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused(svg, "logo.svg", "image/svg+xml", 415, unsupported);
    await expectRefused(svg, "logo.jpg", "image/jpeg", 415, unsupported);
  });

  it("refuses a 1x1 GIF renamed .png", async () => {
    const gif = await solid(1, 1).gif().toBuffer();
    await expectRefused(gif, "pixel.png", "image/png", 415, unsupported);
  });

  it("refuses HEIC (iPhone) files, which cannot be decoded here, and AVIF", async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic"),
      randomBytes(2048),
    ]);
    await expectRefused(heic, "IMG_0001.HEIC", "image/heic", 415, unsupported);
    await expectRefused(heic, "IMG_0001.jpg", "image/jpeg", 415, unsupported);
    const avif = await solid(16, 16).avif().toBuffer();
    await expectRefused(avif, "photo.avif", "image/avif", 415, unsupported);
  });

  it("refuses other files dressed as images: a PDF, a script, random bytes, an empty file", async () => {
    await expectRefused(
      Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
      "scan.jpg",
      "image/jpeg",
      415,
      unsupported,
    );
    await expectRefused(Buffer.from("#!/bin/sh\nrm -rf /\n"), "run.png", "image/png", 415, unsupported);
    await expectRefused(randomBytes(4096), "noise.webp", "image/webp", 415, unsupported);
    await expectRefused(new Uint8Array(0), "empty.jpg", "image/jpeg", 415, unsupported);
  });

  it("refuses files whose magic bytes say JPEG, PNG or WEBP but that do not decode", async () => {
    const failed = CREATOR_MESSAGES.upload.failed.description;
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const webpHead = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 1, 0, 0]), Buffer.from("WEBP")]);
    for (const [head, name] of [
      [jpegHead, "broken.jpg"],
      [pngHead, "broken.png"],
      [webpHead, "broken.webp"],
    ] as const) {
      const body = await expectRefused(
        Buffer.concat([head, randomBytes(3000)]),
        name,
        "image/jpeg",
        422,
        failed,
      );
      expect(body.error).toBe("invalid_image");
    }
    // A real JPEG cut off after its header.
    const whole = await solid(400, 400).jpeg().toBuffer();
    await expectRefused(whole.subarray(0, 200), "cut.jpg", "image/jpeg", 422, failed);
  });

  it("refuses a decompression bomb from its header: a small PNG of more than 50 megapixels", async () => {
    const side = Math.ceil(Math.sqrt(MAX_UPLOAD_PIXELS)) + 10;
    const bomb = await solid(side, side, "#ffffff").png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const body = await expectRefused(
      bomb,
      "innocent.png",
      "image/png",
      422,
      CREATOR_MESSAGES.upload.tooManyPixels.description,
    );
    expect(body.error).toBe("image_too_many_pixels");
  });

  it("refuses a file over 10MB with the spec's message", async () => {
    // A real JPEG header padded past the limit by one byte.
    const head = await solid(8, 8).jpeg().toBuffer();
    const tooBig = Buffer.concat([head, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - head.byteLength)]);
    expect(tooBig.byteLength).toBe(MAX_UPLOAD_BYTES + 1);
    const body = await expectRefused(
      tooBig,
      "huge.jpg",
      "image/jpeg",
      413,
      CREATOR_MESSAGES.upload.tooLarge.description,
    );
    expect(body.error).toBe("file_too_large");
    expect(CREATOR_MESSAGES.upload.tooLarge).toMatchObject({
      title: "File too large",
      description: "Please select an image smaller than 10MB.",
    });
  });

  it("refuses a body beyond the app's upload limit before reading it", async () => {
    const filesBefore = storedFiles();
    const rowsBefore = await uploadCount(shop);
    const res = await upload(Buffer.alloc(12 * 1024 * 1024), "enormous.jpg", "image/jpeg");
    expect(res.status).toBe(413);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await uploadCount(shop)).toBe(rowsBefore);
  });

  it("refuses a request without a file, or with a bad kind or index", async () => {
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    const noFile = await shop.request("/api/uploads", { method: "POST", body: new FormData() });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { message: string }).message).toBe(
      CREATOR_MESSAGES.upload.noFile.description,
    );
    const notMultipart = await shop.request("/api/uploads", { method: "POST", json: { file: "x" } });
    expect(notMultipart.status).toBe(400);
    await expectRefused(jpeg, "a.jpg", "image/jpeg", 400, CREATOR_MESSAGES.upload.failed.description, {
      kind: "additional",
    });
    await expectRefused(jpeg, "a.jpg", "image/jpeg", 400, CREATOR_MESSAGES.upload.failed.description, {
      kind: "additional",
      index: "99",
    });
    await expectRefused(jpeg, "a.jpg", "image/jpeg", 400, CREATOR_MESSAGES.upload.failed.description, {
      kind: "poster",
    });
    const textAsFile = new FormData();
    textAsFile.append("file", "not a file");
    const res = await shop.request("/api/uploads", { method: "POST", body: textAsFile });
    expect(res.status).toBe(400);
  });
});

// ---------------------------------------------------------------- serving

describe("GET /api/media/lightbox-images/<name>", () => {
  it("serves only images in the bucket folder and never leaves it", async () => {
    const uploadsRoot = path.join(shop.dataDir, "uploads");
    writeFileSync(path.join(uploadsRoot, "secret.jpg"), "outside the bucket folder");
    await shop.ctx.storage.put("print-files/order-1.3mf", Buffer.from("print file"), "model/3mf");
    await shop.ctx.storage.put(`${IMAGE_BUCKET}/notes.txt`, Buffer.from("text"), "text/plain");
    for (const pathname of [
      "/api/media/lightbox-images/..%2Fsecret.jpg",
      "/api/media/lightbox-images/%2e%2e%2fsecret.jpg",
      "/api/media/lightbox-images/..%5Csecret.jpg",
      "/api/media/lightbox-images/../secret.jpg",
      "/api/media/lightbox-images/..%2F..%2Fauth-secret",
      "/api/media/secret.jpg",
      "/api/media/print-files/order-1.3mf",
      "/api/media/lightbox-images/notes.txt",
      "/api/media/lightbox-images/missing-file.jpg",
      "/api/media/lightbox-images/.jpg",
    ]) {
      const res = await shop.request(pathname);
      expect(res.status, pathname).toBe(404);
      expect(await res.text()).not.toContain("outside the bucket");
    }
  });
});

describe("S3 storage", () => {
  it("builds public URLs from S3_PUBLIC_URL, the endpoint, or the AWS host, and reads keys back", () => {
    const settings = {
      bucket: "lithobox-media",
      region: "eu-west-2",
      endpoint: undefined,
      accessKeyId: "test",
      secretAccessKey: "test",
      publicUrl: undefined,
    };
    const key = `${IMAGE_BUCKET}/1732240000000-beach-3f9a1c2b.jpg`;
    const aws = new S3Storage(settings);
    expect(aws.publicUrl(key)).toBe(`https://lithobox-media.s3.eu-west-2.amazonaws.com/${key}`);
    expect(aws.keyFromUrl(aws.publicUrl(key))).toBe(key);
    const minio = new S3Storage({ ...settings, endpoint: "http://127.0.0.1:9000" });
    expect(minio.publicUrl(key)).toBe(`http://127.0.0.1:9000/lithobox-media/${key}`);
    const cdn = new S3Storage({ ...settings, publicUrl: "https://media.lithobox.co.uk/" });
    expect(cdn.publicUrl(key)).toBe(`https://media.lithobox.co.uk/${key}`);
    expect(cdn.keyFromUrl("https://media.lithobox.co.uk/../x")).toBeNull();
    expect(() => cdn.publicUrl("../etc/passwd")).toThrow();
    for (const s of [aws, minio, cdn]) s.close();
  });
});
