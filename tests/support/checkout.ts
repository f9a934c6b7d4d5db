/**
 * Cart lines, shipping details and calls for the checkout suites.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { uploads } from "../../src/server/db/schema.js";
import type { CartItem } from "../../src/shared/cart.js";
import type { ShippingInfoInput } from "../../src/shared/schemas.js";
import type { TestShop } from "./test-shop.js";

/** Seeded accessories and their catalogue prices (pence). */
export const ACCESSORIES = {
  adapter: { id: "usb-c-power-adapter", name: "USB-C Power Adapter", price: 999 },
  dimmer: { id: "remote-dimmer", name: "Remote Control Dimmer", price: 1499 },
  wallMount: { id: "wall-mount-kit", name: "Wall Mounting Kit", price: 899 },
  /** status coming_soon in the seed. */
  oakStand: { id: "oak-desk-stand", name: "Solid Oak Desk Stand", price: 2499 },
} as const;

function itemId(): string {
  return `${Date.now()}-${randomBytes(5).toString("hex")}`;
}

/** An accessory line as the shop's Add to Cart builds it; `price` is what the client claims. */
export function accessoryItem(
  product: { id: string; name: string; price: number },
  price = product.price,
): CartItem {
  return {
    id: itemId(),
    imageUrl: "",
    originalImageUrl: "",
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: product.name,
    price,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId: product.id },
  };
}

export const FIXTURE_PREFIX = "lightbox-images/1700000000000";

/**
 * Records the photos lithophaneItem names as the shop's own uploads (1600 x 1600 originals),
 * so checkout and the saved cart accept its lines (issue 14: a lithophane's photos must be
 * stored uploads). Call once per shop before checking out a lithophaneItem; repeats are harmless.
 */
export async function storeFixturePhotos(shop: TestShop): Promise<void> {
  const rows = [
    { originalKey: `${FIXTURE_PREFIX}-photo.jpg`, previewKey: `${FIXTURE_PREFIX}-photo-preview.webp` },
    ...Array.from({ length: 4 }, (_, i) => ({
      originalKey: `${FIXTURE_PREFIX}-additional-${i}-photo.jpg`,
      previewKey: `${FIXTURE_PREFIX}-additional-${i}-photo-preview.webp`,
    })),
  ];
  await shop.ctx.database.db
    .insert(uploads)
    .values(rows.map((row) => ({ ...row, userId: null, width: 1600, height: 1600, bytes: 1 })))
    .onConflictDoNothing();
}

/** A lamp line of `photos` fixture photos (issue 48): the price is the server's, from the lamp_size option. */
export function lampItem(photos: number, sizeId: "small" | "medium" | "large" = "medium"): CartItem {
  return {
    id: randomUUID(),
    imageUrl: `/api/media/${FIXTURE_PREFIX}-photo-preview.webp`,
    originalImageUrl: `/api/media/${FIXTURE_PREFIX}-photo.jpg`,
    additionalImages: Array.from(
      { length: photos - 1 },
      (_, i) => `/api/media/${FIXTURE_PREFIX}-additional-${i}-photo-preview.webp`,
    ),
    size: "Medium (100 x 150 mm)",
    shape: "Lithophane lamp",
    frameStyle: `${photos} photos around`,
    price: 1,
    config: { kind: "lamp", sizeId },
  };
}

/** A creator line (square 7x7, white frame, greyscale) for a bundle; catalogue: starter 5450, gift 9315, family 12963. */
export function lithophaneItem(
  bundleId: "starter" | "gift" | "family" = "starter",
  overrides: { sizeId?: string; shapeId?: string; frameColorId?: string; price?: number } = {},
): CartItem {
  const names = {
    starter: "Essentials Collection",
    gift: "Keepsake Collection",
    family: "Everlasting Collection",
  };
  const extra = { starter: 0, gift: 2, family: 4 }[bundleId];
  return {
    id: itemId(),
    imageUrl: `/api/media/${FIXTURE_PREFIX}-photo-preview.webp`,
    originalImageUrl: `/api/media/${FIXTURE_PREFIX}-photo.jpg`,
    additionalImages: Array.from(
      { length: extra },
      (_, i) => `/api/media/${FIXTURE_PREFIX}-additional-${i}-photo-preview.webp`,
    ),
    size: "7 inch x 7 inch",
    shape: names[bundleId],
    frameStyle: "White · 1 × Square",
    price: overrides.price ?? 1,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: {
      kind: "lithophane",
      bundleId,
      processing: "grayscale",
      shapeId: overrides.shapeId ?? "square",
      frameColorId: overrides.frameColorId ?? "white",
      sizeId: overrides.sizeId ?? "7x7",
    },
  };
}

export function shippingInfo(overrides: Partial<ShippingInfoInput> = {}): ShippingInfoInput {
  return {
    firstName: "Aoife",
    lastName: "Byrne",
    email: `aoife-${randomBytes(4).toString("hex")}@example.com`,
    phone: "07700 900123",
    addressLine1: "12 Linen Hall Street",
    addressLine2: "",
    city: "Belfast",
    state: "County Antrim",
    postalCode: "bt1 4aa",
    country: "United Kingdom",
    ...overrides,
  };
}

export interface CheckoutBody {
  cartItems: unknown[];
  shippingInfo: unknown;
  currency?: string;
  shippingMethod?: string;
  discountCode?: string;
  gift?: unknown;
  billingAddress?: unknown;
}

export interface CheckoutAnswer {
  orderId: string;
  displayNumber: string;
  url: string;
  orderTotal: number;
  itemCount: number;
  token: string;
  testMode: boolean;
}

export function postCheckout(
  shop: TestShop,
  body: CheckoutBody,
  opts: { cookie?: string; ip?: string } = {},
): Promise<Response> {
  return shop.request("/api/checkout", {
    method: "POST",
    json: { currency: "GBP", ...body },
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}),
    },
  });
}

/** A checkout that must succeed; returns its answer. */
export async function checkout(
  shop: TestShop,
  body: Partial<CheckoutBody> = {},
  opts: { cookie?: string; ip?: string } = {},
): Promise<CheckoutAnswer> {
  const res = await postCheckout(
    shop,
    {
      cartItems: body.cartItems ?? [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: body.shippingInfo ?? shippingInfo(),
      ...body,
    },
    opts,
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CheckoutAnswer;
}

/** The path and query of the test payment page for an order (from the checkout's url). */
export function testPagePath(answer: Pick<CheckoutAnswer, "url">): string {
  const url = new URL(answer.url);
  return `${url.pathname}${url.search}`;
}

/** Presses Pay (or Cancel) on the built-in test payment page. */
export function pressTestButton(
  shop: TestShop,
  answer: Pick<CheckoutAnswer, "url">,
  action: "pay" | "cancel",
): Promise<Response> {
  const url = new URL(answer.url);
  return shop.request(`${url.pathname}/${action}${url.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
}
