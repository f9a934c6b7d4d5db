/**
 * Issue 47 items 13 and 14 through the real app (PGlite): orders are numbered #1001, #1002 … as
 * they are created and found by that number (the track form, the Click & Drop import) as well
 * as by the old 8-character number; the order page's timeline; the customer cancels their order
 * while the proof waits (refunded once however often asked, the owner alerted; refused once the
 * workshop started, after the proof window, and to a stranger) and moves its delivery within the
 * country.
 */
import { TIMELINE_TEXTS } from "@shared/order-timeline";
import { legacyOrderNumber } from "@shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProofs, orderRefunds, orders, outboxEmails } from "../../../src/server/db/schema.js";
import {
  approveProof,
  CHANGED_BY,
  changeFulfilmentStatus,
  matchOrderReferences,
} from "../../../src/server/orders/index.js";
import { runWorkflow } from "../../../src/server/platform/index.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { type CheckoutAnswer, shippingInfo, storeFixturePhotos } from "../../support/checkout.js";
import { readMails } from "../../support/mail.js";
import { paidOrder } from "../../support/orders.js";
import { paidPanelWithProof } from "../../support/proofs.js";
import { type Json, jsonRequest } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

const OWNER = "owner@example.com";
let shop: TestShop;
let admin: TestUser;

/** A paid order of one lithophane whose proof was mailed (its window open). */
function proofOrder(email = uniqueEmail("self"), cookie?: string): Promise<CheckoutAnswer> {
  return paidPanelWithProof(shop, { email, ...(cookie ? { cookie } : {}) });
}

const withToken = (path: string, answer: CheckoutAnswer) =>
  `${path}?token=${encodeURIComponent(answer.token)}`;
const cancel = (answer: CheckoutAnswer, opts: { token?: boolean; cookie?: string } = { token: true }) =>
  jsonRequest(
    shop,
    "POST",
    opts.token
      ? withToken(`/api/orders/${answer.orderId}/cancel`, answer)
      : `/api/orders/${answer.orderId}/cancel`,
    undefined,
    opts.cookie ?? null,
  );
const changeAddress = (answer: CheckoutAnswer, address: Json) =>
  jsonRequest(shop, "POST", withToken(`/api/orders/${answer.orderId}/address`, answer), address);
const view = async (answer: CheckoutAnswer) =>
  (await jsonRequest(shop, "GET", withToken(`/api/orders/${answer.orderId}`, answer))).body.order as Json;
const refundsOf = (orderId: string) =>
  shop.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
/** The owner's alerts sent with this in their subject (the outbox's rows: the sent mails' subjects are MIME-encoded). */
const ownerMails = async (subject: string) =>
  (
    await shop.ctx.database.db
      .select({ subject: outboxEmails.subject, status: outboxEmails.status })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, OWNER))
  ).filter((m) => m.status === "sent" && (m.subject ?? "").includes(subject));

