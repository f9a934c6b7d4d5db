/**
 * A paid lamp's print file through the real app (issue 48 item 2): one job for the line, made by
 * the runner as an upright cylinder 3MF from both photos with the lamp's embedded settings, centred
 * on the owner's printer; with PrusaSlicer installed its G-code twin is the unrolled cylinder,
 * judged at the cylinder's thresholds. The lamp is made 40 mm across and 40 mm tall so a slice
 * takes seconds.
 */
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAMP_PRINT_SETTINGS_PREFIX } from "../../../src/lithophane/lamp/index.js";
import { productOptions } from "../../../src/server/db/schema.js";
import { PROOF_TEXTS } from "../../../src/shared/proofs.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { FIXTURE_PREFIX, lampItem, storeFixturePhotos } from "../../support/checkout.js";
import { paidOrder } from "../../support/orders.js";
import { settled } from "../../support/print-files.js";
import { proofMailed, proofMailToken } from "../../support/proofs.js";
import { jsonRequest, requestAs } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { slicerPath, twinShop } from "../../support/twin-shop.js";

let shop: TestShop;
let admin: TestUser;

/** An asymmetric photo: a dark bar on the left third and a dark square low on the right. */
async function asymmetricPhoto(): Promise<Buffer> {
  const n = 300;
  const pixels = Buffer.alloc(n * n, 220);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (x < n / 3 || (x > (2 * n) / 3 && y > (2 * n) / 3)) pixels[y * n + x] = 30;
    }
  }
  return sharp(pixels, { raw: { width: n, height: n, channels: 1 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

beforeAll(async () => {
  // With PrusaSlicer the twin runs (proofs off); without it, the file alone.
  if (slicerPath) {
    ({ shop, admin } = await twinShop(slicerPath, { PRINT_RESOLUTION_MM: "0.5" }));
  } else {
    shop = await createTestShop({ PRINT_RESOLUTION_MM: "0.5" });
    await storeFixturePhotos(shop);
    admin = await createUser(shop, { email: uniqueEmail("lamp-admin"), role: "admin", mfa: true });
    const photo = await asymmetricPhoto();
    await shop.ctx.storage.put(`${FIXTURE_PREFIX}-photo.jpg`, photo, "image/jpeg");
  }
  const second = await asymmetricPhoto();
  await shop.ctx.storage.put(`${FIXTURE_PREFIX}-additional-0-photo.jpg`, second, "image/jpeg");
  await shop.ctx.storage.put(
    `${FIXTURE_PREFIX}-additional-0-photo-preview.webp`,
    await sharp(second).webp().toBuffer(),
    "image/webp",
  );
  await shop.ctx.database.db
    .update(productOptions)
    .set({ widthMm: 40, heightMm: 40, status: "enabled" })
    .where(and(eq(productOptions.optionType, "lamp_size"), eq(productOptions.value, "small")));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe("a paid lamp", () => {
  it("is one upright cylinder 3MF of both photos, with its twin unrolled", async () => {
    const answer = await paidOrder(shop, { body: { cartItems: [lampItem(2, "small")] }, live: true });
    const files = await settled(shop, answer.orderId, admin.cookie, 600_000);
    expect(files.jobs).toHaveLength(1);
    const [job] = files.jobs;
    expect(job?.status, job?.error ?? "").toBe("done");
    const res = await requestAs(
      shop,
      "GET",
      `/api/admin/orders/${answer.orderId}/print-jobs/${job?.id}/file`,
      admin.cookie,
    );
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const settings = strFromU8(zip["Metadata/Slic3r_PE.config"] ?? new Uint8Array());
    expect(settings).toContain(LAMP_PRINT_SETTINGS_PREFIX);
    // Upright: a round wall 40 mm across (its rims) and 40 mm tall.
    const model = strFromU8(zip["3D/3dmodel.model"] ?? new Uint8Array());
    const xs: number[] = [];
    const ys: number[] = [];
    const zs: number[] = [];
    for (const m of model.matchAll(/<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"/g)) {
      xs.push(Number(m[1]));
      ys.push(Number(m[2]));
      zs.push(Number(m[3]));
    }
    const span = (values: number[]) => Math.max(...values) - Math.min(...values);
    expect(span(xs)).toBeCloseTo(40, 0);
    expect(span(ys)).toBeCloseTo(40, 0);
    expect(span(zs)).toBeCloseTo(40, 1);
    // Round: every vertex at most the outer radius from the axis.
    const [cx, cy] = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2];
    expect(Math.max(...xs.map((x, i) => Math.hypot(x - cx, (ys[i] ?? 0) - cy)))).toBeLessThanOrEqual(20.05);
    if (slicerPath) {
      expect(job?.twinStatus).toBe("passed");
      expect(job?.twinSsim ?? 0).toBeGreaterThan(0.85);
    }
  }, 700_000);
});

describe("a lamp's proof", () => {
  it("is one picture: the lamp lit and unrolled, wider than tall, from both photos", async () => {
    const on = await requestAs(shop, "PUT", "/api/admin/settings/proofs", admin.cookie, {
      enabled: true,
      windowHours: 48,
    });
    expect(on.status).toBe(200);
    const answer = await paidOrder(shop, { body: { cartItems: [lampItem(2, "small")] } });
    await proofMailed(shop, answer.orderId);
    const { token } = await proofMailToken(shop, answer.orderId);
    const view = await jsonRequest(shop, "GET", `/api/proofs?token=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    const panels = (view.body.proof as { panels: Array<{ twinUrl: string | null }> }).panels;
    expect(panels).toHaveLength(1);
    const url = panels[0]?.twinUrl;
    expect(url).toBeTruthy();
    const picture = await shop.request(url ?? "");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    const { width = 0, height = 0 } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    // 40 mm across: a circumference of about 126 mm round a 40 mm wall.
    expect(width / height).toBeGreaterThan(2.5);
    // Its photos are positioned in its creator: the proof offers approval, not a crop.
    const itemId = (view.body.proof as { panels: Array<{ itemId: string; photo: unknown }> }).panels[0]
      ?.itemId;
    expect((view.body.proof as { panels: Array<{ photo: unknown }> }).panels[0]?.photo).toBeNull();
    const crop = await jsonRequest(shop, "POST", "/api/proofs/crop", {
      token,
      itemId,
      panelIndex: 0,
      cropPixels: { x: 0, y: 0, width: 200, height: 200 },
      crop: { x: 0, y: 0, zoom: 1 },
    });
    expect(crop.status).toBe(409);
    expect(crop.body.message).toBe(PROOF_TEXTS.cropNotOffered);
  }, 120_000);
});
