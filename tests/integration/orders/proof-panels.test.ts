/**
 * Every panel proofed (issue 44 items 2 and 4, issue 46 item 5), through the real app: a
 * three-panel Keepsake's proof has a row, a picture, a crop and a state per panel; its e-mail
 * goes once every panel's print file (and picture) is made, with the three pictures (served by
 * the shop through the proof's link), the deadline in words and Approve / Change crop links;
 * panel 2 is re-cropped (its file made again), panel 1 approved alone, then all; the order cannot
 * go to Printing while a panel waits or a re-cropped file is being made; crops are bounded and a
 * panel is re-cropped at most three times.
 */
import { PROOF_ADMIN_TEXTS, PROOF_TEXTS } from "@shared/proofs";
import { formatShopMoment } from "@shared/shop-dates";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItems,
  orderProofPanels,
  orderProofs,
  outboxEmails,
  printJobs,
} from "../../../src/server/db/schema.js";
import { changeFulfilmentStatus, queueReadyProofEmails } from "../../../src/server/orders/index.js";
import { runWorkflow } from "../../../src/server/platform/index.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import {
  type CheckoutAnswer,
  checkout,
  FIXTURE_PREFIX,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { expectRefused } from "../../support/proofs.js";
import { type Json, jsonRequest, randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

function api(method: string, path: string, json?: unknown, cookie: string | null = null) {
  return jsonRequest(shop, method, path, json, cookie);
}

/** The fixture photos' files in storage: a different picture per panel (the previews). */
async function storeFixtureFiles(): Promise<void> {
  const colours = ["#b91c1c", "#15803d", "#1d4ed8"];
  const previews = [
    `${FIXTURE_PREFIX}-photo-preview.webp`,
    `${FIXTURE_PREFIX}-additional-0-photo-preview.webp`,
    `${FIXTURE_PREFIX}-additional-1-photo-preview.webp`,
  ];
  for (const [i, key] of previews.entries()) {
    const body = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: colours[i]! } })
      .webp()
      .toBuffer();
    await shop.ctx.storage.put(key, body, "image/webp");
  }
}

function toPrinting(orderId: string) {
  return runWorkflow(shop.ctx, (tx) =>
    changeFulfilmentStatus(shop.ctx, tx, orderId, admin.userId, { status: "printing" }),
  );
}

/** The print worker's answer for the order's pending jobs (the twin off, as in tests). */
async function finishJobs(orderId: string, panelIndexes: number[]): Promise<void> {
  for (const panelIndex of panelIndexes) {
    await shop.ctx.database.db
      .update(printJobs)
      .set({
        status: "done",
        progress: 1,
        fileKey: `print-files/${orderId}/${panelIndex}.3mf`,
        twinStatus: "off",
      })
      .where(and(eq(printJobs.orderId, orderId), eq(printJobs.panelIndex, panelIndex)));
  }
}

/** The owner's print queue (issue 47 item 10): this order's panels as [panel, stage]. */
async function queueOf(orderId: string): Promise<Array<[number, string]>> {
  const queue = await api("GET", "/api/admin/print-queue?tests=on", undefined, admin.cookie);
  expect(queue.status).toBe(200);
  return (queue.body.panels as Json[])
    .filter((p) => p.orderId === orderId)
    .map((p): [number, string] => [p.panelNumber as number, p.stage as string])
    .sort((a, b) => a[0] - b[0]);
}

async function proofMail(orderId: string) {
  const [mail] = await shop.ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.dedupeKey, `order:proof:${orderId}`));
  return mail ?? null;
}

