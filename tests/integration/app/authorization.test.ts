/**
 * Authorization: every account, profile, MFA, cart, order and export endpoint called as
 * another signed-in customer and anonymously. Neither may read or change anything of the
 * owner's: they get 401/403/400/409 or only their own data.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, profiles, twoFactors, users } from "../../../src/server/db/schema.js";
import { asUser, authPost, createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { insertOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let owner: TestUser;
let intruder: TestUser;
const ownerOrders: string[] = [];
const OWNER_PHONE = "07700900999";
/** As stored: the number after +44, its trunk 0 dropped. */
const STORED_OWNER_PHONE = "7700900999";
const OWNER_STREET = "7 Owner Street";

const cartLine = (id: string, imageUrl: string) => ({
  id,
  imageUrl,
  originalImageUrl: imageUrl,
  additionalImages: [],
  size: "x",
  shape: "x",
  frameStyle: "x",
  price: 1,
  config: { kind: "accessory", productId: "wall-mount-kit" },
});

beforeAll(async () => {
  shop = await createTestShop();
  owner = await createUser(shop, {
    email: uniqueEmail("owner"),
    password: "the owner alone knows 7",
    mfa: true,
    firstName: "Owner",
  });
  intruder = await createUser(shop, { email: uniqueEmail("intruder"), firstName: "Intruder" });
  const o = asUser(shop, owner.cookie);
  expect((await o.put("/api/profile", { phone: OWNER_PHONE, addressLine1: OWNER_STREET })).status).toBe(200);
  expect(
    (await o.put("/api/cart", { items: [cartLine("1732240000000-ownerline", "/media/owner.png")] })).status,
  ).toBe(200);
  ownerOrders.push(await insertOrder(shop, { userId: owner.userId, email: owner.email }));
  ownerOrders.push(await insertOrder(shop, { userId: null, email: owner.email }));
});
afterAll(async () => {
  await shop?.close();
});

/** Fails if the answer mentions anything that belongs to the owner. */
function expectNothingOfOwner(text: string) {
  for (const secret of [
    owner.userId,
    owner.email,
    STORED_OWNER_PHONE,
    OWNER_STREET,
    "/media/owner.png",
    ...ownerOrders,
  ]) {
    expect(text).not.toContain(secret);
  }
}

async function ownerIsIntact() {
  const db = shop.ctx.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, owner.userId));
  expect(user).toMatchObject({ email: owner.email, twoFactorEnabled: true, role: "user" });
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, owner.userId));
  expect(profile).toMatchObject({
    phone: STORED_OWNER_PHONE,
    addressLine1: OWNER_STREET,
    mfaSetupSkipped: false,
  });
  expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, owner.userId))).toHaveLength(1);
  const cart = await db.select().from(cartItems).where(eq(cartItems.userId, owner.userId));
  expect(cart.map((r) => r.itemId)).toEqual(["1732240000000-ownerline"]);
}

const ownerPassword = () => owner.password;

/** Every endpoint of the account area, with a body where it takes one. */
const ENDPOINTS: Array<{ method: "get" | "post" | "put" | "delete"; path: string; body?: () => unknown }> = [
  { method: "get", path: "/api/me" },
  { method: "get", path: `/api/me?userId=OWNER` },
  { method: "get", path: "/api/profile" },
  { method: "put", path: "/api/profile", body: () => ({ phone: "02890000000", addressLine1: "Elsewhere" }) },
  { method: "get", path: "/api/mfa/factors" },
  { method: "post", path: "/api/mfa/skip" },
  { method: "post", path: "/api/mfa/completed" },
  { method: "post", path: "/api/mfa/reset", body: () => ({ password: ownerPassword() }) },
  { method: "get", path: "/api/account/export" },
  { method: "delete", path: "/api/account", body: () => ({ confirm: "DELETE", password: ownerPassword() }) },
  { method: "get", path: "/api/cart" },
  { method: "get", path: `/api/cart?userId=OWNER` },
  {
    method: "put",
    path: "/api/cart",
    body: () => ({ items: [cartLine("1732240000000-intruder", "/media/intruder.png")] }),
  },
  { method: "get", path: "/api/orders" },
  { method: "get", path: `/api/orders?userId=OWNER&email=OWNER_EMAIL` },
  {
    method: "post",
    path: "/api/address/lookup",
    body: () => ({ postcode: "BT1 1AA", country: "United Kingdom" }),
  },
];

