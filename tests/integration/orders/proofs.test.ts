/**
 * The customer's proof through the real app (issue 32 item 3): payment starts it (e-mail with a
 * signed link, the order's timeline), the customer changes the crop and approves through the
 * link; approving twice, approving after the window, changing the crop after approval and another
 * order's link are refused; the sweep auto-approves once the window is over; nothing is printed
 * before approval.
 */
import { LIGHTBOX_KIND } from "@shared/product-types/kinds";
import { PROOF_ADMIN_TEXTS, PROOF_TEXTS, proofPieceOf } from "@shared/proofs";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orderStatusHistory, outboxEmails } from "../../../src/server/db/schema.js";
import {
  approveProof,
  autoApproveDueProofs,
  changeFulfilmentStatus,
} from "../../../src/server/orders/index.js";
import { runWorkflow } from "../../../src/server/platform/index.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { type CheckoutAnswer, storeFixturePhotos } from "../../support/checkout.js";
import { expectRefused, paidPanelWithProof, proofMailToken } from "../../support/proofs.js";
import { type Json, jsonRequest } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

function api(method: string, path: string, json?: unknown, cookie: string | null = null) {
  return jsonRequest(shop, method, path, json, cookie);
}

function proofOrder(email: string): Promise<CheckoutAnswer> {
  return paidPanelWithProof(shop, { email });
}

