/**
 * Gifting and a separate billing address (issue 20 item 4), server side: the checkout stores
 * the gift (recipient, message) and the billing address on the order, Stripe is charged exactly
 * what the same cart costs without them (and ships to the recipient), the admin order view and
 * the confirmation e-mail carry them, and a bad gift is refused with the field named.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDocuments, orders } from "../../../src/server/db/schema.js";
import { getAdminOrder } from "../../../src/server/orders/admin-orders.js";
import { setEnvironmentMode } from "../../../src/server/platform/settings.js";
import { GIFT_MESSAGE_MAX_LENGTH } from "../../../src/shared/schemas.js";
import {
  ACCESSORIES,
  accessoryItem,
  type CheckoutAnswer,
  checkout,
  lithophaneItem,
  postCheckout,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { type FakeStripe, startFakeStripe } from "../../support/fake-stripe.js";
import { readMails } from "../../support/mail.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const GIFT = { recipientName: "Niamh Kelly", message: "Happy birthday, Niamh!\nLove from Aoife x" };
const BILLING = {
  addressLine1: "4 Quay Street",
  addressLine2: "",
  city: "Dublin",
  state: "Dublin",
  postalCode: "d02 x285",
  country: "IE",
};

async function orderRow(shop: TestShop, id: string) {
  const [row] = await shop.ctx.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
}

describe("a gift order with the test payment provider", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
    await storeFixturePhotos(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("stores the gift and the billing address, shows them to the admin and in the confirmation", async () => {
    const info = shippingInfo();
    const answer = await checkout(
      shop,
      {
        cartItems: [lithophaneItem("gift"), accessoryItem(ACCESSORIES.dimmer)],
        shippingInfo: info,
        gift: GIFT,
        billingAddress: BILLING,
      },
      { ip: randomIp() },
    );
    const row = await orderRow(shop, answer.orderId);
    expect(row.gift).toEqual(GIFT);
    expect(row.billingAddress).toEqual({
      addressLine1: "4 Quay Street",
      addressLine2: null,
      city: "Dublin",
      state: "Dublin",
      postalCode: "D02 X285",
      country: "Ireland",
      countryCode: "IE",
    });
    // The buyer stays the buyer: the e-mail and names are theirs.
    expect(row.shippingFirstName).toBe("Aoife");
    expect(row.shippingEmail).toBe(info.email);

    const admin = await getAdminOrder(shop.ctx.database.db, answer.orderId);
    expect(admin?.gift).toEqual(GIFT);
    expect(admin?.billingAddress?.city).toBe("Dublin");

    expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
    const mail = readMails(shop).find((m) => m.to === info.email && m.subject.includes("confirmed"));
    expect(mail, "confirmation sent").toBeDefined();
    expect(mail?.text).toContain("Happy birthday, Niamh!");
    expect(mail?.text).toContain("Love from Aoife x");
    expect(mail?.text).toContain("a gift for Niamh Kelly");
    // Delivered to the recipient, billed to the buyer at the other address.
    expect(mail?.text).toMatch(/Delivering to:\s+Niamh Kelly\s+12 Linen Hall Street/);
    expect(mail?.text).toMatch(/Billing address:\s+Aoife Byrne\s+4 Quay Street/);
    expect(mail?.html).toContain("Gift message");
    expect(mail?.html).toContain("Love from Aoife x");
    // The invoice is the buyer's, at the billing address.
    const [invoice] = await shop.ctx.database.db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.orderId, answer.orderId));
    expect(invoice?.details).toMatchObject({
      buyer: { name: "Aoife Byrne", address: ["4 Quay Street", "Dublin", "Dublin", "D02 X285", "Ireland"] },
    });
  });

  it("stores neither for an ordinary order, and the e-mail says nothing of gifts", async () => {
    const info = shippingInfo();
    const answer = await checkout(shop, { shippingInfo: info }, { ip: randomIp() });
    const row = await orderRow(shop, answer.orderId);
    expect(row.gift).toBeNull();
    expect(row.billingAddress).toBeNull();
    await pressTestButton(shop, answer, "pay");
    const mail = readMails(shop).find((m) => m.to === info.email && m.subject.includes("confirmed"));
    expect(mail?.text).toMatch(/Delivering to:\s+Aoife Byrne/);
    expect(mail?.text).not.toContain("Gift message");
    expect(mail?.text).not.toContain("Billing address");
  });

  it("refuses a gift message that is too long, a gift without a recipient and a half billing address", async () => {
    const cases: Array<[unknown, string]> = [
      [
        { gift: { recipientName: "Niamh", message: "x".repeat(GIFT_MESSAGE_MAX_LENGTH + 1) } },
        "gift.message",
      ],
      [{ gift: { recipientName: " ", message: "Hi" } }, "gift.recipientName"],
      [{ billingAddress: { ...BILLING, city: "" } }, "billingAddress.city"],
      [{ billingAddress: { ...BILLING, country: "GB", postalCode: "12345" } }, "billingAddress.postalCode"],
    ];
    for (const [extra, field] of cases) {
      const res = await postCheckout(
        shop,
        {
          cartItems: [accessoryItem(ACCESSORIES.adapter)],
          shippingInfo: shippingInfo(),
          ...(extra as object),
        },
        { ip: randomIp() },
      );
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { fields?: Record<string, string> };
      expect(Object.keys(body.fields ?? {}), field).toContain(field);
    }
  });
});

describe("a gift order with Stripe", () => {
  let shop: TestShop;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    shop = await createTestShop(stripe.env());
    await storeFixturePhotos(shop);
    await setEnvironmentMode(shop.ctx.database.db, "production");
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.close();
  });

  const session = (answer: CheckoutAnswer) => {
    const found = [...stripe.sessions.values()].find((s) => s.metadata.orderId === answer.orderId);
    if (!found) throw new Error("no session for the order");
    return found;
  };

  it("charges what the same cart costs without the gift, and ships to the recipient", async () => {
    const cart = () => [lithophaneItem("gift"), accessoryItem(ACCESSORIES.adapter)];
    const plain = await checkout(
      shop,
      { cartItems: cart(), shippingInfo: shippingInfo() },
      { ip: randomIp() },
    );
    const gift = await checkout(
      shop,
      { cartItems: cart(), shippingInfo: shippingInfo(), gift: GIFT, billingAddress: BILLING },
      { ip: randomIp() },
    );
    expect(gift.orderTotal).toBe(plain.orderTotal);
    expect(session(gift).amount_total).toBe(session(plain).amount_total);
    expect(session(gift).amount_total).toBe(gift.orderTotal);
    const request = stripe.requests.find(
      (r) => r.path.endsWith("/checkout/sessions") && JSON.stringify(r.params).includes(gift.orderId),
    );
    expect(JSON.stringify(request?.params)).toContain("Niamh Kelly");
  });
});
