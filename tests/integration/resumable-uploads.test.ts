/**
 * Resumable uploads (issue 31, decision 325) through the real app: the tus protocol on
 * /api/uploads/resumable resumes from the server's offset, its completion goes through the same
 * checks and storage as POST /api/uploads (type and pixels by content, quota on the bytes
 * stored), a refused or finished upload leaves no bytes behind, an unfinished one expires; and
 * the print file of an order made from the creator's copy has the panel's full 0.1 mm detail.
 */
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItems,
  orders,
  resumableUploadChunks,
  resumableUploads,
  uploads,
} from "../../src/server/db/schema.js";
import { panelParameters } from "../../src/server/fulfilment/print-jobs/panel.js";
import { DatabaseUploadStore } from "../../src/server/platform/resumable-uploads.js";
import { shopImageKey } from "../../src/server/platform/storage.js";
import { CREATOR_MESSAGES } from "../../src/shared/creator-messages.js";
import { MAX_UPLOAD_BYTES } from "../../src/shared/limits.js";
import {
  FALLBACK_LARGEST_PANEL_MM,
  PRINT_PX_PER_MM,
  RESUMABLE_UPLOADS_PATH,
  uploadCopyShortSidePx,
  uploadCopySize,
} from "../../src/shared/upload-copy.js";
import { checkout, lithophaneItem, pressTestButton, shippingInfo } from "./checkout-helpers.js";
import { createTestShop, type TestShop } from "./harness.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ PRINT_WORKER: "off" });
});
afterAll(async () => {
  await shop?.close();
});

const TUS = { "Tus-Resumable": "1.0.0" };

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

async function create(
  length: number,
  fields: Record<string, string> = { filename: "photo.jpg", kind: "main" },
) {
  return shop.request(RESUMABLE_UPLOADS_PATH, {
    method: "POST",
    headers: { ...TUS, "Upload-Length": String(length), "Upload-Metadata": metadata(fields) },
  });
}

function patch(location: string, offset: number, bytes: Uint8Array) {
  return shop.request(location, {
    method: "PATCH",
    headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: new Blob([new Uint8Array(bytes)]),
  });
}

async function offsetOf(location: string): Promise<number> {
  const res = await shop.request(location, { method: "HEAD", headers: TUS });
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

async function uploadRows(): Promise<number> {
  const [row] = await shop.ctx.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
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
    const rowsBefore = await uploadRows();
    const res = await uploadInTwoParts(photo);
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = (await res.json()) as Stored;
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
    expect(stored.url).toMatch(/lightbox-images\/.+-preview\.webp$/);
    expect(stored.originalUrl).toMatch(/lightbox-images\/.+\.jpg$/);
    expect(await uploadRows()).toBe(rowsBefore + 1);

    // The quota counts the bytes stored (the cleaned original), not the bytes sent.
    const [row] = await shop.ctx.database.db.select().from(uploads).where(eq(uploads.id, stored.id));
    const key = shopImageKey(shop.ctx.storage, stored.originalUrl) ?? "";
    const file = await shop.ctx.storage.get(key);
    expect(row?.bytes).toBe(file?.body.byteLength);
    // Nothing is left in the resumable store.
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
  });

  it("refuse what the form refuses, leaving nothing behind", async () => {
    const rowsBefore = await uploadRows();
    const notAnImage = Buffer.from("%PDF-1.7 definitely not a photo ".repeat(40));
    const res = await uploadInTwoParts(notAnImage);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: "unsupported_image",
      message: CREATOR_MESSAGES.upload.unsupportedFormat.description,
    });
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });

    const tooLarge = await create(MAX_UPLOAD_BYTES + 1);
    expect(tooLarge.status).toBe(413);

    const badKind = await create(100, { filename: "x.jpg", kind: "poster" });
    expect(badKind.status).toBe(400);
  });

  it("refuse a new upload past the visitor's quota", async () => {
    const small = await createTestShop({ PRINT_WORKER: "off", UPLOAD_QUOTA_MB: "1" });
    try {
      const res = await small.request(RESUMABLE_UPLOADS_PATH, {
        method: "POST",
        headers: {
          ...TUS,
          "Upload-Length": String(2 * 1024 * 1024),
          "Upload-Metadata": metadata({ kind: "main" }),
        },
      });
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
    expect((await shop.request(location, { method: "DELETE", headers: TUS })).status).toBe(204);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
  });

  it("expire when left unfinished, and the sweep removes them", async () => {
    const created = await create(5000);
    const location = created.headers.get("location") ?? "";
    expect((await patch(location, 0, new Uint8Array(1000))).status).toBe(204);
    expect(await resumableRows()).toEqual({ uploads: 1, chunks: 1 });
    // The shop's own store keeps it for a day; the same sweep with a 1 ms expiry removes it.
    const expiring = new DatabaseUploadStore(shop.ctx.database.db, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expiring.deleteExpired()).toBe(1);
    expect(await resumableRows()).toEqual({ uploads: 0, chunks: 0 });
    const gone = await shop.request(location, { method: "HEAD", headers: TUS });
    expect(gone.status).toBe(404);
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
      await shop.ctx.database.db.update(orders).set({ testMode: false }).where(eq(orders.id, answer.orderId));
      expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);

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
