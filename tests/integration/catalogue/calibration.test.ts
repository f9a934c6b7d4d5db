/**
 * Calibrated tones through the real app (issue 19 item 3, decision 071): the admin filament
 * endpoints (who may call them, what they refuse, the audit rows with old and new values), the
 * wedge download, the active k in the catalogue answer the creator's preview reads, and a print
 * job queued under a non-default k whose relief has the thickness that k calls for, kept on the
 * job when the active filament changes later.
 *
 * PRINT_RESOLUTION_MM=1 keeps the panels small so the file is quick.
 */
import { and, desc, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { thicknessForBrightness } from "../../../src/lithophane/heightmap.js";
import { resolvePanelSpec } from "../../../src/lithophane/params.js";
import { filaments, printJobs, userActivityLogs } from "../../../src/server/db/schema.js";
import type { OrderPrintJobs } from "../../../src/server/fulfilment/print-jobs/admin.js";
import { ADMIN_MESSAGE_TEXTS } from "../../../src/shared/admin-messages.js";
import type { CalibrationAnswer, FilamentView } from "../../../src/shared/calibration.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { checkout, lithophaneItem, shippingInfo } from "../../support/checkout.js";
import { pay } from "../../support/orders.js";
import { settled as settledPrintFiles } from "../../support/print-files.js";
import { type Json, jsonRequest } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

function call(method: string, pathname: string, json?: unknown, cookie = admin.cookie) {
  return jsonRequest<Json & CalibrationAnswer>(shop, method, `/api/admin${pathname}`, json, cookie);
}

async function lastAudit(actionType: string) {
  const [row] = await shop.ctx.database.db
    .select()
    .from(userActivityLogs)
    .where(eq(userActivityLogs.actionType, actionType))
    .orderBy(desc(userActivityLogs.id))
    .limit(1);
  return row;
}

function byName(answer: CalibrationAnswer, name: string): FilamentView {
  const found = answer.filaments.find((f) => f.name === name);
  if (!found) throw new Error(`no filament ${name}`);
  return found;
}

beforeAll(async () => {
  // On the grid (PRINT_MAX_ERROR_MM=0): innerThickness reads the relief from the file's vertices.
  shop = await createTestShop({ PRINT_RESOLUTION_MM: "1", PRINT_MAX_ERROR_MM: "0" });
  admin = await createUser(shop, { email: uniqueEmail("calibration-admin"), role: "admin", mfa: true });
  customer = await createUser(shop, { email: uniqueEmail("calibration-customer") });
});
afterAll(async () => {
  await shop?.close();
});

describe("the filaments a fresh shop has", () => {
  it("is one active White PLA at today's k (2 per mm), and the catalogue hands that k to the creator", async () => {
    const { status, body } = await call("GET", "/filaments");
    expect(status).toBe(200);
    // Beside it, the colour printer's cyan, magenta and yellow spools (issue 22), inactive.
    expect(body.filaments.filter((f) => f.active)).toHaveLength(1);
    expect(body.filaments.map((f) => f.name).sort()).toEqual([
      "Cyan PLA",
      "Magenta PLA",
      "White PLA",
      "Yellow PLA",
    ]);
    expect(body.filaments[0]).toMatchObject({ name: "White PLA", attenuationPerMm: 2, active: true });
    expect(body.wedgeStepsMm).toEqual([0.6, 0.87, 1.13, 1.4, 1.67, 1.93, 2.2, 2.47, 2.73, 3]);
    const options = (await (await shop.request("/api/catalog/options")).json()) as Json;
    expect(options.attenuationPerMm).toBe(2);
  });
});

describe("who may calibrate", () => {
  it("anonymous callers and customers get 403 on every filament endpoint", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/filaments"],
      ["POST", "/filaments", { name: "X", colour: "#ffffff" }],
      ["PATCH", `/filaments/${id}`, { name: "Y" }],
      ["POST", `/filaments/${id}/activate`],
      [
        "POST",
        `/filaments/${id}/calibration`,
        { reading: { method: "ratio", thinnerMm: 1, thickerMm: 2, ratio: 0.3 } },
      ],
      ["DELETE", `/filaments/${id}`],
      ["GET", `/filaments/${id}/wedge.3mf`],
    ];
    for (const [method, pathname, json] of calls) {
      expect((await call(method, pathname, json, "")).status, `${method} ${pathname}`).toBe(403);
      expect((await call(method, pathname, json, customer.cookie)).status, `${method} ${pathname}`).toBe(403);
    }
  });
});

