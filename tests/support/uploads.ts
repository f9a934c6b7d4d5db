/** Photos uploaded through the shop's real upload endpoint, and the uploads the shop keeps. */
import { count } from "drizzle-orm";
import sharp from "sharp";
import { uploads } from "../../src/server/db/schema.js";
import type { TestShop } from "./test-shop.js";

export interface UploadedPhoto {
  id: string;
  url: string;
  originalUrl: string;
}

/** Uploads a plain PNG through the real endpoint, signed in (`cookie`) or as a guest. */
export async function uploadTestPhoto(
  shop: TestShop,
  {
    cookie,
    width = 40,
    height = 30,
    background = "#808080",
    name = "photo.png",
    ip,
  }: {
    cookie?: string | undefined;
    width?: number;
    height?: number;
    background?: string;
    name?: string;
    /** The uploader's address (X-Forwarded-For); none: an in-process request with no client. */
    ip?: string;
  } = {},
): Promise<UploadedPhoto> {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(png)], name, { type: "image/png" }));
  form.set("kind", "main");
  const res = await shop.request("/api/uploads", {
    method: "POST",
    body: form,
    headers: { ...(cookie ? { cookie } : {}), ...(ip ? { "x-forwarded-for": ip } : {}) },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadedPhoto;
}

/** How many uploads the shop has recorded (a refused upload must leave none behind). */
export async function uploadCount(shop: TestShop): Promise<number> {
  const [row] = await shop.ctx.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}
