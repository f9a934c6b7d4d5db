/**
 * Colour lithophanes as a product (issue 22, items 3 and 4; decisions 105-107) through the real app:
 * the seeded Colour option and its modifier in the server's prices, production days +2 in the
 * promised delivery window and the dispatch-by day, the colour printer's four spools (who may set
 * them, what is refused, the audit row), and a paid colour order's print job: processing colour,
 * the spools fixed on it, a multi-material 3MF with four parts on extruders 1-4.
 *
 * PRINT_RESOLUTION_MM=1 keeps the panels small so the file is quick.
 */
import { desc, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCartItems } from "../../../src/server/catalogue/pricing.js";
import { orders, userActivityLogs } from "../../../src/server/db/schema.js";
import type { OrderPrintJobs } from "../../../src/server/fulfilment/print-jobs/admin.js";
import type { CartItem } from "../../../src/shared/cart.js";
import type { CalibrationScreenAnswer } from "../../../src/shared/colour-printer.js";
import { addWorkingDays } from "../../../src/shared/delivery-dates.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import {
  checkout,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "../../support/checkout.js";
import { pay } from "../../support/orders.js";
import { type Json, jsonRequest } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

function colourItem(bundleId: "starter" | "gift" = "starter"): CartItem {
  const item = lithophaneItem(bundleId);
  return { ...item, config: { ...item.config, processing: "colour" } as CartItem["config"] };
}

function call(method: string, pathname: string, json?: unknown, cookie = admin.cookie) {
  return jsonRequest<Json & CalibrationScreenAnswer>(shop, method, `/api/admin${pathname}`, json, cookie);
}

