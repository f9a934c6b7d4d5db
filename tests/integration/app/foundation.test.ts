import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, productOptions, products, systemSettings } from "../../../src/server/db/schema.js";
import { seedDatabase } from "../../../src/server/seed/database.js";
import { CHECKOUT_MESSAGES } from "../../../src/shared/checkout-messages.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("health", () => {
  it("reports the database as up", async () => {
    const res = await shop.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      database: "up",
      storage: "writable",
      redis: "none",
      mailOutbox: { status: "ok", pending: 0, oldestPendingMinutes: null, failedLast24h: 0 },
    });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await shop.request("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });
});

describe("seed", () => {
  it("writes the spec's creator options and an accessory catalogue covering every category", async () => {
    const db = shop.ctx.database.db;
    const options = await db.select().from(productOptions);
    const byType = (t: string) => options.filter((o) => o.optionType === t).map((o) => o.value);
    expect(byType("frame_color").sort()).toEqual(["black", "brown", "gold", "gray", "silver", "white"]);
    expect(byType("shape").sort()).toEqual(["heart", "hexagon", "rectangle", "rectangle-portrait", "square"]);
    expect(byType("processing").sort()).toEqual(["colour", "grayscale"]);
    const enabledSizes = options
      .filter((o) => o.optionType === "size" && o.status === "enabled")
      .map((o) => o.value);
    expect(enabledSizes.sort()).toEqual(["6x8", "7x7", "8x6"]);
    for (const colour of options.filter((o) => o.optionType === "frame_color")) {
      expect(colour.hexColor).toMatch(/^#[0-9a-f]{6}$/i);
    }

    const catalogue = await db.select().from(products);
    const categories = new Set(catalogue.map((p) => p.category));
    expect([...categories].sort()).toEqual([
      "Accessories",
      "Conversion",
      "Frames",
      "Images",
      "Maintenance",
      "Mounting",
    ]);
    expect(catalogue.some((p) => p.status === "coming_soon")).toBe(true);
    for (const p of catalogue) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.specifications.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThan(0);
    }
    const [mode] = await db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.settingKey, "environment_mode"));
    expect(mode?.settingValue).toBe("production");
  });

  it("is written once: a second start changes nothing", async () => {
    const db = shop.ctx.database.db;
    const before = await db.select({ n: count() }).from(products);
    await db.update(products).set({ name: "Renamed by the maker" }).where(eq(products.id, "wall-mount-kit"));
    const again = await seedDatabase(db);
    expect(again).toEqual({ options: 0, products: 0 });
    const after = await db.select({ n: count() }).from(products);
    expect(after).toEqual(before);
    const [kit] = await db.select().from(products).where(eq(products.id, "wall-mount-kit"));
    expect(kit?.name).toBe("Renamed by the maker");
  });
});

describe("contact", () => {
  it("stores a valid message", async () => {
    const res = await shop.request("/api/contact", {
      method: "POST",
      json: {
        name: "Aoife Byrne",
        email: "aoife@example.ie",
        subject: "shipping",
        message: "Do you ship to Cork?",
      },
    });
    expect(res.status).toBe(201);
    const rows = await shop.ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Aoife Byrne",
      subject: "shipping",
      message: "Do you ship to Cork?",
    });
  });

  it("refuses a message without the required fields and stores nothing", async () => {
    const before = await shop.ctx.database.db.select({ n: count() }).from(contactMessages);
    const res = await shop.request("/api/contact", {
      method: "POST",
      json: { name: "", email: "x@y.z", message: "" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(CHECKOUT_MESSAGES.contact.requiredFields.description);
    const after = await shop.ctx.database.db.select({ n: count() }).from(contactMessages);
    expect(after).toEqual(before);
  });
});
