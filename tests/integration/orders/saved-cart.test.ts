/**
 * The saved cart through the real app: replace in one transaction, server prices, dropped
 * lines, limits, and the old cart surviving a failed write.
 */
import type { CartItem } from "@shared/cart";
import { MAX_CART_ITEMS } from "@shared/cart-limits";
import { mergeCarts } from "@shared/cart-state";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { MESSAGES } from "@shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCartItems } from "../../../src/server/catalogue/pricing.js";
import { cartItems, sessions } from "../../../src/server/db/schema.js";
import { asUser, createUser, type TestUser } from "../../support/accounts.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { type UploadedPhoto, uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;
let alice: TestUser;
/** A lithophane's photos must be the shop's stored uploads (issue 14). */
let photo: UploadedPhoto;

beforeAll(async () => {
  shop = await createTestShop();
  alice = await createUser(shop, { firstName: "Alice" });
  photo = await uploadTestPhoto(shop, { cookie: alice.cookie });
});
afterAll(async () => {
  await shop?.close();
});

let counter = 0;
function lithophane(overrides: Partial<CartItem> = {}): CartItem {
  counter += 1;
  return {
    id: `1732240000000-lith${String(counter).padStart(5, "0")}`,
    imageUrl: photo.url,
    originalImageUrl: photo.originalUrl,
    additionalImages: [],
    size: "tampered size",
    shape: "tampered shape",
    frameStyle: "tampered frame",
    price: 1,
    cropData: { x: 12.5, y: -3, zoom: 1.4, aspectRatio: "1:1" },
    config: {
      kind: "lithophane",
      bundleId: "starter",
      processing: "grayscale",
      shapeId: "square",
      frameColorId: "white",
      sizeId: "7x7",
    },
    ...overrides,
  };
}

function accessory(productId: string, overrides: Partial<CartItem> = {}): CartItem {
  counter += 1;
  return {
    id: `1732240000000-acc${String(counter).padStart(6, "0")}`,
    imageUrl: "",
    originalImageUrl: "",
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: "Something",
    price: 0,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: "accessory", productId },
    ...overrides,
  };
}

async function getCart(user: TestUser) {
  const res = await asUser(shop, user.cookie).get("/api/cart");
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: CartItem[] }).items;
}

async function putCart(user: TestUser, items: unknown) {
  const res = await asUser(shop, user.cookie).put("/api/cart", { items });
  return {
    status: res.status,
    body: (await res.json()) as {
      items: CartItem[];
      dropped: Array<{ id: string; message: string }>;
      message?: string;
    },
  };
}