beforeAll(async () => {
  shop = await createTestShop({ PRINT_RESOLUTION_MM: "1" });
  admin = await createUser(shop, { email: uniqueEmail("colour-admin"), role: "admin", mfa: true });
  customer = await createUser(shop, { email: uniqueEmail("colour-customer") });
  await storeFixturePhotos(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe("the Colour option", () => {
  it("is enabled in the seed at £15, and the creator's catalogue carries the colour printer's four spools", async () => {
    const answer = (await (await shop.request("/api/catalog/options")).json()) as {
      options: { processing: Array<{ id: string; status: string; priceModifierPence: number }> };
      colourFilaments: Array<{ role: string; colour: string; attenuationPerMm: Json }>;
    };
    expect(answer.options.processing.map((o) => [o.id, o.status, o.priceModifierPence])).toEqual([
      ["grayscale", "enabled", 0],
      ["colour", "enabled", 1500],
    ]);
    expect(answer.colourFilaments.map((f) => f.role)).toEqual(["white", "cyan", "magenta", "yellow"]);
  });

  it("is priced by the server as the bundle plus the colour modifier per panel (decision 331)", async () => {
    const [starter, gift] = await priceCartItems(shop.ctx.database.db, [
      colourItem("starter").config,
      colourItem("gift").config,
    ]);
    expect(starter).toMatchObject({ ok: true, unitPricePence: 5450 + 1500 });
    expect(gift).toMatchObject({ ok: true, unitPricePence: 9315 + 3 * 1500 });
  });

  it("follows the owner's modifier set in the admin", async () => {
    const options = (await call("GET", "/options")).body as unknown as {
      options: Array<{ id: string; optionType: string; value: string }>;
    };
    const colour = options.options.find((o) => o.optionType === "processing" && o.value === "colour");
    if (!colour) throw new Error("no colour option");
    expect((await call("PATCH", `/options/${colour.id}`, { priceModifierPence: 1750 })).status).toBe(200);
    const [priced] = await priceCartItems(shop.ctx.database.db, [colourItem().config]);
    expect(priced).toMatchObject({ ok: true, unitPricePence: 5450 + 1750 });
    expect((await call("PATCH", `/options/${colour.id}`, { priceModifierPence: 1500 })).status).toBe(200);
  });
});

describe("production days", () => {
  it("promise a colour order's delivery 2 working days later than a greyscale one's, and its dispatch-by too", async () => {
    const grey = await checkout(shop, { cartItems: [lithophaneItem()], shippingInfo: shippingInfo() });
    const colour = await checkout(shop, {
      cartItems: [colourItem(), lithophaneItem()],
      shippingInfo: shippingInfo(),
    });
    const db = shop.ctx.database.db;
    const row = async (id: string) =>
      (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0] ?? null;
    const g = await row(grey.orderId);
    const c = await row(colour.orderId);
    if (!g?.deliveryEarliest || !g.deliveryLatest || !c?.deliveryEarliest || !c.deliveryLatest)
      throw new Error("no delivery window");
    // Two working days on from the greyscale window (Sundays and bank holidays skipped).
    const holidays = new Set<string>();
    const sundaysOnly = (day: string) => addWorkingDays(day, 2, holidays);
    expect(c.deliveryEarliest >= sundaysOnly(g.deliveryEarliest)).toBe(true);
    expect(c.deliveryLatest >= sundaysOnly(g.deliveryLatest)).toBe(true);
    expect(c.deliveryEarliest > g.deliveryEarliest).toBe(true);

    // The shipping answer checkout shows carries the colour windows too.
    const zones = (await (await shop.request("/api/shipping/zones")).json()) as {
      zones: Array<{ countries: string[]; windows: Json; colourWindows: Json }>;
    };
    const uk = zones.zones.find((z) => z.countries.includes("GB"));
    const std = (w: Json) => w.standard as { earliest: string; latest: string };
    expect(uk && std(uk.colourWindows).earliest).toBe(c.deliveryEarliest);
    expect(uk && std(uk.colourWindows).latest).toBe(c.deliveryLatest);

    // Paid: the admin's dispatch-by day is 2 working days later for the colour order.
    expect((await pressTestButton(shop, grey, "pay")).status).toBe(303);
    expect((await pressTestButton(shop, colour, "pay")).status).toBe(303);
    const detail = async (id: string) =>
      (
        (await (
          await shop.request(`/api/admin/orders/${id}`, { headers: { cookie: admin.cookie } })
        ).json()) as {
          order: { dispatchBy: string };
        }
      ).order.dispatchBy;
    const [gBy, cBy] = [await detail(grey.orderId), await detail(colour.orderId)];
    expect(cBy > gBy).toBe(true);
  });
});

describe("the colour printer", () => {
  it("is four seeded spools on extruders 1-4, and only admins may change it", async () => {
    const { status, body } = await call("GET", "/filaments");
    expect(status).toBe(200);
    expect(body.colourPrinter.ready).toBe(true);
    expect(body.colourPrinter.slots.map((s) => [s.role, s.name, s.extruder])).toEqual([
      ["white", "White PLA", 1],
      ["cyan", "Cyan PLA", 2],
      ["magenta", "Magenta PLA", 3],
      ["yellow", "Yellow PLA", 4],
    ]);
    // The white relief is still the one active filament for greyscale panels.
    expect(body.filaments.filter((f) => f.active).map((f) => f.name)).toEqual(["White PLA"]);
    const put = { slots: [] };
    expect((await call("PUT", "/colour-printer", put, "")).status).toBe(403);
    expect((await call("PUT", "/colour-printer", put, customer.cookie)).status).toBe(403);
  });

  it("is saved whole (audited, old and new), with a channel k computed from a wedge reading", async () => {
    const before = (await call("GET", "/filaments")).body.colourPrinter.slots;
    const slots = before.map((s) => ({
      role: s.role,
      filamentId: s.filamentId,
      // Cyan and white swap extruders 1 and 2.
      extruder: s.role === "white" ? 2 : s.role === "cyan" ? 1 : s.extruder,
      attenuationPerMm: s.attenuationPerMm,
    }));
    // Magenta from a reading: 0.6 -> 1.4 mm, red 70%, green 2%, blue 60%.
    const magenta = slots.find((s) => s.role === "magenta");
    if (!magenta) throw new Error("no magenta");
    Object.assign(magenta, {
      attenuationPerMm: undefined,
      reading: { thinnerMm: 0.6, thickerMm: 1.4, ratio: { r: 0.7, g: 0.02, b: 0.6 } },
    });
    const saved = await call("PUT", "/colour-printer", { slots });
    expect(saved.status).toBe(200);
    const after = saved.body.colourPrinter.slots;
    expect(after.find((s) => s.role === "cyan")?.extruder).toBe(1);
    const k = after.find((s) => s.role === "magenta")?.attenuationPerMm;
    expect(k?.g).toBeCloseTo(-Math.log(0.02) / 0.8, 3);
    expect(k?.r).toBeCloseTo(-Math.log(0.7) / 0.8, 3);
    const [audit] = await shop.ctx.database.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.actionType, "colour_printer.update"))
      .orderBy(desc(userActivityLogs.id))
      .limit(1);
    expect(audit?.oldValues).toMatchObject({
      slots: expect.arrayContaining([expect.objectContaining({ role: "cyan", extruder: 2 })]),
    });
    expect(audit?.newValues).toMatchObject({
      slots: expect.arrayContaining([expect.objectContaining({ role: "cyan", extruder: 1 })]),
    });
    // Back as seeded.
    expect(
      (await call("PUT", "/colour-printer", { slots: before.map((s) => ({ ...s, reading: undefined })) }))
        .status,
    ).toBe(200);
  });

  it("refuses two spools on one extruder, a missing role, an impossible reading and a cyan that does not absorb red, changing nothing", async () => {
    const before = (await call("GET", "/filaments")).body.colourPrinter.slots;
    const base = before.map((s) => ({
      role: s.role,
      filamentId: s.filamentId,
      extruder: s.extruder,
      attenuationPerMm: s.attenuationPerMm,
    }));
    const sameExtruder = base.map((s) => ({ ...s, extruder: 1 }));
    expect((await call("PUT", "/colour-printer", { slots: sameExtruder })).status).toBe(400);
    expect((await call("PUT", "/colour-printer", { slots: base.slice(0, 3) })).status).toBe(400);
    const impossible = base.map((s) =>
      s.role === "yellow"
        ? {
            ...s,
            attenuationPerMm: undefined,
            reading: { thinnerMm: 0.6, thickerMm: 0.61, ratio: { r: 0.5, g: 0.5, b: 0.5 } },
          }
        : s,
    );
    expect((await call("PUT", "/colour-printer", { slots: impossible })).status).toBe(422);
    const greyCyan = base.map((s) =>
      s.role === "cyan" ? { ...s, attenuationPerMm: { r: 1, g: 1, b: 1 } } : s,
    );
    const refused = await call("PUT", "/colour-printer", { slots: greyCyan });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message ?? refused.body.error)).toMatch(/cyan/i);
    expect((await call("GET", "/filaments")).body.colourPrinter.slots).toEqual(before);
  });

  it("keeps a loaded spool from being removed", async () => {
    const { body } = await call("GET", "/filaments");
    const cyan = body.colourPrinter.slots.find((s) => s.role === "cyan");
    expect((await call("DELETE", `/filaments/${cyan?.filamentId}`)).status).toBe(409);
  });
});

