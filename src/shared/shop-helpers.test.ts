import { describe, expect, it } from "vitest";
import { buildAccessoryCartItem, type CartItem } from "./cart";
import { MAX_CART_ITEMS } from "./cart-limits";
import { cartReducer, cartTotal, EMPTY_CART_STATE } from "./cart-state";
import { scaleCropPixels } from "./creator";
import { CREATOR_MESSAGES } from "./creator-messages";
import { CURRENCY_STORAGE_KEYS, FALLBACK_RATES, RATES_CACHE_MS, readCachedRates } from "./currency";
import { isBelowRecommendedResolution, RECOMMENDED_MIN_IMAGE_PX } from "./limits";

function accessory(id: string, pricePence = 999): CartItem {
  return buildAccessoryCartItem(
    { id: "usb", name: "USB-C Power Adapter", pricePence, imageUrl: null },
    () => id,
  );
}

describe("cartReducer", () => {
  it("adds, removes and clears, with the total recomputed from the items", () => {
    let state = cartReducer(EMPTY_CART_STATE, { type: "add", item: accessory("a", 999) });
    state = cartReducer(state, { type: "add", item: accessory("b", 1499) });
    expect(state.items.map((i) => i.id)).toEqual(["a", "b"]);
    expect(cartTotal(state.items)).toBe(2498);
    expect(state.lastAction).toBe("add");
    state = cartReducer(state, { type: "remove", id: "a" });
    expect(state.items.map((i) => i.id)).toEqual(["b"]);
    expect(cartTotal(state.items)).toBe(1499);
    state = cartReducer(state, { type: "clear" });
    expect(state.items).toEqual([]);
    expect(state.lastAction).toBe("clear");
  });

  it("ignores a repeated id, an unknown id to remove and a full cart", () => {
    const once = cartReducer(EMPTY_CART_STATE, { type: "add", item: accessory("a") });
    expect(cartReducer(once, { type: "add", item: accessory("a") })).toBe(once);
    expect(cartReducer(once, { type: "remove", id: "zzz" })).toBe(once);
    const full = cartReducer(EMPTY_CART_STATE, {
      type: "set",
      items: Array.from({ length: MAX_CART_ITEMS }, (_, i) => accessory(`id-${i}`)),
    });
    expect(full.items).toHaveLength(MAX_CART_ITEMS);
    expect(cartReducer(full, { type: "add", item: accessory("one-more") })).toBe(full);
  });

  it("refuses an invalid item", () => {
    const bad = { ...accessory("a"), price: -1 };
    expect(cartReducer(EMPTY_CART_STATE, { type: "add", item: bad })).toBe(EMPTY_CART_STATE);
  });

  it("load keeps only valid entries of untrusted data and marks the change as a load", () => {
    const state = cartReducer(EMPTY_CART_STATE, {
      type: "load",
      items: [accessory("a"), { id: "broken" }, "nonsense", accessory("a")],
    });
    expect(state.items.map((i) => i.id)).toEqual(["a"]);
    expect(state.lastAction).toBe("load");
    expect(cartReducer(EMPTY_CART_STATE, { type: "load", items: "{not json" }).items).toEqual([]);
  });

  it("set replaces the items", () => {
    const before = cartReducer(EMPTY_CART_STATE, { type: "add", item: accessory("a") });
    const after = cartReducer(before, { type: "set", items: [accessory("b"), accessory("c")] });
    expect(after.items.map((i) => i.id)).toEqual(["b", "c"]);
    expect(after.lastAction).toBe("set");
  });
});

describe("scaleCropPixels", () => {
  it("scales from the shown preview to the source size", () => {
    expect(
      scaleCropPixels(
        { x: 100, y: 50, width: 400, height: 300 },
        { width: 1000, height: 750 },
        { width: 4000, height: 3000 },
      ),
    ).toEqual({ x: 400, y: 200, width: 1600, height: 1200 });
  });

  it("is the identity when the preview is the source", () => {
    const area = { x: 10, y: 20, width: 300, height: 300 };
    expect(scaleCropPixels(area, { width: 800, height: 600 }, { width: 800, height: 600 })).toEqual(area);
  });

  it("rounds and keeps the area inside the source", () => {
    expect(
      scaleCropPixels(
        { x: -0.4, y: 0.6, width: 800.7, height: 601 },
        { width: 800, height: 600 },
        { width: 800, height: 600 },
      ),
    ).toEqual({ x: 0, y: 1, width: 800, height: 599 });
  });

  it("refuses unusable sizes", () => {
    expect(
      scaleCropPixels(
        { x: 0, y: 0, width: 1, height: 1 },
        { width: 0, height: 10 },
        { width: 10, height: 10 },
      ),
    ).toBeNull();
    expect(
      scaleCropPixels(
        { x: Number.NaN, y: 0, width: 1, height: 1 },
        { width: 10, height: 10 },
        { width: 10, height: 10 },
      ),
    ).toBeNull();
  });
});

describe("readCachedRates", () => {
  const now = 1_750_000_000_000;
  const rates = JSON.stringify({ ...FALLBACK_RATES, EUR: 1.17 });

  it("uses the spec's local storage key names", () => {
    expect(CURRENCY_STORAGE_KEYS.exchangeRates).toBe("exchangeRates");
    expect(CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp).toBe("exchangeRatesTimestamp");
  });

  it("returns fresh cached rates", () => {
    const cached = readCachedRates(rates, String(now - 1000), now);
    expect(cached?.rates.EUR).toBe(1.17);
    expect(cached?.fetchedAtMs).toBe(now - 1000);
  });

  it("treats rates older than 4 hours as missing", () => {
    expect(readCachedRates(rates, String(now - RATES_CACHE_MS), now)).toBeNull();
    expect(readCachedRates(rates, String(now - RATES_CACHE_MS + 1), now)).not.toBeNull();
  });

  it("ignores missing, corrupt and implausible values", () => {
    expect(readCachedRates(null, String(now), now)).toBeNull();
    expect(readCachedRates(rates, null, now)).toBeNull();
    expect(readCachedRates("{oops", String(now), now)).toBeNull();
    expect(readCachedRates(rates, "yesterday", now)).toBeNull();
    expect(readCachedRates(JSON.stringify({ ...FALLBACK_RATES, EUR: 115 }), String(now), now)).toBeNull();
  });
});

describe("image resolution advice", () => {
  it("flags photos below 1200 px on either side", () => {
    expect(RECOMMENDED_MIN_IMAGE_PX).toBe(1200);
    expect(isBelowRecommendedResolution(1200, 1200)).toBe(false);
    expect(isBelowRecommendedResolution(1199, 4000)).toBe(true);
    expect(isBelowRecommendedResolution(4000, 900)).toBe(true);
  });

  it("says why in the message", () => {
    expect(CREATOR_MESSAGES.upload.lowResolution(800, 600)).toBe(
      "This photo is 800×600 px. For the sharpest lithophane we recommend at least 1200×1200 px; smaller photos can look soft when lit.",
    );
    expect(CREATOR_MESSAGES.upload.hint).toBe("JPG, PNG or WEBP, up to 10MB");
  });
});
