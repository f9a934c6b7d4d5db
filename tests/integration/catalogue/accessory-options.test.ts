/**
 * Accessories made to order (issue 30 item 14) through the real app: the Frame Colour Swap Kit
 * needs a frame colour and a size the shop sells, Photo Restoration a photo that is one of the
 * shop's uploads and not another customer's. Checkout and the saved cart refuse a line without
 * them, naming it; an accepted line keeps its choices on the order line and every surface says them.
 */
import { ACCESSORY_CHOICE_TEXTS as T } from "@shared/accessory-choices";
import type { CartItem } from "@shared/cart";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems } from "../../../src/server/db/schema.js";
import { asUser, createUser, type TestUser } from "../../support/accounts.js";
import { accessoryItem, checkout, postCheckout, shippingInfo } from "../../support/checkout.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { type UploadedPhoto, uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;
let alice: TestUser;
let bob: TestUser;
let alicePhoto: UploadedPhoto;
let bobPhoto: UploadedPhoto;

const KIT = { id: "frame-colour-swap", name: "Frame Colour Swap Kit", price: 1999 };
const RESTORATION = { id: "photo-restoration", name: "Photo Restoration Service", price: 1499 };

beforeAll(async () => {
  shop = await createTestShop();
  alice = await createUser(shop, { firstName: "Alice" });
  bob = await createUser(shop, { firstName: "Bob" });
  alicePhoto = await uploadTestPhoto(shop, { cookie: alice.cookie });
  bobPhoto = await uploadTestPhoto(shop, { cookie: bob.cookie, background: "#404040" });
});
afterAll(async () => {
  await shop?.close();
});

function kit(choices: Record<string, string> = {}): CartItem {
  const line = accessoryItem(KIT);
  return { ...line, config: { kind: "accessory", productId: KIT.id, ...choices } };
}

function restoration(photo: UploadedPhoto | null): CartItem {
  const line = accessoryItem(RESTORATION);
  return {
    ...line,
    config: {
      kind: "accessory",
      productId: RESTORATION.id,
      ...(photo ? { photoUrl: photo.url, photoOriginalUrl: photo.originalUrl } : {}),
    },
  };
}

async function refusal(res: Response): Promise<string> {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { message: string };
  return body.message;
}

describe("checkout of accessories made to order", () => {
  it("refuses a swap kit without a colour, without a size, or with ones the shop does not sell", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, T.missing.frameColour],
      [{ frameColorId: "black" }, T.missing.size],
      [{ frameColorId: "pink", sizeId: "7x7" }, T.unknown.frameColour],
      [{ frameColorId: "black", sizeId: "99x99" }, T.unknown.size],
    ];
    for (const [choices, message] of cases) {
      const res = await postCheckout(shop, { cartItems: [kit(choices)], shippingInfo: shippingInfo() });
      const text = await refusal(res);
      expect(text).toContain(KIT.name);
      expect(text).toContain(message);
    }
  });

  it("refuses Photo Restoration without a photo, with another customer's, or with one not stored", async () => {
    const none = await postCheckout(
      shop,
      { cartItems: [restoration(null)], shippingInfo: shippingInfo() },
      {
        cookie: alice.cookie,
      },
    );
    expect(await refusal(none)).toContain(T.missing.photo);
    const bobs = await postCheckout(
      shop,
      { cartItems: [restoration(bobPhoto)], shippingInfo: shippingInfo() },
      {
        cookie: alice.cookie,
      },
    );
    expect(await refusal(bobs)).toContain(T.unknown.photo);
    // A signed-in customer's photo is not a guest's either.
    const asGuest = await postCheckout(shop, {
      cartItems: [restoration(bobPhoto)],
      shippingInfo: shippingInfo(),
    });
    expect(await refusal(asGuest)).toContain(T.unknown.photo);
    const elsewhere = restoration(null);
    const forged = {
      ...elsewhere,
      config: {
        ...elsewhere.config,
        photoUrl: "https://evil.example/a.jpg",
        photoOriginalUrl: "https://evil.example/a.jpg",
      },
    };
    const foreign = await postCheckout(
      shop,
      { cartItems: [forged], shippingInfo: shippingInfo() },
      {
        cookie: alice.cookie,
      },
    );
    expect(await refusal(foreign)).toContain(T.unknown.photo);
  });

  it("refuses choices on a ready-made accessory", async () => {
    const cable = accessoryItem({ id: "usb-c-power-adapter", name: "USB-C Power Adapter", price: 999 });
    const res = await postCheckout(shop, {
      cartItems: [
        { ...cable, config: { kind: "accessory", productId: "usb-c-power-adapter", sizeId: "7x7" } },
      ],
      shippingInfo: shippingInfo(),
    });
    expect(await refusal(res)).toContain(T.unknown.size);
  });

  it("keeps the choices on the order line and describes them, at the catalogue's price", async () => {
    const answer = await checkout(
      shop,
      { cartItems: [kit({ frameColorId: "black", sizeId: "6x8" }), restoration(alicePhoto)] },
      { cookie: alice.cookie },
    );
    expect(answer.orderTotal).toBeGreaterThanOrEqual(KIT.price + RESTORATION.price);
    const lines = await shop.ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, answer.orderId))
      .orderBy(orderItems.position);
    expect(lines.map((l) => l.price)).toEqual([KIT.price, RESTORATION.price]);
    expect(lines[0]?.config).toMatchObject({ productId: KIT.id, frameColorId: "black", sizeId: "6x8" });
    expect(lines[1]?.config).toMatchObject({ photoOriginalUrl: alicePhoto.originalUrl });
  });
});

describe("the saved cart", () => {
  it("refuses a swap kit without its choices and another customer's photo; keeps good ones", async () => {
    const api = asUser(shop, alice.cookie);
    const bad = await api.put("/api/cart", { items: [kit({ frameColorId: "black" })] });
    expect(await refusal(bad)).toContain(T.missing.size);
    const stolen = await api.put("/api/cart", { items: [restoration(bobPhoto)] });
    expect(await refusal(stolen)).toContain(T.unknown.photo);
    const good = await api.put("/api/cart", {
      items: [kit({ frameColorId: "gold", sizeId: "7x7" }), kit({ frameColorId: "black", sizeId: "7x7" })],
    });
    expect(good.status).toBe(200);
    const saved = (await good.json()) as { items: CartItem[] };
    // Two colours are two lines, each with its own choice.
    expect(saved.items.map((i) => (i.config.kind === "accessory" ? i.config.frameColorId : null))).toEqual([
      "gold",
      "black",
    ]);
  });
});
