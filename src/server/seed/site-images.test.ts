import { existsSync } from "node:fs";
import { FALLBACK_OPTIONS, isSelectable } from "@shared/options";
import { describe, expect, it } from "vitest";
import { SEED_IMAGES_DIR, SEED_SITE_IMAGES } from "./site-images";

describe("the storefront's seed pictures", () => {
  it("show only shapes the creator sells (no Coming Soon heart or hexagon in the gallery)", () => {
    const sold = new Set(
      FALLBACK_OPTIONS.filter((o) => o.optionType === "shape" && isSelectable(o)).map((o) => o.id),
    );
    expect(sold.size).toBeGreaterThan(0);
    for (const image of SEED_SITE_IMAGES)
      expect(sold, `${image.file}: ${image.shape}`).toContain(image.shape);
  });

  it("exist beside the seed list", () => {
    for (const image of SEED_SITE_IMAGES) expect(existsSync(`${SEED_IMAGES_DIR}/${image.file}`)).toBe(true);
  });
});