function resolve(p: string) {
  return p.replace("OWNER_EMAIL", encodeURIComponent(owner.email)).replace("OWNER", owner.userId);
}

describe("anonymous callers", () => {
  it("get 401 from every account endpoint and change nothing", async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await asUser(shop, undefined)[endpoint.method](resolve(endpoint.path), endpoint.body?.());
      expect({ endpoint: endpoint.path, status: res.status }).toEqual({
        endpoint: endpoint.path,
        status: 401,
      });
      expectNothingOfOwner(await res.text());
    }
    await ownerIsIntact();
  });

  it("cannot switch off the owner's two-factor authentication through Better Auth", async () => {
    const res = await authPost(shop, "/two-factor/disable", { password: owner.password });
    expect(res.status).toBe(401);
    await ownerIsIntact();
  });
});

describe("another signed-in customer", () => {
  it("sees only their own data and cannot change the owner's", async () => {
    const statuses: Record<string, number> = {};
    for (const endpoint of ENDPOINTS) {
      const res = await asUser(shop, intruder.cookie)[endpoint.method](
        resolve(endpoint.path),
        endpoint.body?.(),
      );
      statuses[`${endpoint.method} ${endpoint.path}`] = res.status;
      expect(res.status).not.toBe(500);
      expectNothingOfOwner(await res.text());
    }
    expect(statuses).toMatchObject({
      "get /api/me": 200,
      "get /api/profile": 200,
      "put /api/profile": 200,
      "get /api/mfa/factors": 200,
      "post /api/mfa/completed": 409,
      // The owner's password is not the intruder's.
      "post /api/mfa/reset": 400,
      "delete /api/account": 400,
      "get /api/cart": 200,
      "put /api/cart": 200,
      "get /api/orders": 200,
      "post /api/address/lookup": 503,
    });
    await ownerIsIntact();

    // What the intruder did landed on their own rows.
    const i = asUser(shop, intruder.cookie);
    expect(((await (await i.get("/api/me")).json()) as { user: { id: string } }).user.id).toBe(
      intruder.userId,
    );
    expect(((await (await i.get("/api/orders")).json()) as { orders: unknown[] }).orders).toEqual([]);
    const cart = (await (await i.get("/api/cart")).json()) as { items: Array<{ id: string }> };
    expect(cart.items.map((x) => x.id)).toEqual(["1732240000000-intruder"]);
    const profile = (await (await i.get("/api/profile")).json()) as { profile: { addressLine1: string } };
    expect(profile.profile.addressLine1).toBe("Elsewhere");
  });

  it("cannot use Better Auth to disable the owner's MFA or change the owner's password", async () => {
    const disable = await authPost(
      shop,
      "/two-factor/disable",
      { password: owner.password },
      { cookie: intruder.cookie },
    );
    expect(disable.status).toBe(400);
    const change = await authPost(
      shop,
      "/change-password",
      { currentPassword: owner.password, newPassword: "taken over 1" },
      { cookie: intruder.cookie },
    );
    expect(change.status).toBe(400);
    await ownerIsIntact();
  });

  it("the owner still sees all of their own data", async () => {
    const o = asUser(shop, owner.cookie);
    const orders = (await (await o.get("/api/orders")).json()) as { orders: Array<{ id: string }> };
    expect(orders.orders.map((x) => x.id).sort()).toEqual([...ownerOrders].sort());
    const exported = await (await o.get("/api/account/export")).text();
    for (const id of ownerOrders) expect(exported).toContain(id);
    expect(exported).toContain(STORED_OWNER_PHONE);
  });
});

describe("the admin CLI's internal endpoint", () => {
  it("refuses in-process and forwarded requests even with the right token", async () => {
    const { token } = JSON.parse(readFileSync(path.join(shop.dataDir, "admin-token"), "utf8")) as {
      token: string;
    };
    const attempts: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${token}`, "x-forwarded-for": "127.0.0.1" },
      { authorization: "Bearer wrong" },
      {},
    ];
    for (const headers of attempts) {
      const res = await shop.request("/api/internal/roles", {
        method: "POST",
        json: { action: "grant", email: intruder.email },
        headers: { ...headers, cookie: intruder.cookie },
      });
      expect(res.status).toBe(403);
    }
    const [row] = await shop.ctx.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, intruder.userId));
    expect(row?.role).toBe("user");
  });
});
