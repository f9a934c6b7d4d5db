/**
 * What the admin area changes, against a real database: orders (list, search, filters, detail,
 * status with the dispatch e-mail, notes, bulk), users (role, last admin, MFA reset), products
 * and creator options (validation, reorder, image), data management (environment mode, test
 * order purge, orphaned uploads) — and that each mutation writes its audit row, in the same
 * transaction, with the operation context; a refused one is logged as a failure.
 */

import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItems,
  orderNotes,
  orderStatusHistory,
  orders,
  productOptions,
  profiles,
  twoFactors,
  uploads,
  userActivityLogs,
  users,
} from "../../../src/server/db/schema.js";
import { ADMIN_MESSAGE_TEXTS } from "../../../src/shared/admin-messages";
import { colourThumbnailOf } from "../../../src/shared/upload-thumbnails";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { readMails } from "../../support/mail.js";
import { insertOrder } from "../../support/orders.js";
import type { Json } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { uploadTestPhoto } from "../../support/uploads.js";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

async function api(method: string, path: string, json?: unknown, cookie = admin.cookie) {
  const res = await shop.request(`/api/admin${path}`, {
    method,
    ...(json !== undefined ? { json } : {}),
    headers: { cookie, "user-agent": "vitest-admin" },
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as Json;
  return { status: res.status, body };
}

/** The newest audit rows (newest first). */
async function auditRows(limit = 5) {
  return shop.ctx.database.db.select().from(userActivityLogs).orderBy(desc(userActivityLogs.id)).limit(limit);
}

async function lastAudit() {
  const [row] = await auditRows(1);
  if (!row) throw new Error("no audit row");
  return row;
}

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createUser(shop, {
    email: uniqueEmail("ops-admin"),
    role: "admin",
    mfa: true,
    firstName: "Maker",
  });
  customer = await createUser(shop, {
    email: uniqueEmail("ops-customer"),
    firstName: "Ciara",
    lastName: "Doyle",
  });
});
afterAll(async () => {
  await shop?.close();
});