describe("filaments and readings", () => {
  let pla: FilamentView;
  let petg: FilamentView;

  it("adds a filament (inactive, default k) and refuses a bad colour, a bad k and a taken name", async () => {
    const added = await call("POST", "/filaments", { name: "Natural PETG", colour: "#E8E4D8" });
    expect(added.status).toBe(201);
    petg = byName(added.body, "Natural PETG");
    expect(petg).toMatchObject({ colour: "#e8e4d8", attenuationPerMm: 2, active: false, calibration: null });
    pla = byName(added.body, "White PLA");
    const audit = await lastAudit("filament.create");
    expect(audit).toMatchObject({ tableName: "filaments", recordId: petg.id, success: true });
    expect(audit?.newValues).toMatchObject({ name: "Natural PETG", attenuationPerMm: 2, active: false });

    const badColour = await call("POST", "/filaments", { name: "Red", colour: "red" });
    expect(badColour.status).toBe(400);
    expect(JSON.stringify(badColour.body)).toContain(ADMIN_MESSAGE_TEXTS.calibration.colourInvalid);
    expect(
      (await call("POST", "/filaments", { name: "Dark", colour: "#000000", attenuationPerMm: 40 })).status,
    ).toBe(400);
    const taken = await call("POST", "/filaments", { name: "natural petg", colour: "#ffffff" });
    expect(taken.status).toBe(409);
    // A refused change leaves a failed row.
    expect(await lastAudit("filament.create")).toMatchObject({ success: false });
    expect(JSON.stringify(taken.body)).toContain(ADMIN_MESSAGE_TEXTS.calibration.nameTaken);
  });

  it("a measured ratio sets k by Beer-Lambert, audit-logged with the old and new k", async () => {
    // 30% of the light from the 0.6 mm step to the 1.4 mm step: k = -ln(0.3) / 0.8 = 1.505.
    const reading = { method: "ratio", thinnerMm: 0.6, thickerMm: 1.4, ratio: 0.3 };
    const res = await call("POST", `/filaments/${petg.id}/calibration`, { reading });
    expect(res.status).toBe(200);
    const after = byName(res.body, "Natural PETG");
    expect(after.attenuationPerMm).toBeCloseTo(-Math.log(0.3) / 0.8, 4);
    expect(after.calibration).toEqual(reading);
    expect(after.calibratedAt).not.toBeNull();
    const audit = await lastAudit("filament.calibrate");
    expect(audit).toMatchObject({ tableName: "filaments", recordId: petg.id, success: true });
    expect(audit?.oldValues).toMatchObject({ attenuationPerMm: 2, calibration: null });
    expect(audit?.newValues).toMatchObject({
      attenuationPerMm: after.attenuationPerMm,
      calibration: reading,
    });
  });

  it("the step matching the reference card sets k too", async () => {
    const reading = { method: "match", thinnestStepMm: 0.6, matchedStepMm: 2.2, cardRelativeLight: 0.18 };
    const res = await call("POST", `/filaments/${pla.id}/calibration`, { reading });
    expect(res.status).toBe(200);
    expect(byName(res.body, "White PLA").attenuationPerMm).toBeCloseTo(-Math.log(0.18) / 1.6, 4);
  });

  it("refuses readings that are malformed (400) or give an impossible k (422), changing nothing", async () => {
    const before = byName((await call("GET", "/filaments")).body, "Natural PETG").attenuationPerMm;
    const thinnerThicker = await call("POST", `/filaments/${petg.id}/calibration`, {
      reading: { method: "ratio", thinnerMm: 2, thickerMm: 1, ratio: 0.3 },
    });
    expect(thinnerThicker.status).toBe(400);
    expect(JSON.stringify(thinnerThicker.body)).toContain(ADMIN_MESSAGE_TEXTS.calibration.thickerThanThinner);
    expect(
      (
        await call("POST", `/filaments/${petg.id}/calibration`, {
          reading: { method: "ratio", thinnerMm: 1, thickerMm: 2, ratio: 1.2 },
        })
      ).status,
    ).toBe(400);
    const impossible = await call("POST", `/filaments/${petg.id}/calibration`, {
      reading: { method: "ratio", thinnerMm: 0.6, thickerMm: 0.87, ratio: 0.001 },
    });
    expect(impossible.status).toBe(422);
    expect(byName((await call("GET", "/filaments")).body, "Natural PETG").attenuationPerMm).toBe(before);
    // The refused change left a failed audit row.
    const failed = await lastAudit("filament.calibrate");
    expect(failed).toMatchObject({ success: false, recordId: petg.id });
    expect((await call("POST", "/filaments/00000000-0000-4000-8000-000000000000/activate")).status).toBe(404);
  });

  it("a typed-in k clears the reading; one filament is active at a time; the active one cannot be removed", async () => {
    const typed = await call("PATCH", `/filaments/${pla.id}`, { attenuationPerMm: 2.1 });
    expect(typed.status).toBe(200);
    expect(byName(typed.body, "White PLA")).toMatchObject({ attenuationPerMm: 2.1, calibration: null });
    const patchAudit = await lastAudit("filament.update");
    expect((patchAudit?.oldValues as Json | undefined)?.attenuationPerMm).toBeCloseTo(
      -Math.log(0.18) / 1.6,
      4,
    );
    expect(patchAudit?.newValues).toMatchObject({ attenuationPerMm: 2.1 });

    const activated = await call("POST", `/filaments/${petg.id}/activate`);
    expect(activated.status).toBe(200);
    expect(activated.body.filaments.filter((f) => f.active).map((f) => f.name)).toEqual(["Natural PETG"]);
    const activateAudit = await lastAudit("filament.activate");
    expect(activateAudit?.oldValues).toMatchObject({ active: false, previouslyActiveId: pla.id });
    // The creator's preview reads the new k from the catalogue at once.
    const options = (await (await shop.request("/api/catalog/options")).json()) as Json;
    expect(options.attenuationPerMm).toBeCloseTo(-Math.log(0.3) / 0.8, 4);

    expect((await call("DELETE", `/filaments/${petg.id}`)).status).toBe(409);
    const extra = await call("POST", "/filaments", { name: "Spare", colour: "#ffffff" });
    const spare = byName(extra.body, "Spare");
    const removed = await call("DELETE", `/filaments/${spare.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.filaments.map((f) => f.name)).not.toContain("Spare");
    expect(await lastAudit("filament.delete")).toMatchObject({ recordId: spare.id, success: true });
  });

  it("downloads the step wedge as an upright 3MF project named for the filament, audit-logged", async () => {
    const res = await shop.request(`/api/admin/filaments/${petg.id}/wedge.3mf`, {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("model/3mf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="wedge-natural-petg.3mf"');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip)).toContain("3D/3dmodel.model");
    const config = new TextDecoder().decode(zip["Metadata/Slic3r_PE.config"]);
    expect(config).toContain("Natural PETG");
    expect(await lastAudit("calibration.wedge_download")).toMatchObject({ recordId: petg.id, success: true });
  });
});

describe("a print job under a calibrated filament", () => {
  /** A 200 x 200 PNG of one grey. */
  async function greyPhoto(grey: number): Promise<Buffer> {
    return sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: grey, g: grey, b: grey } },
    })
      .png()
      .toBuffer();
  }

  async function upload(photo: Buffer) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(photo)], { type: "image/png" }), "grey.png");
    form.set("kind", "main");
    const res = await shop.request("/api/uploads", { method: "POST", body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as { url: string; originalUrl: string };
  }

  /** The relief's thickness inside the lip: the median z of the inner vertices (the flat back has none there). */
  async function innerThickness(orderId: string, jobId: string): Promise<number> {
    const res = await shop.request(`/api/admin/orders/${orderId}/print-jobs/${jobId}/file`, {
      headers: { cookie: admin.cookie },
    });
    const model = new TextDecoder().decode(
      unzipSync(new Uint8Array(await res.arrayBuffer()))["3D/3dmodel.model"],
    );
    const zs: number[] = [];
    for (const m of model.matchAll(/<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"/g)) {
      const [x, y, z] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (x > 20 && x < 160 && y > 20 && y < 160 && z > 0.01) zs.push(z);
    }
    zs.sort((a, b) => a - b);
    expect(zs.length).toBeGreaterThan(1000);
    return zs[Math.floor(zs.length / 2)]!;
  }

  async function paidGreyOrder(grey: number): Promise<string> {
    const photo = await upload(await greyPhoto(grey));
    const item = { ...lithophaneItem("starter"), imageUrl: photo.url, originalImageUrl: photo.originalUrl };
    const answer = await checkout(shop, { cartItems: [item], shippingInfo: shippingInfo() });
    await pay(shop, answer, { live: true });
    return answer.orderId;
  }

  function settled(orderId: string): Promise<OrderPrintJobs> {
    return settledPrintFiles(shop, orderId, admin.cookie, 90_000);
  }

  it("is printed with the active k, kept on the job: a clearer filament makes the same grey thicker", async () => {
    const db = shop.ctx.database.db;
    // A clear filament: k = 0.5 per mm (60% of the light through 1 mm).
    const clear = await call("POST", "/filaments", {
      name: "Clear PETG",
      colour: "#f0f0f0",
      attenuationPerMm: 0.5,
    });
    const clearId = byName(clear.body, "Clear PETG").id;
    expect((await call("POST", `/filaments/${clearId}/activate`)).status).toBe(200);
    const clearOrder = await paidGreyOrder(128);
    // The active filament changes after the job was queued: the job keeps the k it was queued with.
    const pla = byName((await call("GET", "/filaments")).body, "White PLA");
    expect((await call("POST", `/filaments/${pla.id}/activate`)).status).toBe(200);
    const plaOrder = await paidGreyOrder(128);

    const [clearJob] = (await settled(clearOrder)).jobs;
    const [plaJob] = (await settled(plaOrder)).jobs;
    if (!clearJob || !plaJob) throw new Error("no jobs");
    expect(clearJob).toMatchObject({ status: "done", attenuationPerMm: 0.5, filamentName: "Clear PETG" });
    expect(plaJob).toMatchObject({ status: "done", attenuationPerMm: 2.1, filamentName: "White PLA" });
    const [row] = await db
      .select({ k: printJobs.attenuationPerMm })
      .from(printJobs)
      .where(and(eq(printJobs.orderId, clearOrder)));
    expect(row?.k).toBe(0.5);

    // The heightmap's thickness is the one Beer-Lambert gives for grey 128 at each k.
    const spec = (k: number) =>
      resolvePanelSpec({
        shape: "square",
        widthMm: 180,
        heightMm: 180,
        resolutionMm: 1,
        attenuationPerMm: k,
      });
    const expectedClear = thicknessForBrightness(128 / 255, spec(0.5));
    const expectedPla = thicknessForBrightness(128 / 255, spec(2.1));
    expect(expectedClear - expectedPla).toBeGreaterThan(0.2);
    const clearMm = await innerThickness(clearOrder, clearJob.id);
    const plaMm = await innerThickness(plaOrder, plaJob.id);
    expect(clearMm).toBeCloseTo(expectedClear, 1);
    expect(plaMm).toBeCloseTo(expectedPla, 1);
    expect(clearMm - plaMm).toBeGreaterThan(0.2);

    // The project names the filament it was made for.
    const res = await shop.request(`/api/admin/orders/${clearOrder}/print-jobs/${clearJob.id}/file`, {
      headers: { cookie: admin.cookie },
    });
    const config = new TextDecoder().decode(
      unzipSync(new Uint8Array(await res.arrayBuffer()))["Metadata/Slic3r_PE.config"],
    );
    expect(config).toContain("Clear PETG");
    // And the table has one active filament.
    const active = await db.select({ id: filaments.id }).from(filaments).where(eq(filaments.active, true));
    expect(active).toHaveLength(1);
  });
});