describe("saved cart", () => {
  it("needs a session", async () => {
    expect((await asUser(shop, undefined).get("/api/cart")).status).toBe(401);
    expect((await asUser(shop, undefined).put("/api/cart", { items: [] })).status).toBe(401);
  });

  it("starts empty, saves with the server's prices and texts, and reads back in order", async () => {
    expect(await getCart(alice)).toEqual([]);
    const lith = lithophane();
    const kit = accessory("wall-mount-kit");
    const [lithPrice, kitPrice] = await priceCartItems(shop.ctx.database.db, [lith.config, kit.config]);
    if (!lithPrice?.ok || !kitPrice?.ok) throw new Error("seed prices missing");

    const saved = await putCart(alice, [lith, kit]);
    expect(saved.status).toBe(200);
    expect(saved.body.dropped).toEqual([]);
    expect(saved.body.items).toEqual([
      {
        ...lith,
        price: lithPrice.unitPricePence,
        size: "7 inch x 7 inch",
        shape: "Essentials Collection",
        frameStyle: lithPrice.description.frameStyle,
      },
      { ...kit, price: 899, frameStyle: kitPrice.description.frameStyle },
    ]);
    expect(saved.body.items[0]!.price).toBeGreaterThan(1);
    expect(await getCart(alice)).toEqual(saved.body.items);

    const rows = await shop.ctx.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, alice.userId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.itemId === lith.id)).toMatchObject({
      frameColor: lithPrice.description.frameStyle,
      cropX: 12.5,
      cropScale: 1.4,
    });
  });

  it("replaces the whole cart on every save, and an empty list clears it", async () => {
    const one = lithophane();
    await putCart(alice, [lithophane(), lithophane(), one]);
    expect((await putCart(alice, [one])).status).toBe(200);
    expect((await getCart(alice)).map((i) => i.id)).toEqual([one.id]);
    expect((await putCart(alice, [])).body).toEqual({ items: [], dropped: [] });
    expect(await getCart(alice)).toEqual([]);
  });

  it("writes nothing when a save repeats the stored cart, and rewrites on any change, a crop's too", async () => {
    const lith = lithophane({ cropData: { x: 0.1, y: 1 / 3, zoom: 1.2345678, aspectRatio: "1:1" } });
    const kit = accessory("wall-mount-kit");
    await putCart(alice, [lith, kit]);
    const rowIds = async () =>
      (
        await shop.ctx.database.db
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(eq(cartItems.userId, alice.userId))
          .orderBy(cartItems.position)
      ).map((row) => row.id);
    const first = await rowIds();
    // The same cart again (as the client sends it after each change and on sign-in): the rows stay.
    expect((await putCart(alice, [lith, kit])).status).toBe(200);
    expect(await rowIds()).toEqual(first);
    // A crop moved by less than a pixel is still a change, and the order is part of the cart.
    await putCart(alice, [{ ...lith, cropData: { ...lith.cropData!, x: 0.11 } }, kit]);
    const moved = await rowIds();
    expect(moved).not.toEqual(first);
    await putCart(alice, [kit, { ...lith, cropData: { ...lith.cropData!, x: 0.11 } }]);
    expect(await rowIds()).not.toEqual(moved);
    expect((await getCart(alice)).map((i) => i.id)).toEqual([kit.id, lith.id]);
  });

  it("concurrent saves of one customer's cart end with exactly one of them, never a mix", async () => {
    // Two tabs saving at once: each save must replace the cart whole, not add to the other's.
    const carts = Array.from({ length: 8 }, () => [lithophane(), accessory("wall-mount-kit")]);
    const results = await Promise.all(carts.map((cart) => putCart(alice, cart)));
    expect(results.map((r) => r.status)).toEqual(carts.map(() => 200));
    const saved = (await getCart(alice)).map((i) => i.id);
    expect(carts.map((cart) => cart.map((i) => i.id))).toContainEqual(saved);
  });

  it("drops lines the shop does not sell and says why; the rest is saved", async () => {
    const good = accessory("microfibre-care-kit");
    const comingSoon = accessory("oak-desk-stand");
    const unknown = accessory("no-such-product");
    const comingSoonSize = lithophane({
      config: {
        kind: "lithophane",
        bundleId: "starter",
        processing: "grayscale",
        shapeId: "square",
        frameColorId: "white",
        sizeId: "9x9",
      },
    });
    const { status, body } = await putCart(alice, [good, comingSoon, unknown, comingSoonSize]);
    expect(status).toBe(200);
    expect(body.items.map((i) => i.id)).toEqual([good.id]);
    expect(body.dropped).toEqual([
      { id: comingSoon.id, message: MESSAGES.products.comingSoon.description },
      { id: unknown.id, message: CREATOR_MESSAGES.pricing.itemUnknown },
      { id: comingSoonSize.id, message: CREATOR_MESSAGES.pricing.lithophaneUnavailable },
    ]);
    expect((await getCart(alice)).map((i) => i.id)).toEqual([good.id]);
  });

  it("keeps one line per item id", async () => {
    const item = accessory("wall-mount-kit");
    const { body } = await putCart(alice, [item, { ...item, price: 5 }]);
    expect(body.items).toHaveLength(1);
  });

  it("refuses invalid carts and more than 50 lines, leaving the saved cart as it was", async () => {
    const keep = accessory("wall-mount-kit");
    await putCart(alice, [keep]);
    const tooMany = Array.from({ length: MAX_CART_ITEMS + 1 }, () => accessory("wall-mount-kit"));
    expect((await putCart(alice, tooMany)).status).toBe(400);
    const { config: _config, ...withoutConfig } = accessory("wall-mount-kit");
    expect((await putCart(alice, [withoutConfig])).status).toBe(400);
    expect((await putCart(alice, [accessory("wall-mount-kit", { price: -1 })])).status).toBe(400);
    expect((await putCart(alice, "not a list")).status).toBe(400);
    expect((await getCart(alice)).map((i) => i.id)).toEqual([keep.id]);

    const fifty = Array.from({ length: MAX_CART_ITEMS }, () => accessory("wall-mount-kit"));
    const full = await putCart(alice, fifty);
    expect(full.status).toBe(200);
    expect(full.body.items).toHaveLength(MAX_CART_ITEMS);
  });

  it("never leaves an empty saved cart when a write fails half-way", async () => {
    const db = shop.ctx.database.db;
    const before = [accessory("wall-mount-kit"), lithophane()];
    await putCart(alice, before);
    const savedBefore = await getCart(alice);
    expect(savedBefore).toHaveLength(2);

    // Make the database refuse one row: the delete already ran inside the transaction.
    await db.execute(
      sql.raw(`create or replace function test_refuse_cart_row() returns trigger language plpgsql as $$
        begin
          if new.crop_x = 99.5 then raise exception 'refused by test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(
        "create trigger test_refuse_cart_row before insert on cart_items for each row execute function test_refuse_cart_row()",
      ),
    );
    try {
      const explode = { x: 99.5, y: 0, zoom: 1, aspectRatio: "1:1" };
      const res = await putCart(alice, [lithophane(), lithophane({ cropData: explode })]);
      expect(res.status).toBe(500);
      expect(await getCart(alice)).toEqual(savedBefore);
    } finally {
      await db.execute(sql.raw("drop trigger test_refuse_cart_row on cart_items"));
      await db.execute(sql.raw("drop function test_refuse_cart_row()"));
    }
  });

  it("supports the sign-in merge: saved entries win, then the result is written back", async () => {
    const bob = await createUser(shop);
    const savedItem = lithophane();
    const { body: saved } = await putCart(bob, [savedItem]);
    // The guest cart holds the same lithophane (same image, size, shape, frame) and an accessory.
    const local = [{ ...saved.items[0]!, id: "1732249999999-localcopy" }, accessory("remote-dimmer")];
    const merged = mergeCarts(local, await getCart(bob));
    expect(merged.outcome).toBe("synced");
    const { body } = await putCart(bob, merged.items);
    expect(body.items.map((i) => i.id)).toEqual([savedItem.id, local[1]!.id]);
    // Alice's cart is hers alone.
    expect((await getCart(alice)).some((i) => i.id === savedItem.id)).toBe(false);
  });
});

describe("who is asking, on the cart and elsewhere", () => {
  /** The Cookie header without Better Auth's session_data cookie (the cache). */
  function tokenOnly(cookie: string): string {
    return cookie
      .split(/;\s*/)
      .filter((pair) => !pair.includes("session_data="))
      .join("; ");
  }

  it("reads a cookie-less cache from the database and hands the browser a session_data cookie", async () => {
    const carol = await createUser(shop);
    const res = await shop.request("/api/cart", { headers: { cookie: tokenOnly(carol.cookie) } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes("session_data="))).toBe(true);
  });

  it("a revoked session: refused at once everywhere but the cart, which trusts its signed cache briefly", async () => {
    const dave = await createUser(shop);
    expect((await asUser(shop, dave.cookie).get("/api/cart")).status).toBe(200);
    await shop.ctx.database.db.delete(sessions).where(eq(sessions.userId, dave.userId));

    // Fresh lookups: the account, the web app's get-session, the cart without its cache cookie.
    expect((await asUser(shop, dave.cookie).get("/api/me")).status).toBe(401);
    const session = await shop.request("/api/auth/get-session", { headers: { cookie: dave.cookie } });
    expect(await session.json()).toBeNull();
    expect((await shop.request("/api/cart", { headers: { cookie: tokenOnly(dave.cookie) } })).status).toBe(
      401,
    );
    // The documented trade-off (SESSION_COOKIE_CACHE_SECONDS): the cart alone still answers
    // while the signed session_data cookie is young; it holds nothing but the caller's cart.
    expect((await asUser(shop, dave.cookie).get("/api/cart")).status).toBe(200);
  });
});
