/**
 * First-start storefront pictures (issue 20): lightboxes lit and unlit, rendered by the shop's own
 * lithophane and backlight code (src/server/cli/render-seed-images.ts) from procedurally drawn
 * pictures: the project's own work, no third-party licence involved. Each goes through the one
 * image pipeline like an owner's upload, so each is replaceable in the admin (Storefront).
 * Seeded once: a system setting records it, so images the owner deletes never come back.
 *
 * These, the product descriptions (./catalogue.ts) and every text of the pages are the maker's
 * own words and pictures, and are shown as the shop's ("Lightboxes from our workshop"), never as
 * a customer's: the shop seeds no reviews, and the home page's and shop's reviews are only
 * customers' approved ones (issue 46, the DMCC Act 2024 on fake reviews).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type SiteImageSlot, SLOT_SPECS } from "@shared/storefront";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { siteImages, systemSettings } from "../db/schema.js";
import type { Logger } from "../lib/logger.js";
import type { Storage } from "../platform/index.js";
import { deleteVariants, encodeSiteImage, invalidateStorefront } from "../storefront/index.js";

/** Beside this module in both layouts (build-server copies the folder, as it does migrations). */
export const SEED_IMAGES_DIR = fileURLToPath(new URL("./seed-images", import.meta.url));
export const SITE_IMAGES_SEEDED_KEY = "site_images_seeded";

/**
 * Each picture with the creator's shape option it shows: only shapes the creator sells (issue 30:
 * the gallery showed heart and hexagon panels the creator offers only as Coming Soon).
 */
export const SEED_SITE_IMAGES: ReadonlyArray<{
  file: string;
  slot: SiteImageSlot;
  shape: "square" | "rectangle" | "rectangle-portrait";
  alt: string;
}> = [
  {
    file: "home-hero-lit.png",
    slot: "home_hero",
    shape: "rectangle",
    alt: "A lithophane lightbox glowing warm in a dark room: mountains over a lake at sunrise, in a wooden frame",
  },
  {
    file: "shop-hero-lit.png",
    slot: "shop_hero",
    shape: "rectangle",
    alt: "A lit lithophane lightbox in a black frame showing a sailing boat under a full moon",
  },
  {
    file: "gallery-flower-lit.png",
    slot: "gallery",
    shape: "square",
    alt: "A square lithophane of a flower, lit, in a black frame",
  },
  {
    file: "gallery-flower-unlit.png",
    slot: "gallery",
    shape: "square",
    alt: "The same square flower lithophane by day, switched off: a pale white relief",
  },
  {
    file: "gallery-tree-lit.png",
    slot: "gallery",
    shape: "rectangle-portrait",
    alt: "A portrait lithophane of a lone tree under the stars, lit, in a white frame",
  },
  {
    file: "gallery-tree-unlit.png",
    slot: "gallery",
    shape: "rectangle-portrait",
    alt: "A portrait lithophane of a tree, switched off, in a wooden frame",
  },
  {
    file: "gallery-boat-lit.png",
    slot: "gallery",
    shape: "square",
    alt: "A square lithophane of a sailing boat and the moon, lit, in a white frame",
  },
  {
    file: "gallery-mountains-unlit.png",
    slot: "gallery",
    shape: "rectangle",
    alt: "A landscape lithophane of mountains and a lake by day, switched off, in a wooden frame",
  },
];

/** Seeds the storefront's pictures once (claimed by a setting row, so two servers never both do). */
export async function seedSiteImages(db: Db, storage: Storage, log: Logger): Promise<number> {
  const [claimed] = await db
    .insert(systemSettings)
    .values({ settingKey: SITE_IMAGES_SEEDED_KEY, settingValue: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: systemSettings.settingKey });
  if (!claimed) return 0;
  let seeded = 0;
  try {
    for (const [index, image] of SEED_SITE_IMAGES.entries()) {
      const source = await readFile(`${SEED_IMAGES_DIR}/${image.file}`);
      const encoded = await encodeSiteImage(storage, source, SLOT_SPECS[image.slot]);
      try {
        await db.insert(siteImages).values({
          slot: image.slot,
          alt: image.alt,
          sortOrder: index,
          enabled: true,
          width: encoded.width,
          height: encoded.height,
          avif: encoded.avif,
          webp: encoded.webp,
        });
      } catch (error) {
        await deleteVariants(storage, encoded.avif, encoded.webp);
        throw error;
      }
      seeded++;
      invalidateStorefront(db);
    }
    log.info({ images: seeded }, "storefront pictures seeded");
  } catch (error) {
    // Let the next start try again (the ones stored stay; the owner can remove them).
    if (seeded === 0)
      await db.delete(systemSettings).where(eq(systemSettings.settingKey, SITE_IMAGES_SEEDED_KEY));
    log.error({ err: error, seeded }, "storefront pictures could not be seeded");
  }
  return seeded;
}
