/**
 * Resumable uploads (issues 31 and 46, decisions 325 and 350) through the real app: the tus
 * protocol on /api/uploads/resumable resumes from the server's offset, its completion goes
 * through the same checks and storage as POST /api/uploads (type and pixels by content, quota on
 * the bytes stored), a refused or finished upload leaves no bytes behind; an unfinished one
 * holds its declared bytes of the visitor's quota, a visitor holds a few at most, each belongs
 * to its creator only, expires within the hour and stays out of backups; and the print file of
 * an order made from the creator's copy has the panel's full 0.1 mm detail.
 */
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpDatabase, restoreDatabase } from "../../../src/server/backups/index.js";
import {
  orderItems,
  resumableUploadChunks,
  resumableUploads,
  uploads,
} from "../../../src/server/db/schema.js";
import { panelParameters } from "../../../src/server/fulfilment/print-jobs/panel.js";
import {
  DatabaseUploadStore,
  RESUMABLE_UPLOAD_EXPIRY_MINUTES,
} from "../../../src/server/platform/resumable-uploads.js";
import { shopImageKey } from "../../../src/server/platform/storage.js";
import { CREATOR_MESSAGES } from "../../../src/shared/creator-messages.js";
import { MAX_UNFINISHED_UPLOADS, MAX_UPLOAD_BYTES } from "../../../src/shared/limits.js";
import {
  FALLBACK_LARGEST_PANEL_MM,
  PRINT_PX_PER_MM,
  RESUMABLE_UPLOADS_PATH,
  uploadCopyShortSidePx,
  uploadCopySize,
} from "../../../src/shared/upload-copy.js";
import { createUser } from "../../support/accounts.js";
import { checkout, lithophaneItem, shippingInfo } from "../../support/checkout.js";
import { pay } from "../../support/orders.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { uploadCount, uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
});
afterAll(async () => {
  await shop?.close();
});

const TUS = { "Tus-Resumable": "1.0.0" };
/** The visitor of these tests (an upload is its creator's: another client is another visitor). */
const ME = randomIp();

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

/** Who sends a request: a client address and, signed in, a session cookie. */
interface As {
  ip?: string;
  cookie?: string;
  on?: TestShop;
}

function who(as: As): Record<string, string> {
  return { "x-forwarded-for": as.ip ?? ME, ...(as.cookie ? { cookie: as.cookie } : {}) };
}

async function create(
  length: number,
  fields: Record<string, string> = { filename: "photo.jpg", kind: "main" },
  as: As = {},
) {
  return (as.on ?? shop).request(RESUMABLE_UPLOADS_PATH, {
    method: "POST",
    headers: { ...TUS, ...who(as), "Upload-Length": String(length), "Upload-Metadata": metadata(fields) },
  });
}

function patch(location: string, offset: number, bytes: Uint8Array, as: As = {}) {
  return (as.on ?? shop).request(location, {
    method: "PATCH",
    headers: {
      ...TUS,
      ...who(as),
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    },
    body: new Blob([new Uint8Array(bytes)]),
  });
}

function head(location: string, as: As = {}) {
  return (as.on ?? shop).request(location, { method: "HEAD", headers: { ...TUS, ...who(as) } });
}

function remove(location: string, as: As = {}) {
  return (as.on ?? shop).request(location, { method: "DELETE", headers: { ...TUS, ...who(as) } });
}

async function offsetOf(location: string, as: As = {}): Promise<number> {
  const res = await head(location, as);
  expect(res.status).toBe(200);
  return Number(res.headers.get("upload-offset"));
}

/** Unfinished resumable uploads in the database, and how many chunk rows they hold. */
async function resumableRows(): Promise<{ uploads: number; chunks: number }> {
  const db = shop.ctx.database.db;
  const [u] = await db.select({ n: count() }).from(resumableUploads);
  const [c] = await db.select({ n: count() }).from(resumableUploadChunks);
  return { uploads: u?.n ?? 0, chunks: c?.n ?? 0 };
}

/** A photo with detail (noise) so it does not compress to nothing. */
async function detailedJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    pixels[i] = 96 + (seed % 64) + ((i / 3) % width < width / 2 ? 0 : 64);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

interface Stored {
  id: string;
  url: string;
  originalUrl: string;
  width: number;
  height: number;
}