describe("orders", () => {
  let liveOrder: string;
  let guestOrder: string;
  let testOrder: string;

  beforeAll(async () => {
    liveOrder = await insertOrder(shop, { userId: customer.userId, email: customer.email, status: "paid" });
    guestOrder = await insertOrder(shop, {
      userId: null,
      email: "guest.buyer@example.com",
      status: "printing",
    });
    testOrder = await insertOrder(shop, {
      userId: null,
      email: "tester@example.com",
      status: "paid",
      testMode: true,
    });
  });

  it("lists newest first, and searches by order number, e-mail and name", async () => {
    const all = await api("GET", "/orders");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect((all.body.orders as Json[]).map((o) => o.itemCount)).toEqual([1, 1, 1]);
    const byNumber = await api("GET", `/orders?q=${liveOrder.slice(0, 8)}`);
    expect((byNumber.body.orders as Json[]).map((o) => o.id)).toEqual([liveOrder]);
    const byEmail = await api("GET", "/orders?q=GUEST.BUYER");
    expect((byEmail.body.orders as Json[]).map((o) => o.id)).toEqual([guestOrder]);
    const byName = await api("GET", "/orders?q=siobhan%20kelly");
    expect(byName.body.total).toBe(3);
    const wildcard = await api("GET", "/orders?q=%25");
    expect(wildcard.body.total).toBe(0);
  });

  it("filters by status, test/live, guest/customer and date, and paginates", async () => {
    const printing = await api("GET", "/orders?status=printing");
    expect((printing.body.orders as Json[]).map((o) => o.id)).toEqual([guestOrder]);
    const test = await api("GET", "/orders?mode=test");
    expect((test.body.orders as Json[]).map((o) => o.id)).toEqual([testOrder]);
    const live = await api("GET", "/orders?mode=live&customer=guest");
    expect((live.body.orders as Json[]).map((o) => o.id)).toEqual([guestOrder]);
    const customers = await api("GET", "/orders?customer=customer");
    expect((customers.body.orders as Json[]).map((o) => o.id)).toEqual([liveOrder]);
    const future = await api("GET", "/orders?from=2099-01-01");
    expect(future.body.total).toBe(0);
    const page2 = await api("GET", "/orders?pageSize=2&page=2");
    expect((page2.body.orders as Json[]).length).toBe(1);
    expect((await api("GET", "/orders?from=2025-13-45")).status).toBe(400);
  });

  it("shows the detail: items with images, address, payment, history, allowed next statuses", async () => {
    const { status, body } = await api("GET", `/orders/${liveOrder}`);
    expect(status).toBe(200);
    const order = body.order as Json;
    expect(order).toMatchObject({
      id: liveOrder,
      status: "paid",
      isGuest: false,
      customer: { id: customer.userId, email: customer.email },
      shipping: { postalCode: "BT7 1JG", city: "Belfast" },
    });
    expect(order.nextStatuses).toContain("dispatched");
    expect((order.items as Json[])[0]).toMatchObject({ size: "7 inch x 7 inch", price: 5450 });
    expect((await api("GET", "/orders/not-a-uuid")).status).toBe(404);
  });

  it("dispatching records the history, sends the dispatch e-mail with the tracking number, and is audited", async () => {
    const before = readMails(shop).length;
    const res = await api("POST", `/orders/${liveOrder}/status`, {
      status: "dispatched",
      trackingNumber: "RM123456789GB",
      carrier: "royal_mail",
      note: "Royal Mail Tracked 48",
    });
    expect(res.status).toBe(200);
    expect((res.body.order as Json).trackingUrl).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB",
    );
    expect(res.body).toMatchObject({ changed: true, emailed: true });
    const db = shop.ctx.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, liveOrder));
    expect(row).toMatchObject({
      status: "dispatched",
      trackingNumber: "RM123456789GB",
      carrier: "royal_mail",
    });
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, liveOrder));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "paid",
      toStatus: "dispatched",
      changedBy: `admin:${admin.userId}`,
    });
    const mails = readMails(shop).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(customer.email);
    expect(mails[0]?.text).toContain("Your tracking number is RM123456789GB (Royal Mail).");
    expect(mails[0]?.text).toContain(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB",
    );
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      userId: admin.userId,
      userEmail: admin.email,
      userRole: "admin",
      actionType: "order.status_change",
      tableName: "orders",
      recordId: liveOrder,
      oldValues: { status: "paid", trackingNumber: null },
      newValues: { status: "dispatched", trackingNumber: "RM123456789GB", carrier: "royal_mail" },
      environmentMode: "production",
      operationContext: "manual",
      ipAddress: "unknown",
      userAgent: "vitest-admin",
      success: true,
      errorMessage: null,
    });
  });

  it("refuses a move the lifecycle forbids, changes nothing and logs the failure", async () => {
    const res = await api("POST", `/orders/${liveOrder}/status`, { status: "pending" });
    expect(res.status).toBe(409);
    const [row] = await shop.ctx.database.db.select().from(orders).where(eq(orders.id, liveOrder));
    expect(row?.status).toBe("dispatched");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actionType: "order.status_change", recordId: liveOrder, success: false });
    expect(audit.errorMessage).toMatch(/cannot become Pending/);
  });

  it("adds internal notes (audited) and shows them on the detail", async () => {
    const res = await api("POST", `/orders/${guestOrder}/notes`, { body: "Customer asked for gift wrap." });
    expect(res.status).toBe(201);
    const notes = await shop.ctx.database.db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, guestOrder));
    expect(notes).toMatchObject([{ body: "Customer asked for gift wrap.", authorEmail: admin.email }]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      actionType: "order.note_add",
      tableName: "order_notes",
      recordId: String(notes[0]?.id),
    });
    expect((await api("POST", `/orders/${guestOrder}/notes`, { body: "  " })).status).toBe(400);
    const detail = await api("GET", `/orders/${guestOrder}`);
    expect(((detail.body.order as Json).notes as Json[])[0]).toMatchObject({
      body: "Customer asked for gift wrap.",
    });
  });

  it("bulk status change applies each order on its own and reports the ones it could not", async () => {
    const a = await insertOrder(shop, { userId: null, email: "bulk-a@example.com", status: "paid" });
    const b = await insertOrder(shop, { userId: null, email: "bulk-b@example.com", status: "cancelled" });
    const res = await api("POST", "/orders/bulk-status", {
      ids: [a, b, "00000000-0000-4000-8000-000000000000"],
      status: "processing",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: 1, failed: 2 });
    const db = shop.ctx.database.db;
    expect((await db.select().from(orders).where(eq(orders.id, a)))[0]?.status).toBe("processing");
    expect((await db.select().from(orders).where(eq(orders.id, b)))[0]?.status).toBe("cancelled");
    const rows = await db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.actionType, "order.status_change"), eq(userActivityLogs.recordId, a)));
    expect(rows).toMatchObject([{ success: true, newValues: { status: "processing" } }]);
  });

  it("refuses to dispatch without a tracking number (one order or in bulk): nothing changes, no e-mail", async () => {
    const db = shop.ctx.database.db;
    const a = await insertOrder(shop, { userId: null, email: "track-a@example.com", status: "paid" });
    const b = await insertOrder(shop, { userId: null, email: "track-b@example.com", status: "paid" });
    const mailsBefore = readMails(shop).length;
    const auditBefore = (await lastAudit()).id;
    for (const body of [{ status: "dispatched" }, { status: "dispatched", trackingNumber: "   " }]) {
      const res = await api("POST", `/orders/${a}/status`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: "validation_failed",
        message: ADMIN_MESSAGE_TEXTS.orders.trackingRequired,
        fields: { trackingNumber: ADMIN_MESSAGE_TEXTS.orders.trackingRequired },
      });
    }
    const bulk = await api("POST", "/orders/bulk-status", {
      ids: [a, b],
      status: "dispatched",
      trackingNumbers: { [a]: "RM555000111GB", [b]: " " },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toMatchObject({
      message: ADMIN_MESSAGE_TEXTS.orders.bulkTrackingRequired,
      fields: { [`trackingNumbers.${b}`]: ADMIN_MESSAGE_TEXTS.orders.bulkTrackingRequired },
    });
    expect((await api("POST", "/orders/bulk-status", { ids: [a], status: "dispatched" })).status).toBe(400);
    for (const id of [a, b]) {
      expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe("paid");
    }
    expect(readMails(shop).length).toBe(mailsBefore);
    expect((await lastAudit()).id).toBe(auditBefore);
  });

  it("bulk dispatch takes one tracking number per order and e-mails each customer theirs", async () => {
    const db = shop.ctx.database.db;
    const a = await insertOrder(shop, { userId: null, email: "bulk-track-a@example.com", status: "paid" });
    const b = await insertOrder(shop, {
      userId: null,
      email: "bulk-track-b@example.com",
      status: "printing",
    });
    const before = readMails(shop).length;
    const res = await api("POST", "/orders/bulk-status", {
      ids: [a, b],
      status: "dispatched",
      trackingNumbers: { [a]: " RM111111111GB ", [b]: "RM222222222GB" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: 2, failed: 0 });
    expect((await db.select().from(orders).where(eq(orders.id, a)))[0]).toMatchObject({
      status: "dispatched",
      trackingNumber: "RM111111111GB",
    });
    expect((await db.select().from(orders).where(eq(orders.id, b)))[0]).toMatchObject({
      status: "dispatched",
      trackingNumber: "RM222222222GB",
    });
    const mails = readMails(shop).slice(before);
    expect(mails.find((m) => m.to === "bulk-track-a@example.com")?.text).toContain("RM111111111GB");
    expect(mails.find((m) => m.to === "bulk-track-b@example.com")?.text).toContain("RM222222222GB");
    const rows = await db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.actionType, "order.status_change"), eq(userActivityLogs.recordId, b)));
    expect(rows).toMatchObject([
      { success: true, newValues: { status: "dispatched", trackingNumber: "RM222222222GB" } },
    ]);
  });
});