beforeAll(async () => {
  shop = await createTestShop({ OWNER_EMAIL: OWNER });
  await storeFixturePhotos(shop);
  admin = await createUser(shop, { email: uniqueEmail("self-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("order numbers (issue 47 item 13)", () => {
  it("numbers orders one after another from 1001 as they are created, and the e-mails say so", async () => {
    const first = await paidOrder(shop);
    const second = await paidOrder(shop);
    const rows = await shop.ctx.database.db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, first.orderId));
    expect(rows[0]?.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(first.displayNumber).toBe(String(rows[0]?.orderNumber));
    expect(Number(second.displayNumber)).toBeGreaterThan(Number(first.displayNumber));
    await expect
      .poll(() =>
        readMails(shop).some((m) => m.subject.includes(`order #${second.displayNumber} is confirmed`)),
      )
      .toBe(true);
    expect((await view(second)).displayNumber).toBe(second.displayNumber);
  });

  it("the track form finds an order by #number and by the old 8-character number, never by a wrong e-mail", async () => {
    const email = uniqueEmail("track-number");
    const answer = await paidOrder(shop, { body: { shippingInfo: shippingInfo({ email }) } });
    const track = (orderNumber: string, as = email) =>
      jsonRequest(shop, "POST", "/api/track", { orderNumber, email: as });
    const byNumber = await track(`#${answer.displayNumber}`);
    expect(byNumber.status).toBe(200);
    expect((byNumber.body.order as Json).orderNumber).toBe(answer.displayNumber);
    const byOld = await track(legacyOrderNumber(answer.orderId).toUpperCase());
    expect(byOld.status).toBe(200);
    expect((byOld.body.order as Json).orderNumber).toBe(answer.displayNumber);
    expect((await track(answer.displayNumber, "someone.else@example.com")).status).toBe(404);
    expect((await track("1000")).status).toBe(400);
  });

  it("the Click & Drop import matches the new number, the old number and the id", async () => {
    const answer = await paidOrder(shop);
    const old = legacyOrderNumber(answer.orderId);
    const matches = await matchOrderReferences(shop.ctx.database.db, [
      `#${answer.displayNumber}`,
      old,
      answer.orderId,
      "999999",
    ]);
    for (const key of [answer.displayNumber, old, answer.orderId]) {
      expect(matches.get(key)).toEqual({ orderId: answer.orderId, status: "paid", ambiguous: false });
    }
    expect(matches.get("999999")?.orderId ?? null).toBeNull();
  });
});

describe("the customer's own cancellation (issue 47 item 14)", () => {
  it("cancels while the proof waits: refunded in full once, however often asked; the owner alerted; the timeline says so", async () => {
    const email = uniqueEmail("cancel");
    const answer = await proofOrder(email);
    const before = await view(answer);
    expect(before.selfService).toMatchObject({ countryCode: "GB", country: "United Kingdom" });
    expect((before.timeline as Json[]).map((e) => e.kind)).toEqual(["placed", "paid", "proof_ready"]);

    // A double click: two requests at once refund once.
    const [a, b] = await Promise.all([cancel(answer), cancel(answer)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    const refunds = await refundsOf(answer.orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(answer.orderTotal);
    expect(a.body.refunded).toBe(answer.orderTotal);
    const after = a.body.order as Json;
    expect(after.status).toBe("cancelled");
    expect(after.selfService).toBeNull();
    const timeline = after.timeline as Json[];
    // The refund is recorded as the cancellation is: it comes first, the order's end last.
    expect(timeline.map((e) => e.kind)).toEqual(["placed", "paid", "proof_ready", "refund", "cancelled"]);
    expect(timeline.at(-1)?.text).toBe(TIMELINE_TEXTS.cancelledByYou);
    expect(String(timeline.at(-2)?.text)).toMatch(/^Refund of £\d+\.\d\d issued$/);
    expect(String(timeline.at(-1)?.when)).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, \d{1,2}:\d\d [ap]m$/);

    // Asked again later: the same answer, still one refund, one alert, one refund e-mail.
    const again = await cancel(answer);
    expect(again.status).toBe(200);
    expect(await refundsOf(answer.orderId)).toHaveLength(1);
    expect(await ownerMails(`Order #${answer.displayNumber} cancelled by the customer`)).toHaveLength(1);
    expect(readMails(shop).filter((m) => m.to === email && m.subject.includes("Your refund"))).toHaveLength(
      1,
    );
    // Its proof is not asked any more: the sweep never approves a cancelled order's proof.
    const proof = await jsonRequest(shop, "GET", withToken(`/api/orders/${answer.orderId}/proof`, answer));
    expect((proof.body.proof as Json).open).toBe(false);
  });

  it("is refused to a stranger, to another customer, and answers 404 as for an unknown order", async () => {
    const owner = await createUser(shop, { email: uniqueEmail("owner-customer"), verify: "direct" });
    const other = await createUser(shop, { email: uniqueEmail("other-customer"), verify: "direct" });
    const answer = await proofOrder(owner.email, owner.cookie);
    expect((await cancel(answer, {})).status).toBe(404);
    expect((await cancel(answer, { cookie: other.cookie })).status).toBe(404);
    const wrongToken = await jsonRequest(
      shop,
      "POST",
      `/api/orders/${answer.orderId}/cancel?token=x`,
      undefined,
    );
    expect(wrongToken.status).toBe(404);
    expect(await refundsOf(answer.orderId)).toHaveLength(0);
    // The signed-in owner may, without the token.
    const own = await cancel(answer, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect((own.body.order as Json).status).toBe("cancelled");
  });

  it("is refused once the workshop started, once the proof is approved, and after the proof window", async () => {
    const started = await proofOrder();
    await runWorkflow(shop.ctx, (tx) =>
      changeFulfilmentStatus(shop.ctx, tx, started.orderId, admin.userId, { status: "processing" }),
    );
    const making = await cancel(started);
    expect(making.status).toBe(409);
    expect(making.body.error).toBe("self_service_making");

    const approved = await proofOrder();
    await runWorkflow(shop.ctx, (tx) =>
      approveProof(shop.ctx, tx, { orderId: approved.orderId, by: CHANGED_BY.customer(null) }),
    );
    const decided = await cancel(approved);
    expect(decided.status).toBe(409);
    expect(decided.body.error).toBe("self_service_window_over");

    const late = await proofOrder();
    await shop.ctx.database.db
      .update(orderProofs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(orderProofs.orderId, late.orderId));
    const over = await cancel(late);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe("self_service_window_over");
    expect((await view(late)).selfService).toBeNull();

    for (const answer of [started, approved, late]) expect(await refundsOf(answer.orderId)).toHaveLength(0);
  });
});

describe("the customer's new delivery address (issue 47 item 14)", () => {
  const address = {
    addressLine1: "3 Botanic Avenue",
    addressLine2: "Flat 2",
    city: "Belfast",
    state: "County Down",
    postalCode: "bt7 1jg",
    country: "GB",
  };

  it("moves the delivery within the country (checkout's rules), on the timeline, the owner alerted", async () => {
    const answer = await proofOrder();
    const changed = await changeAddress(answer, address);
    expect(changed.status).toBe(200);
    const order = changed.body.order as Json;
    expect(order.addressLines).toEqual([
      "3 Botanic Avenue",
      "Flat 2",
      "Belfast, County Down",
      "BT7 1JG",
      "United Kingdom",
    ]);
    expect((order.timeline as Json[]).at(-1)).toMatchObject({
      kind: "address_changed",
      text: TIMELINE_TEXTS.addressChanged,
    });
    expect(order.totalAmount).toBe(answer.orderTotal);
    expect(
      await ownerMails(`Order #${answer.displayNumber}: the customer changed the delivery address`),
    ).toHaveLength(1);
    // The same address again changes nothing and alerts no one.
    expect((await changeAddress(answer, address)).status).toBe(200);
    expect(
      await ownerMails(`Order #${answer.displayNumber}: the customer changed the delivery address`),
    ).toHaveLength(1);
  });

  it("refuses another country (its shipping price could differ), a postcode checkout refuses, and a closed window", async () => {
    const answer = await proofOrder();
    const abroad = await changeAddress(answer, {
      ...address,
      state: "County Dublin",
      postalCode: "D02 X285",
      country: "IE",
    });
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(409);
    expect(abroad.body.error).toBe("self_service_other_country");
    expect(String(abroad.body.message)).toContain("same country");
    const badPostcode = await changeAddress(answer, { ...address, postalCode: "12345" });
    expect(badPostcode.status).toBe(400);
    const blank = await changeAddress(answer, { ...address, addressLine1: " " });
    expect(blank.status).toBe(400);
    await runWorkflow(shop.ctx, (tx) =>
      approveProof(shop.ctx, tx, { orderId: answer.orderId, by: CHANGED_BY.customer(null) }),
    );
    const closed = await changeAddress(answer, address);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe("self_service_window_over");
    expect((await view(answer)).addressLines).toContain("12 Linen Hall Street");
  });
});
