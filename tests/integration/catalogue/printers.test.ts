/**
 * The owner's printers (issue 48 item 3): a size no printer can print cannot be put on sale,
 * and the admin says why; with a taller printer added it can; and the printers cannot be cut
 * back while a size on sale needs the taller one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productOptions } from "../../../src/server/db/schema.js";
import { DEFAULT_PRINTER, PRINTER_TEXTS } from "../../../src/shared/printers";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { jsonRequest } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
let admin: TestUser;

function call(method: string, path: string, json?: unknown, cookie = admin.cookie) {
  return jsonRequest(shop, method, path, json, cookie);
}

async function sizeId(value: string): Promise<string> {
  const [row] = await shop.ctx.database.db
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(eq(productOptions.value, value));
  if (!row) throw new Error(`no size ${value}`);
  return row.id;
}

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createUser(shop, { email: uniqueEmail("printers-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("the owner's printers", () => {
  const tall = { ...DEFAULT_PRINTER, id: "big", name: "Big printer", bedWidthMm: 330, maxHeightMm: 330 };

  it("starts with the one printer the print files were made for", async () => {
    const got = await call("GET", "/api/admin/settings/printers");
    expect(got.status).toBe(200);
    expect(got.body.printers).toEqual([DEFAULT_PRINTER]);
  });

  it("refuses to put 12x12 on sale with only a 210 mm printer, saying why; nothing changes", async () => {
    const id = await sizeId("12x12");
    const refused = await call("PATCH", `/api/admin/options/${id}`, { status: "enabled" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      PRINTER_TEXTS.cannotSell(
        '12" x 12" (30 x 30 cm)',
        "30 cm is taller than the 210 mm your printers can print",
      ),
    );
    const [row] = await shop.ctx.database.db.select().from(productOptions).where(eq(productOptions.id, id));
    expect(row?.status).toBe("coming_soon");
  });

  it("allows it once a taller printer is added, then refuses to drop that printer", async () => {
    const saved = await call("PUT", "/api/admin/settings/printers", { printers: [DEFAULT_PRINTER, tall] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = await sizeId("12x12");
    const enabled = await call("PATCH", `/api/admin/options/${id}`, { status: "enabled" });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);

    const cut = await call("PUT", "/api/admin/settings/printers", { printers: [DEFAULT_PRINTER] });
    expect(cut.status).toBe(409);
    expect(cut.body.message).toContain("30 cm is taller than the 210 mm your printers can print");
    expect((await call("GET", "/api/admin/settings/printers")).body.printers).toEqual([
      DEFAULT_PRINTER,
      tall,
    ]);
  });

  it("refuses nonsense and strangers", async () => {
    expect((await call("PUT", "/api/admin/settings/printers", { printers: [] })).status).toBe(400);
    const twice = await call("PUT", "/api/admin/settings/printers", { printers: [tall, tall] });
    expect(twice.status).toBe(400);
    const customer = await createUser(shop, { email: uniqueEmail("printers-customer") });
    expect((await call("GET", "/api/admin/settings/printers", undefined, customer.cookie)).status).toBe(403);
  });
});
