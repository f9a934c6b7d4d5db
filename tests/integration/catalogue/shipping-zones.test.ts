/**
 * Issue 16: shipping zones price checkout on the server. The buyer's country picks the zone;
 * an admin's edit applies to the next checkout; a client-sent shipping price that differs is
 * refused; a country in no zone is refused; the order, Stripe-free test payment and /track
 * carry the same address, shipping price and dates.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dispatchedDeliveryWindow,
  orderDeliveryWindow,
} from "../../../src/server/catalogue/delivery-dates.js";
import { orders, userActivityLogs } from "../../../src/server/db/schema.js";
import { changeOrderStatus } from "../../../src/server/orders/index.js";
import { formatDeliveryWindow } from "../../../src/shared/delivery-dates.js";
import type { ShippingZone } from "../../../src/shared/shipping-zones.js";
import { createUser, type TestUser } from "../../support/accounts.js";
import {
  ACCESSORIES,
  accessoryItem,
  checkout,
  postCheckout,
  pressTestButton,
  shippingInfo,
} from "../../support/checkout.js";
import { readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createUser(shop, { role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

const irish = (overrides: Record<string, string> = {}) =>
  shippingInfo({
    addressLine1: "1 Grafton Street",
    city: "Dublin",
    state: "Dublin",
    postalCode: "d02x285",
    country: "IE",
    ...overrides,
  });

type Zone = Record<string, unknown> & { id: string; standardPence: number; countries: string[] };

async function adminZones(): Promise<Zone[]> {
  const res = await shop.request("/api/admin/shipping-zones", { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { zones: Zone[] }).zones;
}

function putZones(zones: unknown[]) {
  return shop.request("/api/admin/shipping-zones", {
    method: "PUT",
    json: { zones },
    headers: { cookie: admin.cookie },
  });
}

describe("checkout priced by shipping zone", () => {
  it("charges Ireland's price to an Irish address with an Eircode and stores the country, zone and dates", async () => {
    const zones = await adminZones();
    const ireland = zones.find((z) => z.id === "ireland");
    expect(ireland?.countries).toEqual(["IE"]);
    const answer = await checkout(shop, { shippingInfo: irish() });
    expect(answer.orderTotal).toBe(ACCESSORIES.adapter.price + (ireland?.standardPence ?? 0));
    const [order] = await shop.ctx.database.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({
      shippingCountry: "Ireland",
      shippingCountryCode: "IE",
      shippingZone: "ireland",
      shippingPostalCode: "D02 X285",
      shippingAmount: ireland?.standardPence,
    });
    expect(order?.deliveryEarliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      order?.deliveryLatest && order.deliveryEarliest && order.deliveryLatest >= order.deliveryEarliest,
    ).toBe(true);
  });

  it("lists the zones and today's windows publicly", async () => {
    const res = await shop.request("/api/shipping/zones");
    const body = (await res.json()) as {
      zones: Array<{ id: string; windows: { standard: { text: string } } }>;
    };
    expect(body.zones.map((z) => z.id)).toEqual(["uk", "ireland", "europe", "us-canada", "world"]);
    expect(body.zones[1]?.windows.standard.text).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}( [A-Z][a-z]{2})? – [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/,
    );
  });

  it("validates US and Canadian postal codes, and refuses a bad ZIP or Eircode by field", async () => {
    const us = shippingInfo({
      addressLine1: "350 5th Ave",
      city: "New York",
      state: "NY",
      postalCode: "10118",
      country: "US",
    });
    const ca = shippingInfo({
      addressLine1: "24 Sussex Dr",
      city: "Ottawa",
      state: "ON",
      postalCode: "k1m1m4",
      country: "CA",
    });
    expect(
      (await postCheckout(shop, { cartItems: [accessoryItem(ACCESSORIES.adapter)], shippingInfo: us }))
        .status,
    ).toBe(201);
    expect(
      (await postCheckout(shop, { cartItems: [accessoryItem(ACCESSORIES.adapter)], shippingInfo: ca }))
        .status,
    ).toBe(201);

    const badZip = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: { ...us, postalCode: "1011" },
    });
    expect(badZip.status).toBe(400);
    expect(((await badZip.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      "shippingInfo.postalCode": "Please enter a valid ZIP code (for example 10001).",
    });
    const badEircode = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: irish({ postalCode: "12345" }),
    });
    expect(((await badEircode.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      "shippingInfo.postalCode": "Please enter a valid Eircode (for example D02 X285).",
    });
  });

  it("refuses a country in no zone, naming it", async () => {
    const res = await postCheckout(shop, {
      cartItems: [accessoryItem(ACCESSORIES.adapter)],
      shippingInfo: shippingInfo({ city: "Moscow", state: "", postalCode: "101000", country: "RU" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: "country_not_delivered",
      fields: {
        "shippingInfo.country": "We don't deliver to Russia yet. Ask us and we'll see what we can do.",
      },
    });
  });

  it("refuses a client-sent shipping price that is not the zone's, and takes the right one", async () => {
    const body = { cartItems: [accessoryItem(ACCESSORIES.adapter)], shippingInfo: irish() };
    const tampered = await postCheckout(shop, { ...body, expectedShippingPence: 0 } as never);
    expect(tampered.status).toBe(409);
    expect(await tampered.json()).toMatchObject({ error: "shipping_price_changed" });
    const ireland = (await adminZones()).find((z) => z.id === "ireland");
    const honest = await postCheckout(shop, {
      ...body,
      expectedShippingPence: ireland?.standardPence,
    } as never);
    expect(honest.status).toBe(201);
  });

  it("applies an admin's edit to the next checkout, audit-logged", async () => {
    const zones = await adminZones();
    const edited = zones.map((z) => (z.id === "ireland" ? { ...z, standardPence: 1234 } : z));
    expect((await putZones(edited)).status).toBe(200);
    const answer = await checkout(shop, { shippingInfo: irish() });
    expect(answer.orderTotal).toBe(ACCESSORIES.adapter.price + 1234);
    const logs = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.actionType, "shipping_zones.update"));
    expect(logs.at(-1)).toMatchObject({ success: true, userId: admin.userId, tableName: "shipping_zones" });
  });

  it("refuses a negative price and a country in two zones, changing nothing", async () => {
    const zones = await adminZones();
    const negative = await putZones(zones.map((z, i) => (i === 0 ? { ...z, expressPence: -1 } : z)));
    expect(negative.status).toBe(400);
    expect(JSON.stringify(await negative.json())).toContain("Prices cannot be negative.");
    const twice = await putZones(
      zones.map((z) => (z.id === "europe" ? { ...z, countries: [...z.countries, "IE"] } : z)),
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain('IE is already in the zone \\"Ireland\\"');
    expect(await adminZones()).toEqual(zones);
  });

  it("shows the promised window on the success page's status and /track, and the carrier's after dispatch", async () => {
    const ireland = (await adminZones()).find((z) => z.id === "ireland") as unknown as ShippingZone;
    const email = "aoife.byrne@example.ie";
    const answer = await checkout(shop, {
      shippingInfo: irish({ email }),
      shippingMethod: "express",
    });
    const promised = formatDeliveryWindow(orderDeliveryWindow(ireland, "express", new Date()));
    await pressTestButton(shop, answer, "pay");
    const status = await shop.request(`/api/checkout/status/${answer.orderId}?token=${answer.token}`);
    expect(await status.json()).toMatchObject({ outcome: "paid", deliveryWindow: promised });
    const track = async () =>
      (
        (await (
          await shop.request("/api/track", {
            method: "POST",
            json: { orderNumber: answer.displayNumber, email },
            headers: { "x-forwarded-for": randomIp() },
          })
        ).json()) as { order: Record<string, unknown> }
      ).order;
    expect(await track()).toMatchObject({ statusLabel: "Processing", deliveryWindow: promised });
    const mail = (subject: string) =>
      readMails(shop).find((m) => m.to === email && m.subject.includes(subject))?.text ?? "";
    expect(mail("is confirmed")).toContain(`Estimated delivery: Arrives ${promised}.`);

    await changeOrderStatus(shop.ctx, answer.orderId, "a", { status: "dispatched" });
    const carrier = dispatchedDeliveryWindow(ireland.expressDays, new Date());
    const [order] = await shop.ctx.database.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({ deliveryEarliest: carrier.earliest, deliveryLatest: carrier.latest });
    expect(await track()).toMatchObject({
      statusLabel: "Dispatched",
      deliveryWindow: formatDeliveryWindow(carrier),
    });
    await shop.ctx.background.idle();
    expect(mail("has been dispatched")).toContain(
      `Estimated delivery: Arrives ${formatDeliveryWindow(carrier)}.`,
    );
    // Production days are gone from the window once the parcel is with the carrier.
    expect(
      carrier.latest <
        (order?.createdAt ? orderDeliveryWindow(ireland, "express", order.createdAt).latest : ""),
    ).toBe(true);
  });

  it("lets only admins read or change the zones", async () => {
    const customer = await createUser(shop);
    const res = await shop.request("/api/admin/shipping-zones", { headers: { cookie: customer.cookie } });
    expect(res.status).toBe(403);
  });
});