beforeAll(async () => {
  // The proof sweep runs only when this test asks (no interval round in the middle of a step),
  // and the print worker is off: the test plays its part (finishJobs).
  shop = await createTestShop({
    OWNER_EMAIL: "owner@example.com",
    ORDER_EXPIRY_SWEEP_SECONDS: "3600",
    PRINT_WORKER: "off",
  });
  shop.ctx.proofs = { wake: () => {} };
  await storeFixturePhotos(shop);
  await storeFixtureFiles();
  admin = await createUser(shop, { email: uniqueEmail("panels-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("a Keepsake's three panels, each proofed", () => {
  let order: CheckoutAnswer;
  let token: string;
  let itemId: string;

  it("payment starts a proof with a row per panel, and no e-mail before the pictures exist", async () => {
    order = await checkout(shop, {
      cartItems: [lithophaneItem("gift")],
      shippingInfo: shippingInfo({ email: uniqueEmail("keepsake") }),
    });
    expect((await pressTestButton(shop, order, "pay")).status).toBe(303);
    const panels = await shop.ctx.database.db
      .select()
      .from(orderProofPanels)
      .where(eq(orderProofPanels.orderId, order.orderId));
    expect(panels.map((p) => [p.panelIndex, p.state]).sort()).toEqual([
      [0, "awaiting"],
      [1, "awaiting"],
      [2, "awaiting"],
    ]);
    itemId = panels[0]!.orderItemId;
    // The owner asks for the test order's print files: three jobs, being made.
    const made = await api("POST", `/api/admin/orders/${order.orderId}/print-jobs`, undefined, admin.cookie);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await queueOf(order.orderId)).toEqual([
      [1, "making"],
      [2, "making"],
      [3, "making"],
    ]);
    await queueReadyProofEmails(shop.ctx);
    expect(await proofMail(order.orderId)).toBeNull();
    await finishJobs(order.orderId, [0, 1]);
    await queueReadyProofEmails(shop.ctx);
    expect(await proofMail(order.orderId), "two of three pictures: no e-mail yet").toBeNull();
    // Not mailed: the sweep does not decide it, whatever the time.
    const card = await api(
      "GET",
      `/api/orders/${order.orderId}/proof?token=${encodeURIComponent(order.token)}`,
    );
    const proof = card.body.proof as Json;
    token = proof.token as string;
    const views = proof.panels as Json[];
    expect(views).toHaveLength(3);
    expect(views.map((p) => p.making === null)).toEqual([true, true, false]);
  });

  it("one e-mail, once the three pictures exist: each picture, the deadline in words, the links", async () => {
    await finishJobs(order.orderId, [2]);
    const before = Date.now();
    await queueReadyProofEmails(shop.ctx);
    await queueReadyProofEmails(shop.ctx);
    const mail = await proofMail(order.orderId);
    expect(mail).not.toBeNull();
    const rows = await shop.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "proof_request"));
    expect(rows.filter((r) => r.dedupeKey === `order:proof:${order.orderId}`)).toHaveLength(1);
    const [proofRow] = await shop.ctx.database.db
      .select()
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.orderId));
    // The window starts with the e-mail.
    expect(proofRow!.mailedAt).not.toBeNull();
    expect(proofRow!.dueAt.getTime()).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 1000);
    const html = mail!.htmlBody ?? "";
    const text = mail!.textBody ?? "";
    expect(text).toContain(`until ${formatShopMoment(proofRow!.dueAt)}`);
    expect(text).toMatch(/until \w+day \d{1,2} \w+, \d{1,2}:\d\d [ap]m/);
    for (const caption of ["Panel 1 of 3", "Panel 2 of 3", "Panel 3 of 3"]) expect(text).toContain(caption);
    expect(text).toContain(`${PROOF_TEXTS.emailApprove(3)}: http`);
    expect(text).toContain(`${PROOF_TEXTS.emailChangeCrop}: http`);
    expect(text).toMatch(/\/proof\?token=[^\s#]+#approve/);
    expect(text).toMatch(/\/proof\?token=[^\s#]+#crop/);
    // Three pictures in the e-mail itself, each on the shop's own address.
    const sources = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(sources).toHaveLength(3);
    const colours: number[][] = [];
    for (const src of sources) {
      expect(src.startsWith(`${shop.ctx.config.publicUrl}/api/proofs/picture?`)).toBe(true);
      const url = new URL(src);
      const picture = await shop.request(`${url.pathname}${url.search}`, {
        headers: { "x-forwarded-for": randomIp() },
      });
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/jpeg");
      const { data } = await sharp(Buffer.from(await picture.arrayBuffer()))
        .resize(1, 1)
        .raw()
        .toBuffer({ resolveWithObject: true });
      colours.push([...data]);
    }
    // Each panel's own photo: red, green, blue.
    expect(colours.map((c) => c.indexOf(Math.max(...c)))).toEqual([0, 1, 2]);
  });

  it("panel 2 re-cropped: its file is made again; printing waits for approval and the new file", async () => {
    const cropPreviews = async () => {
      const detail = await api("GET", `/api/admin/orders/${order.orderId}`, undefined, admin.cookie);
      expect(detail.status).toBe(200);
      return ((detail.body.order as Json).items as Json[])[0]?.cropPreviews as string[];
    };
    const before = await cropPreviews();
    expect(before).toHaveLength(3);
    const crop = await api("POST", "/api/proofs/crop", {
      token,
      itemId,
      panelIndex: 1,
      cropPixels: { x: 200, y: 100, width: 1200, height: 1200 },
      crop: { x: -10, y: 5, zoom: 1.3 },
    });
    expect(crop.status, JSON.stringify(crop.body)).toBe(200);
    const view = crop.body.proof as Json;
    expect(view.state).toBe("changed");
    expect((view.panels as Json[]).map((p) => p.state)).toEqual(["awaiting", "changed", "awaiting"]);
    expect((view.panels as Json[])[1]?.changesLeft).toBe(2);
    const [item] = await shop.ctx.database.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item?.config.additionalCropPixels).toEqual([{ x: 200, y: 100, width: 1200, height: 1200 }, null]);
    // The owner's crop preview follows the new crop (issue 47 item 9): a new address, the new cut.
    const after = await cropPreviews();
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    const preview = await shop.request(after[1] ?? "", { headers: { cookie: admin.cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    const cut = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(cut.width).toBe(cut.height);
    expect((await shop.request(after[1] ?? "")).status).toBe(403);
    const jobs = await shop.ctx.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.orderId, order.orderId));
    expect(jobs.find((j) => j.panelIndex === 1)?.status).toBe("pending");
    expect(jobs.filter((j) => j.panelIndex !== 1).map((j) => j.status)).toEqual(["done", "done"]);

    // The print queue: panel 2's file is made again, the others wait for the proof.
    expect(await queueOf(order.orderId)).toEqual([
      [1, "proof"],
      [2, "making"],
      [3, "proof"],
    ]);

    // Panel 1 approved alone: the proof still waits.
    const one = await api("POST", "/api/proofs/approve", { token, panels: [{ itemId, panelIndex: 0 }] });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect((one.body.proof as Json).state).toBe("changed");
    const again = await api("POST", "/api/proofs/approve", { token, panels: [{ itemId, panelIndex: 0 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROOF_TEXTS.panelDecided);
    await expectRefused(toPrinting(order.orderId), 409, "waiting_for_proof");

    // Approve all: the rest.
    const all = await api("POST", "/api/proofs/approve", { token });
    expect(all.status).toBe(200);
    const approved = all.body.proof as Json;
    expect(approved.state).toBe("approved");
    expect((approved.panels as Json[]).every((p) => p.state === "approved")).toBe(true);
    // Approved, but panel 2's new file is still being made: not yet.
    const refusal = await toPrinting(order.orderId).then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(refusal?.code).toBe("print_file_remaking");
    expect(refusal?.message).toBe(PROOF_ADMIN_TEXTS.printRemaking);
    await finishJobs(order.orderId, [1]);
    expect(await queueOf(order.orderId)).toEqual([
      [1, "ready"],
      [2, "ready"],
      [3, "ready"],
    ]);
    expect((await toPrinting(order.orderId)).change.to).toBe("printing");
    expect((await queueOf(order.orderId)).map(([, stage]) => stage)).toEqual([
      "printing",
      "printing",
      "printing",
    ]);
    // A customer never sees it.
    const customer = await createUser(shop, { email: uniqueEmail("queue-customer") });
    expect((await api("GET", "/api/admin/print-queue", undefined, customer.cookie)).status).toBe(403);
  });

  it("the owner's print files show each panel's state", async () => {
    const files = await api("GET", `/api/admin/orders/${order.orderId}/print-jobs`, undefined, admin.cookie);
    expect(files.status).toBe(200);
    const proof = (files.body.printFiles as Json).proof as Json;
    expect(proof.mailedAt).not.toBeNull();
    expect((proof.panels as Json[]).map((p) => [p.panelNumber, p.state, p.changes])).toEqual([
      [1, "approved", 0],
      [2, "approved", 1],
      [3, "approved", 0],
    ]);
  });
});

describe("a proof's crop, bounded (issue 46 item 5)", () => {
  it("refuses nonsense crops at the edge and a fourth re-crop of a panel, with a clear message", async () => {
    const paid = await checkout(shop, {
      cartItems: [lithophaneItem("starter")],
      shippingInfo: shippingInfo({ email: uniqueEmail("crop-cap") }),
    });
    expect((await pressTestButton(shop, paid, "pay")).status).toBe(303);
    await queueReadyProofEmails(shop.ctx);
    const card = await api(
      "GET",
      `/api/orders/${paid.orderId}/proof?token=${encodeURIComponent(paid.token)}`,
    );
    const proof = card.body.proof as Json;
    const token = proof.token as string;
    const itemId = (proof.panels as Json[])[0]?.itemId as string;
    const crop = { x: 0, y: 0, zoom: 1 };
    for (const cropPixels of [
      { x: 0, y: 0, width: 0.0001, height: 0.0001 },
      { x: 1e300, y: 0, width: 800, height: 800 },
      { x: 0, y: -5, width: 800, height: 800 },
    ]) {
      const refused = await api("POST", "/api/proofs/crop", { token, itemId, cropPixels, crop });
      expect(refused.status, JSON.stringify(cropPixels)).toBe(400);
    }
    const outside = await api("POST", "/api/proofs/crop", {
      token,
      itemId,
      cropPixels: { x: 1000, y: 0, width: 800, height: 800 },
      crop,
    });
    expect(outside.status).toBe(400);
    for (let i = 0; i < 3; i++) {
      const ok = await api("POST", "/api/proofs/crop", {
        token,
        itemId,
        cropPixels: { x: 100 * i, y: 0, width: 800, height: 800 },
        crop,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    const fourth = await api("POST", "/api/proofs/crop", {
      token,
      itemId,
      cropPixels: { x: 0, y: 0, width: 900, height: 900 },
      crop,
    });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(PROOF_TEXTS.tooManyCropChanges);
    // The owner was alerted three times, not four.
    const alerts = await shop.ctx.database.db
      .select({ key: outboxEmails.dedupeKey })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "owner_alert"));
    expect(alerts.filter((a) => a.key.startsWith(`alert:proof:${paid.orderId}:crop:`))).toHaveLength(3);
  });
});