/** The whole tus exchange, dropped after the first part: create, send part, ask, send the rest. */
async function uploadInTwoParts(bytes: Buffer): Promise<Response> {
  const created = await create(bytes.byteLength);
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  expect(location.startsWith(`${RESUMABLE_UPLOADS_PATH}/`)).toBe(true);
  const half = Math.floor(bytes.byteLength / 2);
  const first = await patch(location, 0, bytes.subarray(0, half));
  expect(first.status).toBe(204);
  // The connection "dropped": the client asks where to go on from.
  expect(await offsetOf(location)).toBe(half);
  return patch(location, half, bytes.subarray(half));
}

describe("resumable uploads", () => {
  it("resume from the server's offset and end in the same stored upload as the form", async () => {
    const photo = await detailedJpeg(1600, 1200);
    const rowsBefore = await uploadCount(shop);
    const res = await uploadInTwoParts(photo);
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = (await res.json()) as Stored;
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
    expect(stored.url).toMatch(/lightbox-images\/.+-preview\.webp$/);
    expect(stored.originalUrl).toMatch(/lightbox-images\/.+\.jpg$/);
    expect(await uploadCount(shop)).toBe(rowsBefore + 1);

    // The quota counts the bytes stored (the cleaned original), not the bytes sent.
    const [row] = await shop.ctx.database.db.select().from(uploads).where(eq(uploads.id, stored.id));
    const key = shopImageKey(shop.ctx.storage, stored.originalUrl) ?? "";
    const file = await shop.ctx.storage.get(key);
    expect(row?.bytes).toBe(file?.body.byteLength);
    // Nothing is left in the resumable store.
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
  });

  it("refuse what the form refuses, leaving nothing behind", async () => {
    const rowsBefore = await uploadCount(shop);
    const notAnImage = Buffer.from("%PDF-1.7 definitely not a photo ".repeat(40));
    const res = await uploadInTwoParts(notAnImage);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: "unsupported_image",
      message: CREATOR_MESSAGES.upload.unsupportedFormat.description,
    });
    expect(await uploadCount(shop)).toBe(rowsBefore);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });

    const tooLarge = await create(MAX_UPLOAD_BYTES + 1);
    expect(tooLarge.status).toBe(413);

    const badKind = await create(100, { filename: "x.jpg", kind: "poster" });
    expect(badKind.status).toBe(400);
  });

  it("refuse a new upload past the visitor's quota", async () => {
    const small = await createTestShop({ PRINT_WORKER: "off", UPLOAD_QUOTA_MB: "1" });
    try {
      const res = await create(2 * 1024 * 1024, { kind: "main" }, { on: small });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: string }).error).toBe("upload_quota_exceeded");
    } finally {
      await small.close();
    }
  });

  it("refuse a chunk at an offset other than the bytes stored (a stale or replayed PATCH), storing nothing of it", async () => {
    const created = await create(3000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000).fill(1))).status).toBe(204);
    // The same chunk again, as a client that did not hear the answer would send it.
    expect((await patch(location, 0, new Uint8Array(1000).fill(2))).status).toBe(409);
    // One from the future.
    expect((await patch(location, 2000, new Uint8Array(1000).fill(3))).status).toBe(409);
    expect(await offsetOf(location)).toBe(1000);
    const bytes = await shop.ctx.resumableUploads.read(location.split("/").pop() ?? "");
    expect(bytes.equals(Buffer.alloc(1000, 1))).toBe(true);
    expect((await remove(location)).status).toBe(204);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
  });

  it("expire when left unfinished, and the sweep removes them", async () => {
    const created = await create(5000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000))).status).toBe(204);
    expect(await resumableRows()).toEqual({ uploads: 1, chunks: 1 });
    // The shop's own store keeps it for an hour; the same sweep with a 1 ms expiry removes it.
    const expiring = new DatabaseUploadStore(shop.ctx.database.db, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expiring.deleteExpired()).toBe(1);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
    const gone = await head(location);
    expect(gone.status).toBe(404);
  });

  it("expire within the hour: an hour-old one cannot be resumed and the shop's own sweep removes it", async () => {
    expect(RESUMABLE_UPLOAD_EXPIRY_MINUTES).toBeLessThanOrEqual(60);
    const created = await create(5000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000))).status).toBe(204);
    const id = location.split("/").pop() ?? "";
    await shop.ctx.database.db
      .update(resumableUploads)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(resumableUploads.id, id));
    expect((await patch(location, 1000, new Uint8Array(1000))).status).toBe(410);
    expect(await shop.ctx.resumableUploads.deleteExpired()).toBe(1);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
  });
});