describe("users", () => {
  it("lists with search, role, MFA state and order count", async () => {
    await insertOrder(shop, { userId: customer.userId, email: customer.email });
    const res = await api("GET", `/users?q=${encodeURIComponent(customer.email)}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toMatchObject([{ id: customer.userId, role: "user", mfaEnabled: false }]);
    expect(((res.body.users as Json[])[0]?.orderCount as number) >= 1).toBe(true);
    const admins = await api("GET", "/users?role=admin");
    expect((admins.body.users as Json[]).map((u) => u.id)).toEqual([admin.userId]);
    const withMfa = await api("GET", "/users?mfa=on");
    expect((withMfa.body.users as Json[]).map((u) => u.id)).toEqual([admin.userId]);
  });

  it("never revokes the last admin, not even the admin themselves", async () => {
    const res = await api("POST", `/users/${admin.userId}/role`, { role: "user" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/only administrator/);
    const [row] = await shop.ctx.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row?.role).toBe("admin");
    expect(await lastAudit()).toMatchObject({ actionType: "user.role_revoke", success: false });
  });

  it("grants and revokes admin, audited with the old and new role", async () => {
    const grant = await api("POST", `/users/${customer.userId}/role`, { role: "admin" });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ changed: true, to: "admin" });
    expect(await lastAudit()).toMatchObject({
      actionType: "user.role_grant",
      tableName: "users",
      recordId: customer.userId,
      oldValues: { role: "user" },
      newValues: { role: "admin" },
      success: true,
    });
    const revoke = await api("POST", `/users/${customer.userId}/role`, { role: "user" });
    expect(revoke.body).toMatchObject({ changed: true, to: "user" });
    const [row] = await shop.ctx.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row?.role).toBe("user");
  });

  it("resets a user's MFA: factors gone, two_factor_enabled off, profile flags cleared", async () => {
    const other = await createUser(shop, { email: uniqueEmail("mfa-reset"), mfa: true });
    const db = shop.ctx.database.db;
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, other.userId))).toHaveLength(1);
    const res = await api("POST", `/users/${other.userId}/mfa-reset`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ factorsRemoved: 1, wasEnabled: true });
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, other.userId))).toHaveLength(0);
    const [user] = await db.select().from(users).where(eq(users.id, other.userId));
    expect(user?.twoFactorEnabled).toBe(false);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, other.userId));
    expect(profile).toMatchObject({ mfaEnabled: false, mfaSetupCompleted: false });
    expect(await lastAudit()).toMatchObject({
      actionType: "user.mfa_reset",
      recordId: other.userId,
      success: true,
    });
    expect((await api("POST", "/users/nobody/mfa-reset")).status).toBe(404);
  });
});

describe("products", () => {
  it("creates with validation; the shop lists it", async () => {
    const bad = await api("POST", "/products", {
      id: "Bad Id",
      name: "",
      description: "x",
      category: "Nope",
      pricePence: -1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as Json)).toEqual(
      expect.arrayContaining(["id", "name", "category", "pricePence"]),
    );
    const res = await api("POST", "/products", {
      id: "gift-box",
      name: "Gift Box",
      description: "A linen gift box.",
      category: "Accessories",
      pricePence: 650,
      specifications: ["25 x 25 x 8 cm"],
      features: ["Magnetic lid"],
    });
    expect(res.status).toBe(201);
    expect(await lastAudit()).toMatchObject({
      actionType: "product.create",
      recordId: "gift-box",
      success: true,
    });
    const shopList = (await (await shop.request("/api/catalog/products")).json()) as { products: Json[] };
    expect(shopList.products.at(-1)).toMatchObject({ id: "gift-box", pricePence: 650 });
    expect(
      (
        await api("POST", "/products", {
          id: "gift-box",
          name: "Again",
          description: "x",
          category: "Accessories",
          pricePence: 1,
        })
      ).status,
    ).toBe(409);
  });

  it("edits, sets coming soon, disables (hidden from the shop) with only the changed fields audited", async () => {
    const edit = await api("PATCH", "/products/gift-box", {
      name: "Linen Gift Box",
      pricePence: 799,
      status: "coming_soon",
    });
    expect(edit.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      actionType: "product.update",
      oldValues: { name: "Gift Box", pricePence: 650, status: "available" },
      newValues: { name: "Linen Gift Box", pricePence: 799, status: "coming_soon" },
    });
    let listed = (await (await shop.request("/api/catalog/products")).json()) as { products: Json[] };
    expect(listed.products.find((p) => p.id === "gift-box")).toMatchObject({
      status: "coming_soon",
      name: "Linen Gift Box",
    });
    await api("PATCH", "/products/gift-box", { status: "disabled" });
    listed = (await (await shop.request("/api/catalog/products")).json()) as { products: Json[] };
    expect(listed.products.find((p) => p.id === "gift-box")).toBeUndefined();
    expect((await api("PATCH", "/products/nope", { name: "x" })).status).toBe(404);
    expect((await api("PATCH", "/products/gift-box", { pricePence: 1.5 })).status).toBe(400);
  });

  it("reorders the shop", async () => {
    const before = (await api("GET", "/products")).body.products as Json[];
    const ids = before.map((p) => p.id as string).reverse();
    const res = await api("POST", "/products/reorder", { ids });
    expect(res.status).toBe(200);
    expect((res.body.products as Json[]).map((p) => p.id)).toEqual(ids);
    expect(await lastAudit()).toMatchObject({ actionType: "product.reorder", success: true });
  });

  it("takes a photo through the upload pipeline and stores it as the product's image", async () => {
    const { id: uploadId } = await uploadTestPhoto(shop, {
      width: 300,
      height: 200,
      background: "#c33",
      name: "box.png",
    });
    const res = await api("POST", "/products/remote-dimmer/image", { uploadId });
    expect(res.status).toBe(200);
    const url = (res.body.product as Json).imageUrl as string;
    expect(url).toMatch(/\/api\/media\/lightbox-images\/product-remote-dimmer-.+\.webp$/);
    const key = shop.ctx.storage.keyFromUrl(url);
    const file = key ? await shop.ctx.storage.get(key) : null;
    expect(file?.contentType).toBe("image/webp");
    // The temporary upload is gone, rows and files.
    expect(await shop.ctx.database.db.select().from(uploads).where(eq(uploads.id, uploadId))).toHaveLength(0);
    expect(await lastAudit()).toMatchObject({
      actionType: "product.image_upload",
      recordId: "remote-dimmer",
      newValues: { imageUrl: url },
    });
  });
});

describe("creator options", () => {
  it("creates a frame colour (hex required) with a price modifier in pence; the creator sees it", async () => {
    const missingHex = await api("POST", "/options", {
      optionType: "frame_color",
      value: "rose-gold",
      name: "Rose Gold",
    });
    expect(missingHex.status).toBe(400);
    const res = await api("POST", "/options", {
      optionType: "frame_color",
      value: "rose-gold",
      name: "Rose Gold",
      hexColor: "#b76e79",
      priceModifierPence: 500,
    });
    expect(res.status).toBe(201);
    expect(res.body.option).toMatchObject({
      hexColor: "#B76E79",
      priceModifierPence: 500,
      status: "enabled",
    });
    const creator = (await (await shop.request("/api/catalog/options")).json()) as {
      options: { frame_color: Json[] };
    };
    expect(creator.options.frame_color.at(-1)).toMatchObject({ id: "rose-gold", priceModifierPence: 500 });
    expect(await lastAudit()).toMatchObject({
      actionType: "option.create",
      tableName: "product_options",
      success: true,
    });
  });

  it("edits a size's shapes (only known shapes), sets coming soon, and reorders", async () => {
    const all = (await api("GET", "/options")).body.options as Json[];
    // 7.5x10 (25 x 19 cm) fits the default printer; 9x9 (23 cm tall) would not (tests/integration/catalogue/printers.test.ts).
    const size = all.find((o) => o.optionType === "size" && o.value === "7.5x10") as Json;
    const unknown = await api("PATCH", `/options/${size.id}`, { shapeIds: ["rectangle", "triangle"] });
    expect(unknown.status).toBe(400);
    const res = await api("PATCH", `/options/${size.id}`, {
      shapeIds: ["rectangle", "square"],
      status: "enabled",
    });
    expect(res.status).toBe(200);
    expect(res.body.option).toMatchObject({ shapeIds: ["rectangle", "square"], status: "enabled" });
    expect(await lastAudit()).toMatchObject({
      actionType: "option.update",
      recordId: size.id,
      oldValues: { status: "coming_soon" },
      newValues: { status: "enabled", shapeIds: ["rectangle", "square"] },
    });
    const shapes = all.filter((o) => o.optionType === "shape").map((o) => o.id as string);
    const reordered = await api("POST", "/options/reorder", {
      optionType: "shape",
      ids: [...shapes].reverse(),
    });
    expect(reordered.status).toBe(200);
    const [first] = await shop.ctx.database.db
      .select()
      .from(productOptions)
      .where(and(eq(productOptions.optionType, "shape"), eq(productOptions.sortOrder, 1)));
    expect(first?.id).toBe(shapes.at(-1));
  });
});

describe("data management", () => {
  it("switches the environment mode; new orders are marked test_mode; audit rows carry the mode", async () => {
    const res = await api("PUT", "/data/environment", { mode: "test" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: "test", previous: "production" });
    expect(await lastAudit()).toMatchObject({
      actionType: "settings.environment_mode",
      oldValues: { environment_mode: "production" },
      newValues: { environment_mode: "test" },
      environmentMode: "test",
    });
    expect((await api("GET", "/data/environment")).body).toEqual({ mode: "test" });
    expect((await api("PUT", "/data/environment", { mode: "staging" })).status).toBe(400);
  });

  it("previews the test orders and purges exactly those once confirmed with the previewed count", async () => {
    const db = shop.ctx.database.db;
    const extra = await insertOrder(shop, { userId: null, email: "t2@example.com", testMode: true });
    const preview = await api("GET", "/data/test-orders");
    const count = preview.body.count as number;
    expect(count).toBeGreaterThanOrEqual(2);
    expect((preview.body.orders as Json[]).map((o) => o.id)).toContain(extra);
    const stale = await api("POST", "/data/test-orders/purge", { expectedCount: count - 1 });
    expect(stale.status).toBe(409);
    expect(await db.select().from(orders).where(eq(orders.testMode, true))).toHaveLength(count);
    const live = (await db.select().from(orders).where(eq(orders.testMode, false))).length;
    const res = await api("POST", "/data/test-orders/purge", { expectedCount: count });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(count);
    expect(await db.select().from(orders).where(eq(orders.testMode, true))).toHaveLength(0);
    expect(await db.select().from(orders).where(eq(orders.testMode, false))).toHaveLength(live);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      actionType: "cleanup.test_orders",
      success: true,
      newValues: { deleted: count },
    });
    expect((audit.oldValues as { orderIds: string[] }).orderIds).toContain(extra);
    await api("PUT", "/data/environment", { mode: "production" });
  });

  it("previews and removes uploads no cart and no order uses after N days, files too", async () => {
    const db = shop.ctx.database.db;
    const { storage } = shop.ctx;
    const old = new Date(Date.now() - 40 * 86_400_000);
    const make = async (name: string, createdAt: Date) => {
      const originalKey = `lightbox-images/${name}.jpg`;
      const previewKey = `lightbox-images/${name}-preview.webp`;
      await storage.put(originalKey, new Uint8Array([1, 2, 3]), "image/jpeg");
      await storage.put(previewKey, new Uint8Array([4, 5]), "image/webp");
      await storage.put(colourThumbnailOf(previewKey) ?? "", new Uint8Array([6]), "image/webp");
      const [row] = await db
        .insert(uploads)
        .values({ originalKey, previewKey, width: 10, height: 10, bytes: 3, createdAt })
        .returning();
      return { row: row!, originalKey, previewKey };
    };
    const orphan = await make("1700000000000-orphan-aa11bb22", old);
    const fresh = await make("1700000000001-fresh-aa11bb22", new Date());
    const inOrder = await make("1700000000002-ordered-aa11bb22", old);
    // An order's item uses inOrder's preview, so it stays.
    const orderId = await insertOrder(shop, { userId: null, email: "img@example.com" });
    await db
      .update(orderItems)
      .set({ imageUrl: storage.publicUrl(inOrder.previewKey) })
      .where(eq(orderItems.orderId, orderId));
    const preview = await api("GET", "/data/orphan-uploads?days=30");
    expect(preview.status).toBe(200);
    const ids = (preview.body.uploads as Json[]).map((u) => u.id);
    expect(ids).toContain(orphan.row.id);
    expect(ids).not.toContain(fresh.row.id);
    expect(ids).not.toContain(inOrder.row.id);
    const res = await api("POST", "/data/orphan-uploads/purge", {
      days: 30,
      expectedCount: preview.body.count,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: preview.body.count, filesFailed: 0 });
    expect(await storage.get(orphan.originalKey)).toBeNull();
    expect(await storage.get(orphan.previewKey)).toBeNull();
    // The colour thumbnail is a copy of the photo too: it goes with it.
    expect(await storage.get(colourThumbnailOf(orphan.previewKey) ?? "")).toBeNull();
    expect(await storage.get(inOrder.previewKey)).not.toBeNull();
    expect(await storage.get(colourThumbnailOf(inOrder.previewKey) ?? "")).not.toBeNull();
    expect(await storage.get(fresh.originalKey)).not.toBeNull();
    expect(await lastAudit()).toMatchObject({ actionType: "cleanup.orphan_uploads", success: true });
    expect((await api("GET", "/data/orphan-uploads?days=0")).status).toBe(400);
  });
});

describe("audit trail", () => {
  it("every row names the admin, the manual operation context and the environment mode", async () => {
    const rows = await shop.ctx.database.db.select().from(userActivityLogs);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: admin.userId,
        userEmail: admin.email,
        userRole: "admin",
        operationContext: "manual",
      });
      expect(["production", "test"]).toContain(row.environmentMode);
    }
  });

  it("a change made through the AI-assisted tooling (X-Operation-Context: ai) is labelled ai", async () => {
    const order = await insertOrder(shop, { userId: null, email: "ai-context@example.com" });
    const res = await shop.request(`/api/admin/orders/${order}/notes`, {
      method: "POST",
      json: { body: "Drafted by the assistant." },
      headers: { cookie: admin.cookie, "x-operation-context": "ai" },
    });
    expect(res.status).toBe(201);
    expect(await lastAudit()).toMatchObject({ actionType: "order.note_add", operationContext: "ai" });
    const activity = await api("GET", "/activity?action=order.note_add");
    expect((activity.body.entries as Json[])[0]?.operationContext).toBe("ai");
  });

  it("the Activity view filters by action, table, user, outcome and date", async () => {
    const byAction = await api("GET", "/activity?action=order.status_change");
    expect((byAction.body.entries as Json[]).every((e) => e.actionType === "order.status_change")).toBe(true);
    expect(byAction.body.actions).toContain("product.update");
    const failures = await api("GET", "/activity?outcome=failure");
    expect((failures.body.entries as Json[]).length).toBeGreaterThanOrEqual(2);
    expect((failures.body.entries as Json[]).every((e) => e.success === false)).toBe(true);
    const byTable = await api("GET", "/activity?table=product_options");
    expect((byTable.body.entries as Json[]).every((e) => e.tableName === "product_options")).toBe(true);
    const byUser = await api("GET", `/activity?user=${encodeURIComponent(admin.email.slice(0, 8))}`);
    expect(byUser.body.total).toBe((await api("GET", "/activity")).body.total);
    const future = await api("GET", "/activity?from=2099-01-01");
    expect(future.body.total).toBe(0);
  });
});