async function timeline(orderId: string): Promise<string[]> {
  const rows = await shop.ctx.database.db
    .select({ note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
  return rows.map((r) => r.note ?? "");
}

async function proofAlerts(orderId: string): Promise<string[]> {
  const rows = await shop.ctx.database.db
    .select({ key: outboxEmails.dedupeKey })
    .from(outboxEmails)
    .where(like(outboxEmails.dedupeKey, `alert:proof:${orderId}%`));
  return rows.map((r) => r.key);
}

beforeAll(async () => {
  shop = await createTestShop({ OWNER_EMAIL: "owner@example.com" });
  await storeFixturePhotos(shop);
  admin = await createUser(shop, { email: uniqueEmail("proof-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("the customer's proof", () => {
  let first: CheckoutAnswer;
  let token: string;

  it("payment sends the proof e-mail with a signed link and writes the timeline", async () => {
    const email = uniqueEmail("proof-customer");
    first = await proofOrder(email);
    const mail = await proofMailToken(shop, first.orderId);
    expect(mail.to).toBe(email);
    expect(mail.subject).toContain(
      PROOF_TEXTS.emailSubject(first.displayNumber, proofPieceOf([LIGHTBOX_KIND])),
    );
    token = mail.token;
    const view = await api("GET", `/api/proofs?token=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    const proof = view.body.proof as Json;
    expect(proof.state).toBe("awaiting");
    expect(proof.open).toBe(true);
    expect((proof.panels as Json[]).length).toBe(1);
    // The twin is off in tests: the card shows the creator's preview.
    expect((proof.panels as Json[])[0]?.twinUrl).toBeNull();
    expect(await timeline(first.orderId)).toContain(
      "Proof sent to the customer: awaiting approval (auto-approved after 48 h)",
    );
    // The order page's card: with the checkout's token, the same proof (and its signed token).
    const card = await api(
      "GET",
      `/api/orders/${first.orderId}/proof?token=${encodeURIComponent(first.token)}`,
    );
    expect(card.status).toBe(200);
    expect((card.body.proof as Json).state).toBe("awaiting");
  });

  it("nothing is printed before approval", async () => {
    await expectRefused(
      runWorkflow(shop.ctx, (tx) =>
        changeFulfilmentStatus(shop.ctx, tx, first.orderId, admin.userId, { status: "printing" }),
      ),
      409,
      "waiting_for_proof",
    );
    expect(PROOF_ADMIN_TEXTS.printWaiting).toContain("not approved");
  });

  it("another order's link or token is refused", async () => {
    const other = await proofOrder(uniqueEmail("proof-other"));
    // The other customer's checkout token does not open this order's card.
    const card = await api(
      "GET",
      `/api/orders/${first.orderId}/proof?token=${encodeURIComponent(other.token)}`,
    );
    expect(card.status).toBe(404);
    // A token whose id is swapped for this order's fails its signature.
    const { token: otherToken } = await proofMailToken(shop, other.orderId);
    const forged = otherToken.replace(other.orderId, first.orderId);
    const approve = await api("POST", "/api/proofs/approve", { token: forged });
    expect(approve.status).toBe(404);
    expect(approve.body.message).toBe(PROOF_TEXTS.invalid);
    // The other order's link changes only the other order.
    const [item] = await shop.ctx.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, first.orderId));
    const crop = await api("POST", "/api/proofs/crop", {
      token: otherToken,
      itemId: item?.id,
      cropPixels: { x: 0, y: 0, width: 800, height: 800 },
      crop: { x: 10, y: 0, zoom: 2 },
    });
    expect(crop.status).toBe(404);
  });

  it("the customer changes the crop, then approves; twice and a crop after approval are refused", async () => {
    const [item] = await shop.ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, first.orderId));
    if (!item) throw new Error("no item");
    const outside = await api("POST", "/api/proofs/crop", {
      token,
      itemId: item.id,
      cropPixels: { x: 1000, y: 0, width: 800, height: 800 },
      crop: { x: 0, y: 0, zoom: 2 },
    });
    expect(outside.status).toBe(400);
    const changed = await api("POST", "/api/proofs/crop", {
      token,
      itemId: item.id,
      cropPixels: { x: 400, y: 200, width: 800, height: 800 },
      crop: { x: -40, y: 10, zoom: 2 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body.proof as Json).state).toBe("changed");
    const [after] = await shop.ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(after?.config.cropPixels).toEqual({ x: 400, y: 200, width: 800, height: 800 });

    const approved = await api("POST", "/api/proofs/approve", { token });
    expect(approved.status).toBe(200);
    expect((approved.body.proof as Json).state).toBe("approved");
    const twice = await api("POST", "/api/proofs/approve", { token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(PROOF_TEXTS.decided);
    const late = await api("POST", "/api/proofs/crop", {
      token,
      itemId: item.id,
      cropPixels: { x: 0, y: 0, width: 800, height: 800 },
      crop: { x: 0, y: 0, zoom: 2 },
    });
    expect(late.status).toBe(409);

    const notes = await timeline(first.orderId);
    expect(notes).toContain("Proof: the customer changed the crop of lightbox 1");
    expect(notes).toContain("Proof approved by the customer");
    expect(await proofAlerts(first.orderId)).toEqual(
      expect.arrayContaining([
        `alert:proof:${first.orderId}:crop:1`,
        `alert:proof:${first.orderId}:approved`,
      ]),
    );
    // Approved: the order may now go to the printer.
    const printing = await runWorkflow(shop.ctx, (tx) =>
      changeFulfilmentStatus(shop.ctx, tx, first.orderId, admin.userId, { status: "printing" }),
    );
    expect(printing.change.to).toBe("printing");
  });

  it("after the window the customer cannot approve; the sweep auto-approves once", async () => {
    const order = await proofOrder(uniqueEmail("proof-lapse"));
    const { token: lapseToken } = await proofMailToken(shop, order.orderId);
    const later = new Date(Date.now() + 49 * 3_600_000);
    await expectRefused(
      runWorkflow(shop.ctx, (tx) =>
        approveProof(shop.ctx, tx, { orderId: order.orderId, by: "guest", now: later }),
      ),
      409,
      "proof_window_over",
    );
    // Before the window ends the sweep leaves it alone.
    await autoApproveDueProofs(shop.ctx, new Date(Date.now() + 47 * 3_600_000));
    expect(
      ((await api("GET", `/api/proofs?token=${encodeURIComponent(lapseToken)}`)).body.proof as Json).state,
    ).toBe("awaiting");
    await autoApproveDueProofs(shop.ctx, later);
    await autoApproveDueProofs(shop.ctx, later);
    const view = (await api("GET", `/api/proofs?token=${encodeURIComponent(lapseToken)}`)).body.proof as Json;
    expect(view.state).toBe("auto_approved");
    const notes = await timeline(order.orderId);
    expect(
      notes.filter((n) => n === "Proof auto-approved: the customer's time to review ended"),
    ).toHaveLength(1);
    expect(await proofAlerts(order.orderId)).toEqual([`alert:proof:${order.orderId}:auto_approved`]);
  });

  it("the owner's setting off: no proof is asked", async () => {
    const put = await api(
      "PUT",
      "/api/admin/settings/proofs",
      { enabled: false, windowHours: 24 },
      admin.cookie,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const order = await proofOrder(uniqueEmail("proof-off"));
    const rows = await shop.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.dedupeKey, `order:proof:${order.orderId}`)));
    expect(rows).toHaveLength(0);
    await api("PUT", "/api/admin/settings/proofs", { enabled: true, windowHours: 48 }, admin.cookie);
  });
});
