/**
 * The checkout client the bench (bench/checkout.ts) and the three-server test
 * (tests/multi-server) share: the customer's photo uploaded first (checkout takes only the
 * shop's own uploads), a lithophane cart line on it, two accessories, and the checkout request
 * with a Belfast address. Client prices are placeholders: the server prices every line.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { CartItem } from "../src/shared/cart";

export const ADAPTER = {
  id: "usb-c-power-adapter",
  name: "USB-C Power Adapter",
  pricePence: 999,
  imageUrl: null,
};
export const DIMMER = {
  id: "remote-dimmer",
  name: "Remote Control Dimmer",
  pricePence: 1499,
  imageUrl: null,
};

export interface UploadedPhoto {
  url: string;
  originalUrl: string;
}

/** Uploads a 1600 px JPEG as a main photo; throws unless the shop answers 201. */
export async function uploadCheckoutPhoto(
  base: string,
  headers: Record<string, string> = { origin: base },
): Promise<UploadedPhoto> {
  const jpeg = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: "#8a7f70" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(jpeg)], "family.jpg", { type: "image/jpeg" }));
  form.set("kind", "main");
  const res = await fetch(`${base}/api/uploads`, { method: "POST", body: form, headers });
  const body = (await res.json()) as UploadedPhoto;
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A 7×7 square Starter lithophane on `photo` (£54.50 at the seeded prices). */
export function lithophaneCartItem(photo: UploadedPhoto): CartItem {
  return {
    id: `${Date.now()}-${randomBytes(5).toString("hex")}`,
    imageUrl: photo.url,
    originalImageUrl: photo.originalUrl,
    additionalImages: [],
    size: "7 inch x 7 inch",
    shape: "Essentials Collection",
    frameStyle: "White · 1 × Square",
    price: 1,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: {
      kind: "lithophane",
      bundleId: "starter",
      processing: "grayscale",
      shapeId: "square",
      frameColorId: "white",
      sizeId: "7x7",
    },
  };
}

/** POST /api/checkout's body: standard shipping in GBP to a Belfast address. */
export function checkoutRequest(
  customer: { firstName: string; lastName: string; email: string },
  items: CartItem[],
) {
  return {
    cartItems: items,
    shippingInfo: {
      ...customer,
      addressLine1: "1 Donegall Square",
      city: "Belfast",
      state: "County Antrim",
      postalCode: "BT1 5GS",
      country: "United Kingdom",
    },
    currency: "GBP",
    shippingMethod: "standard",
  };
}
