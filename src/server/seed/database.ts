/**
 * First-start seed: the creator's options (the spec's fallback set, Colour enabled: SEED_OPTIONS), the accessory catalogue,
 * the shipping zones (issue 16) and the environment mode. Each part is written only where its table is empty, so a
 * maker's own edits survive every restart.
 */

import { SEED_BUNDLE_PRICES } from "@shared/bundles";
import { DEFAULT_FILAMENT } from "@shared/calibration";
import { SEED_OPTIONS } from "@shared/options";
import { SEED_SHIPPING_ZONES } from "@shared/shipping-zones";
import { WORLD_COUNTRIES } from "@shared/world-countries";
import { count, sql } from "drizzle-orm";
import { replaceShippingZones, seedColourPrinter } from "../catalogue/index.js";
import { SEED_PRODUCTS } from "../db/catalogue.js";
import { type Db, SEED_LOCK_KEY } from "../db/client.js";
import {
  bundlePrices,
  filaments,
  productOptions,
  products,
  shippingZones,
  systemSettings,
} from "../db/schema.js";

export const ENVIRONMENT_MODE_KEY = "environment_mode";

export async function seedDatabase(db: Db): Promise<{ options: number; products: number }> {
  return db.transaction(async (tx) => {
    // Servers starting together on one database seed one after the other: the second finds
    // the tables filled.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    let seededOptions = 0;
    let seededProducts = 0;
    // A fresh shop gets every seed option; a shop that has options gets a type it lacks (the lamp's
    // sizes, issue 48) "coming soon", so nothing new goes on sale before the owner sets its price.
    const typesPresent = await tx
      .selectDistinct({ optionType: productOptions.optionType })
      .from(productOptions);
    const fresh = typesPresent.length === 0;
    const present = new Set(typesPresent.map((row) => row.optionType));
    const rows = SEED_OPTIONS.filter((o) => !present.has(o.optionType)).map((o) => ({
      value: o.id,
      optionType: o.optionType,
      name: o.name,
      description: o.description,
      status: fresh ? o.status : "coming_soon",
      sortOrder: o.sortOrder,
      hexColor: o.hexColor,
      shapeIds: o.shapeIds ? [...o.shapeIds] : null,
      widthMm: o.widthMm ?? null,
      heightMm: o.heightMm ?? null,
      priceModifier: o.priceModifierPence,
      isActive: o.isActive,
    }));
    if (rows.length > 0) {
      await tx.insert(productOptions).values(rows).onConflictDoNothing();
      seededOptions = rows.length;
    }
    const [productCount] = await tx.select({ n: count() }).from(products);
    if (!productCount?.n) {
      await tx.insert(products).values(SEED_PRODUCTS);
      seededProducts = SEED_PRODUCTS.length;
    }
    // The filament a fresh shop prints in: today's k, so every print looks as before calibration.
    const [filamentCount] = await tx.select({ n: count() }).from(filaments);
    if (!filamentCount?.n) {
      await tx.insert(filaments).values({
        name: DEFAULT_FILAMENT.name,
        colour: DEFAULT_FILAMENT.colour,
        attenuationPerMm: DEFAULT_FILAMENT.attenuationPerMm,
        active: true,
      });
    }
    // The colour printer's four spools (issue 22), while no spool holds a colour role.
    await seedColourPrinter(tx);
    const [zoneCount] = await tx.select({ n: count() }).from(shippingZones);
    if (!zoneCount?.n) {
      await replaceShippingZones(tx, SEED_SHIPPING_ZONES(WORLD_COUNTRIES.map((c) => c.code)));
    }
    await tx
      .insert(systemSettings)
      .values({ settingKey: ENVIRONMENT_MODE_KEY, settingValue: "production" })
      .onConflictDoNothing();
    // The spec's bundle prices, until the owner sets their own (admin prices).
    await tx
      .insert(bundlePrices)
      .values(
        SEED_BUNDLE_PRICES.map((b) => ({
          bundleId: b.id,
          price: b.pricePence,
          undiscountedPrice: b.undiscountedPence,
        })),
      )
      .onConflictDoNothing();
    return { options: seededOptions, products: seededProducts };
  });
}