describe("an unfinished upload (issue 46)", () => {
  it("counts its declared bytes against the visitor's quota from its creation", async () => {
    const small = await createTestShop({ PRINT_WORKER: "off", UPLOAD_QUOTA_MB: "2" });
    try {
      const nearlyTwoMb = Math.floor(1.9 * 1024 * 1024);
      const visitor = randomIp();
      // The probe of the issue: six uploads of 1.9 MB, each sent to one byte short of its end.
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await create(nearlyTwoMb, undefined, { ip: visitor, on: small });
        answers.push(res.status);
        if (res.status === 201) {
          const location = res.headers.get("location") ?? "";
          const sent = await patch(location, 0, new Uint8Array(nearlyTwoMb - 1), { ip: visitor, on: small });
          expect(sent.status).toBe(204);
        } else {
          expect(((await res.json()) as { error: string }).error).toBe("upload_quota_exceeded");
        }
      }
      expect(answers).toEqual([201, 429, 429, 429, 429, 429]);
      // The form is refused too once reserved bytes fill the allowance.
      const rest = 2 * 1024 * 1024 - nearlyTwoMb;
      expect((await create(rest, undefined, { ip: visitor, on: small })).status).toBe(201);
      await expect(uploadTestPhoto(small, { ip: visitor })).rejects.toThrow(/429/);
      // Another visitor has their own allowance.
      await expect(uploadTestPhoto(small, { ip: randomIp() })).resolves.toBeTruthy();
      expect((await create(nearlyTwoMb, undefined, { ip: randomIp(), on: small })).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it("does not count against its own completion", async () => {
    const photo = await detailedJpeg(1600, 1200);
    const small = await createTestShop({ PRINT_WORKER: "off", UPLOAD_QUOTA_MB: "1" });
    try {
      // Within the allowance once, not twice: counting its own reservation would refuse it.
      expect(photo.byteLength).toBeGreaterThan(512 * 1024);
      expect(photo.byteLength).toBeLessThan(1024 * 1024);
      const visitor = randomIp();
      const created = await create(photo.byteLength, undefined, { ip: visitor, on: small });
      expect(created.status).toBe(201);
      const done = await patch(created.headers.get("location") ?? "", 0, photo, { ip: visitor, on: small });
      expect(done.status, await done.clone().text()).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("is one of a few a visitor may hold at once", async () => {
    const visitor = randomIp();
    const locations: string[] = [];
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) {
      const res = await create(1000, undefined, { ip: visitor });
      expect(res.status).toBe(201);
      locations.push(res.headers.get("location") ?? "");
    }
    const refused = await create(1000, undefined, { ip: visitor });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "too_many_unfinished_uploads",
      message: CREATOR_MESSAGES.upload.tooManyUnfinished.description,
    });
    // Abandoning one makes room; so does one expiring.
    expect((await remove(locations[0] ?? "", { ip: visitor })).status).toBe(204);
    expect((await create(1000, undefined, { ip: visitor })).status).toBe(201);
    expect((await create(1000, undefined, { ip: visitor })).status).toBe(429);
    await shop.ctx.database.db
      .update(resumableUploads)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(resumableUploads.id, locations[1]?.split("/").pop() ?? ""));
    expect((await create(1000, undefined, { ip: visitor })).status).toBe(201);
    await shop.ctx.database.db.delete(resumableUploads);
  });

  it("is its creator's: another visitor's HEAD, PATCH and DELETE answer 404 and change nothing", async () => {
    const created = await create(3000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000).fill(1))).status).toBe(204);
    const stranger = { ip: randomIp() };
    expect((await head(location, stranger)).status).toBe(404);
    expect((await patch(location, 1000, new Uint8Array(2000).fill(9), stranger)).status).toBe(404);
    expect((await remove(location, stranger)).status).toBe(404);
    // Nothing changed: the creator goes on where they stopped.
    expect(await offsetOf(location)).toBe(1000);
    expect(await resumableRows()).toEqual({ uploads: 1, chunks: 1 });
    // The upload's metadata does not carry who made it.
    expect((await head(location)).headers.get("upload-metadata") ?? "").not.toMatch(/clientKey|userId/);
    expect((await remove(location)).status).toBe(204);

    // A signed-in customer's upload is theirs from any address.
    const user = await createUser(shop, { verify: "direct" });
    const mine = await create(2000, undefined, { ip: randomIp(), cookie: user.cookie });
    const mineAt = mine.headers.get("location") ?? "";
    expect(await offsetOf(mineAt, { ip: randomIp(), cookie: user.cookie })).toBe(0);
    expect((await head(mineAt, { ip: randomIp() })).status).toBe(404);
    expect((await remove(mineAt, { ip: randomIp(), cookie: user.cookie })).status).toBe(204);
  });

  it("stays out of backups, and a backup made with them restores", async () => {
    const created = await create(4000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000).fill(7))).status).toBe(204);
    const lines: string[] = [];
    await dumpDatabase(shop.ctx.database.db, "pglite", (text) => {
      lines.push(text);
    });
    const dump = lines.join("");
    expect(dump).not.toMatch(/"name":"resumable_upload/);
    expect(dump).toContain('"name":"uploads"');

    // A dump from before (with the tables and a row in them) restores, passing over them.
    const id = location.split("/").pop() ?? "";
    const older = dump
      .trimEnd()
      .split("\n")
      .flatMap((line) => {
        if (!line.startsWith("E\t")) return [line];
        const end = JSON.parse(line.slice(2)) as { tables: number; rows: number };
        return [
          `T\t${JSON.stringify({ name: "resumable_uploads", columns: ["id", "size", "metadata", "created_at"] })}`,
          `R\t${JSON.stringify({ id, size: 4000, metadata: {}, created_at: new Date().toISOString() })}`,
          `E\t${JSON.stringify({ tables: end.tables + 1, rows: end.rows + 1 })}`,
        ];
      });
    const target = await createTestShop({ PRINT_WORKER: "off" });
    try {
      async function* feed() {
        yield* older;
      }
      const restored = await restoreDatabase(target.ctx.database.db, feed(), { replace: true });
      expect(restored.tables.resumable_uploads).toBeUndefined();
      const [row] = await target.ctx.database.db.select({ n: count() }).from(resumableUploads);
      expect(row?.n).toBe(0);
    } finally {
      await target.close();
    }
    expect((await remove(location)).status).toBe(204);
  });
});

