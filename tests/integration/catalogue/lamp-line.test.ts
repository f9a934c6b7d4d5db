/**
 * A lamp line through the product-type seam (issue 48 item 1): priced from its owner-set lamp_size
 * option, refused when the size is not on sale or it has more than four photos, stored as kind
 * "lamp" with no bundle, described by its type, counted in a lithophanes-only code, and making one
 * print file (panel 0). The lamp's print path itself is the lead's (issue 48 item 2).
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceCartItems } from "../../../src/server/catalogue/pricing.js";
import { orderItems, printJobs, productOptions } from "../../../src/server/db/schema.js";
import { createPrintJobs } from "../../../src/server/fulfilment/print-jobs/queue.js";
import { describeLine } from "../../../src/shared/order-line.js";
import {
  lampItem,
  lithophaneItem,
  postCheckout,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
const db = () => shop.ctx.database.db;

beforeAll(async () => {
  shop = await createTestShop();
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await db().delete(productOptions).where(eq(productOptions.optionType, "lamp_size"));
  await db()
    .insert(productOptions)
    .values([
      {
        value: "small",
        optionType: "lamp_size",
        name: "Small (80 x 120 mm)",
        sortOrder: 1,
        priceModifier: 5900,
      },
      {
        value: "medium",
        optionType: "lamp_size",
        name: "Medium (100 x 150 mm)",
        sortOrder: 2,
        priceModifier: 6900,
      },
      {
        value: "large",
        optionType: "lamp_size",
        name: "Large (120 x 180 mm)",
        sortOrder: 3,
        priceModifier: 7900,
        status: "coming_soon",
      },
    ]);
});

describe("a lamp line", () => {
  it("costs its lamp_size option's price; a size coming soon, switched off or missing is refused", async () => {
    const [medium, large] = await priceCartItems(db(), [
      { kind: "lamp", sizeId: "medium" },
      { kind: "lamp", sizeId: "large" },
    ]);
    expect(medium).toMatchObject({ ok: true, kind: "lamp", unitPricePence: 6900 });
    expect(large).toMatchObject({ ok: false, reason: "unavailable" });
    await db()
      .update(productOptions)
      .set({ isActive: false })
      .where(and(eq(productOptions.optionType, "lamp_size"), eq(productOptions.value, "medium")));
    expect((await priceCartItems(db(), [{ kind: "lamp", sizeId: "medium" }]))[0]).toMatchObject({
      ok: false,
    });
    await db().delete(productOptions).where(eq(productOptions.optionType, "lamp_size"));
    expect((await priceCartItems(db(), [{ kind: "lamp", sizeId: "small" }]))[0]).toMatchObject({ ok: false });
  });

  it("is checked out, stored as a lamp and described by its type; it makes one print file", async () => {
    const res = await postCheckout(shop, {
      cartItems: [lampItem(2), lithophaneItem("gift")],
      shippingInfo: shippingInfo(),
    });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    const lamp = items[0];
    expect(lamp).toMatchObject({
      kind: "lamp",
      price: 6900,
      bundleId: null,
      productId: null,
      size: "Medium (100 x 150 mm)",
    });
    expect(lamp?.additionalImages).toHaveLength(1);
    if (!lamp) throw new Error("no lamp line");
    expect(describeLine({ ...lamp, frameStyle: lamp.frameColor }).summary).toBe(
      "Medium (100 x 150 mm) · 2 photos around",
    );
    const added = await db().transaction((tx) => createPrintJobs(tx, shop.ctx.storage, orderId));
    expect(added).toBe(4);
    const jobs = await db().select().from(printJobs).where(eq(printJobs.orderItemId, lamp.id));
    expect(jobs.map((j) => j.panelIndex)).toEqual([0]);
  });

  it("refuses more than four photos", async () => {
    const res = await postCheckout(shop, { cartItems: [lampItem(5)], shippingInfo: shippingInfo() });
    expect(res.status).toBe(422);
  });
});