describe("a paid colour order's print file", () => {
  async function colourPhoto(): Promise<Buffer> {
    // Four blocks: red, green, blue and a skin tone.
    const w = 200;
    const pixels = Buffer.alloc(w * w * 3);
    const blocks = [
      [200, 40, 40],
      [40, 160, 60],
      [40, 70, 190],
      [225, 180, 150],
    ];
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const c = blocks[(y < w / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)]!;
        pixels.set(c, 3 * (y * w + x));
      }
    return sharp(pixels, { raw: { width: w, height: w, channels: 3 } })
      .png()
      .toBuffer();
  }

  it("is a colour job with the four spools fixed on it: a multi-material 3MF, four parts on extruders 1-4", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await colourPhoto())], { type: "image/png" }), "colour.png");
    form.set("kind", "main");
    const up = await shop.request("/api/uploads", { method: "POST", body: form });
    expect(up.status).toBe(201);
    const photo = (await up.json()) as { url: string; originalUrl: string };
    const item = { ...colourItem(), imageUrl: photo.url, originalImageUrl: photo.originalUrl };
    const answer = await checkout(shop, { cartItems: [item], shippingInfo: shippingInfo() });
    await pay(shop, answer, { live: true });

    const deadline = Date.now() + 120_000;
    let files: OrderPrintJobs;
    for (;;) {
      const res = await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs`, {
        headers: { cookie: admin.cookie },
      });
      files = ((await res.json()) as { printFiles: OrderPrintJobs }).printFiles;
      if (files.jobs.length > 0 && files.jobs.every((j) => j.status === "done" || j.status === "failed"))
        break;
      if (Date.now() > deadline) throw new Error(`print jobs did not finish: ${JSON.stringify(files.jobs)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [job] = files.jobs;
    expect(job).toMatchObject({ status: "done", processing: "colour" });
    expect(job?.fileName).toMatch(/-colour\.3mf$/);
    expect(job?.colourFilaments?.map((s) => [s.role, s.extruder])).toEqual([
      ["white", 1],
      ["cyan", 2],
      ["magenta", 3],
      ["yellow", 4],
    ]);

    const res = await shop.request(`/api/admin/orders/${answer.orderId}/print-jobs/${job?.id}/file`, {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("-colour.3mf");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const config = new TextDecoder().decode(zip["Metadata/Slic3r_PE_model.config"]);
    const volumes = [...config.matchAll(/key="extruder" value="(\d)"/g)].map((m) => Number(m[1]));
    expect(volumes.sort()).toEqual([1, 2, 3, 4]);
    expect(config).toContain("Cyan PLA");
    const model = new TextDecoder().decode(zip["3D/3dmodel.model"]);
    expect(model.match(/<triangle /g)?.length ?? 0).toBeGreaterThan(1000);
  }, 180_000);
});