describe("the print file of an order made from the creator's copy", () => {
  it("has the panel's full 0.1 mm detail: at least 10 px of the stored copy per mm over the crop", async () => {
    // What the creator sends of a 12 MP (4000 x 3000) phone photo.
    const copy = uploadCopySize(4000, 3000, uploadCopyShortSidePx(FALLBACK_LARGEST_PANEL_MM));
    expect(copy).toEqual({ width: 2667, height: 2000, scaled: true });
    const res = await uploadInTwoParts(await detailedJpeg(copy.width, copy.height));
    expect(res.status).toBe(200);
    const stored = (await res.json()) as Stored;

    for (const size of [
      { sizeId: "6x8", shapeId: "rectangle" },
      { sizeId: "7x7", shapeId: "square" },
    ]) {
      // The crop at zoom 1: the largest panel-shaped area of the photo, centred.
      const base = lithophaneItem("starter", size);
      const item = {
        ...base,
        imageUrl: stored.url,
        originalImageUrl: stored.originalUrl,
        config: { ...base.config },
      };
      const answer = await checkout(shop, { cartItems: [item], shippingInfo: shippingInfo() });
      await pay(shop, answer, { live: true });

      const [line] = await shop.ctx.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, answer.orderId));
      if (!line) throw new Error("no order line");
      // The print file is cut from the stored copy...
      expect(line.originalImageUrl).toBe(stored.originalUrl);
      const file = await shop.ctx.storage.get(
        shopImageKey(shop.ctx.storage, line.originalImageUrl ?? "") ?? "",
      );
      const meta = await sharp(file?.body).metadata();
      expect([meta.width, meta.height]).toEqual([copy.width, copy.height]);
      // ...over the panel's crop, at least 10 px per mm both ways.
      const panel = await panelParameters(shop.ctx.database.db, line, 0);
      const scale = Math.min((meta.width ?? 0) / panel.widthMm, (meta.height ?? 0) / panel.heightMm);
      const cropWidthPx = panel.widthMm * scale;
      const cropHeightPx = panel.heightMm * scale;
      expect(cropWidthPx / panel.widthMm).toBeGreaterThanOrEqual(PRINT_PX_PER_MM);
      expect(cropHeightPx / panel.heightMm).toBeGreaterThanOrEqual(PRINT_PX_PER_MM);
      console.log(
        `[print detail] ${size.sizeId} (${panel.widthMm} x ${panel.heightMm} mm) from a ${meta.width} x ${meta.height} copy: ` +
          `${(cropWidthPx / panel.widthMm).toFixed(1)} px/mm`,
      );
    }
  });
});
