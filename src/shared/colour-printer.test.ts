import { describe, expect, it } from "vitest";
import {
  type ColourSlot,
  channelAttenuationFromReading,
  colourFilamentsOf,
  colourPrinterInputSchema,
  colourPrinterView,
  DEFAULT_COLOUR_SET,
} from "./colour-printer";
import { COLOUR_PROCESSING_ID, deliveryWindow, PRODUCTION_DAYS, productionDaysFor } from "./delivery-dates";
import { dispatchByDay } from "./fulfilment";
import { FALLBACK_OPTIONS, SEED_COLOUR_PRICE_MODIFIER_PENCE, SEED_OPTIONS } from "./options";

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function slot(role: ColourSlot["role"], extruder: number): ColourSlot {
  return {
    role,
    filamentId: ID(extruder),
    name: `${role} PLA`,
    colour: "#ffffff",
    extruder,
    attenuationPerMm: DEFAULT_COLOUR_SET[role].attenuationPerMm,
    reading: null,
  };
}

describe("the Colour option", () => {
  it("stays coming soon in the spec's fallback and is enabled at its modifier in the seed", () => {
    const fallback = FALLBACK_OPTIONS.find((o) => o.id === "colour");
    const seeded = SEED_OPTIONS.find((o) => o.id === "colour");
    expect(fallback).toMatchObject({ status: "coming_soon", priceModifierPence: 0 });
    expect(seeded).toMatchObject({ status: "enabled", priceModifierPence: SEED_COLOUR_PRICE_MODIFIER_PENCE });
    // Beside Colour, the seed only enables the lamp's sizes (issue 48).
    const others = (o: { id: string; optionType: string }) =>
      o.id !== "colour" && o.optionType !== "lamp_size";
    expect(SEED_OPTIONS.filter(others)).toEqual(FALLBACK_OPTIONS.filter(others));
  });
});

describe("production days", () => {
  it("are 2 longer when any line is a colour lithophane", () => {
    const grey = { kind: "lithophane", processing: "grayscale" };
    const colour = { kind: "lithophane", processing: COLOUR_PROCESSING_ID };
    expect(productionDaysFor([grey, { kind: "accessory", productId: "x" }])).toEqual(PRODUCTION_DAYS);
    expect(productionDaysFor([grey, colour])).toEqual({
      min: PRODUCTION_DAYS.min + 2,
      max: PRODUCTION_DAYS.max + 2,
    });
    expect(productionDaysFor([{ kind: "accessory", processing: COLOUR_PROCESSING_ID }])).toEqual(
      PRODUCTION_DAYS,
    );
  });

  it("move the delivery window and the dispatch-by day by 2 working days (weekends skipped)", () => {
    const none = new Set<string>();
    const delivery = { min: 3, max: 5 };
    // Wednesday 2 December 2026.
    const grey = deliveryWindow("2026-12-02", delivery, none);
    const colour = deliveryWindow(
      "2026-12-02",
      delivery,
      none,
      productionDaysFor([{ kind: "lithophane", processing: "colour" }]),
    );
    expect(grey).toEqual({ earliest: "2026-12-10", latest: "2026-12-16" });
    expect(colour).toEqual({ earliest: "2026-12-14", latest: "2026-12-18" });
    expect(dispatchByDay("2026-12-02", none)).toBe("2026-12-09");
    expect(dispatchByDay("2026-12-02", none, { min: 5, max: 7 })).toBe("2026-12-11");
  });
});

describe("the colour printer", () => {
  it("turns a per-channel wedge reading into k per channel, and refuses an impossible one", () => {
    const result = channelAttenuationFromReading({
      thinnerMm: 0.6,
      thickerMm: 1.4,
      ratio: { r: 0.05, g: 0.8, b: 0.9 },
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.attenuationPerMm.r).toBeCloseTo(-Math.log(0.05) / 0.8, 3);
      expect(result.attenuationPerMm.b).toBeCloseTo(-Math.log(0.9) / 0.8, 3);
    }
    const tooDark = channelAttenuationFromReading({
      thinnerMm: 0.6,
      thickerMm: 0.7,
      ratio: { r: 0.001, g: 0.5, b: 0.5 },
    });
    expect(tooDark).toMatchObject({ ok: false });
  });

  it("takes four spools, one per role, each on its own extruder, with a k or a reading", () => {
    const slots = [slot("white", 1), slot("cyan", 2), slot("magenta", 3), slot("yellow", 4)].map((s) => ({
      role: s.role,
      filamentId: s.filamentId,
      extruder: s.extruder,
      attenuationPerMm: s.attenuationPerMm,
    }));
    expect(colourPrinterInputSchema.safeParse({ slots }).success).toBe(true);
    const twice = slots.map((s) => ({ ...s, extruder: 1 }));
    expect(colourPrinterInputSchema.safeParse({ slots: twice }).success).toBe(false);
    const sameRole = slots.map((s) => ({ ...s, role: "cyan" }));
    expect(colourPrinterInputSchema.safeParse({ slots: sameRole }).success).toBe(false);
    const noK = slots.map(({ attenuationPerMm: _, ...s }) => s);
    expect(colourPrinterInputSchema.safeParse({ slots: noK }).success).toBe(false);
  });

  it("hands the engine its filaments in extruder order and says which roles are missing", () => {
    const slots = [slot("yellow", 1), slot("white", 3), slot("cyan", 2), slot("magenta", 4)];
    expect(colourFilamentsOf(slots).map((f) => f.role)).toEqual(["yellow", "cyan", "white", "magenta"]);
    expect(colourPrinterView(slots)).toMatchObject({ ready: true, missing: [] });
    expect(colourPrinterView(slots).slots.map((s) => s.role)).toEqual(["white", "cyan", "magenta", "yellow"]);
    expect(colourPrinterView(slots.slice(0, 2))).toMatchObject({
      ready: false,
      missing: ["cyan", "magenta"],
    });
  });
});
