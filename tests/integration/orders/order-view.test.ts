/**
 * Issue 20 item 7: one order after payment (GET /api/orders/:id) and "Order again"
 * (POST /api/orders/:id/reorder), through the real app and database.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, uploads } from "../../../src/server/db/schema";
import type { CartItem } from "../../../src/shared/cart";
import type { OrderView } from "../../../src/shared/order-view";
import { asUser, createUser } from "../../support/accounts";
import { checkout, lithophaneItem, shippingInfo, storeFixturePhotos } from "../../support/checkout";
import { createTestShop, type TestShop } from "../../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  await storeFixturePhotos(shop);
});
afterAll(() => shop.close());

const crops = [null, { x: 10, y: 20, width: 800, height: 800 }];

function giftLine(): CartItem {
  const item = lithophaneItem("gift", { price: 9315 });
  if (item.config.kind !== "lithophane") throw new Error("not a lithophane");
  return {
    ...item,
    frameStyle: "White · 3 × Square",
    config: { ...item.config, additionalCropPixels: crops },
  };
}

describe("GET /api/orders/:id", () => {
  it("shows the panels, address and delivery window to the token's holder, and nobody else", async () => {
    const line = giftLine();
    const answer = await checkout(shop, {
      cartItems: [line],
      shippingInfo: shippingInfo({ firstName: "Nuala" }),
    });
    const res = await shop.request(`/api/orders/${answer.orderId}?token=${answer.token}`);
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as { order: OrderView };
    expect(order.displayNumber).toBe(answer.displayNumber);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]?.summary).toBe(
      "Keepsake Collection · Greyscale · 3 panels · Square 7″ x 7″ · White frame",
    );
    expect(order.lines[0]?.photos.map((p) => p.src)).toEqual([line.imageUrl, ...line.additionalImages]);
    expect(order.deliveryName).toBe("Nuala Byrne");
    expect(order.addressLines).toEqual([
      "12 Linen Hall Street",
      "Belfast, County Antrim",
      "BT1 4AA",
      "United Kingdom",
    ]);
    expect(order.deliveryWindow?.earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.trackingHref).toBeNull();

    for (const path of [
      `/api/orders/${answer.orderId}`,
      `/api/orders/${answer.orderId}?token=wrong`,
      `/api/orders/${crypto.randomUUID()}?token=${answer.token}`,
      "/api/orders/not-a-uuid",
    ]) {
      expect((await shop.request(path)).status, path).toBe(404);
    }
  });

  it("shows the tracking number and link once dispatched", async () => {
    const answer = await checkout(shop, { cartItems: [giftLine()] });
    await shop.ctx.database.db
      .update(orders)
      .set({ status: "dispatched", trackingNumber: "RM123456789GB" })
      .where(eq(orders.id, answer.orderId));
    const { order } = (await (
      await shop.request(`/api/orders/${answer.orderId}?token=${answer.token}`)
    ).json()) as { order: OrderView };
    expect(order.trackingNumber).toBe("RM123456789GB");
    expect(order.trackingHref).toBe(`/track?order=${answer.displayNumber}`);
  });
});

describe("POST /api/orders/:id/reorder", () => {
  it("rebuilds the order's lines as the cart had them, with new ids", async () => {
    const line = giftLine();
    const answer = await checkout(shop, { cartItems: [line] });
    const res = await shop.request(`/api/orders/${answer.orderId}/reorder?token=${answer.token}`, {
      method: "POST",
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { items: CartItem[]; refused: unknown[] };
    expect(result.refused).toEqual([]);
    expect(result.items).toHaveLength(1);
    const { id, ...rest } = result.items[0] as CartItem;
    const { id: oldId, ...expected } = line;
    expect(id).not.toBe(oldId);
    expect(rest).toEqual(expected);
    // The rebuilt line checks out again as it is.
    await checkout(shop, { cartItems: result.items });
  });

  it("refuses a line whose photo is gone, and one whose photo is another account's", async () => {
    const answer = await checkout(shop, { cartItems: [giftLine()] });
    const db = shop.ctx.database.db;
    const owner = await createUser(shop);
    const key = "lightbox-images/1700000000000-additional-1-photo-preview.webp";
    await db.update(uploads).set({ userId: owner.userId }).where(eq(uploads.previewKey, key));
    try {
      const res = await shop.request(`/api/orders/${answer.orderId}/reorder?token=${answer.token}`, {
        method: "POST",
      });
      const result = (await res.json()) as { items: CartItem[]; refused: Array<{ message: string }> };
      expect(result.items).toEqual([]);
      expect(result.refused[0]?.message).toContain("belongs to another account");
    } finally {
      await db.update(uploads).set({ userId: null }).where(eq(uploads.previewKey, key));
    }

    const [removed] = await db.delete(uploads).where(eq(uploads.previewKey, key)).returning();
    try {
      const res = await shop.request(`/api/orders/${answer.orderId}/reorder?token=${answer.token}`, {
        method: "POST",
      });
      const result = (await res.json()) as { items: CartItem[]; refused: Array<{ message: string }> };
      expect(result.items).toEqual([]);
      expect(result.refused[0]?.message).toContain("no longer stored");
    } finally {
      if (removed) await db.insert(uploads).values(removed);
    }
  });

  it("lets the signed-in owner reorder without a token, and nobody else", async () => {
    const owner = await createUser(shop);
    const cookie = owner.cookie;
    const answer = await checkout(shop, { cartItems: [giftLine()] }, { cookie });
    const asOwner = asUser(shop, cookie);
    expect((await asOwner.get(`/api/orders/${answer.orderId}`)).status).toBe(200);
    expect((await asOwner.post(`/api/orders/${answer.orderId}/reorder`)).status).toBe(200);
    const stranger = await createUser(shop);
    const asStranger = asUser(shop, stranger.cookie);
    expect((await asStranger.get(`/api/orders/${answer.orderId}`)).status).toBe(404);
    expect((await asStranger.post(`/api/orders/${answer.orderId}/reorder`)).status).toBe(404);
  });
});
