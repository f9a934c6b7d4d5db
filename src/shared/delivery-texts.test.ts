import { describe, expect, it } from "vitest";
import { PRODUCTION_DAYS } from "./delivery-dates";
import { DELIVERY_TEXTS, PRODUCTION_DAYS_TEXT, UK_SPEC_DAYS } from "./delivery-texts";
import { PROCESSING_STANDARD_DAYS } from "./shipping";
import { SEED_SHIPPING_ZONES } from "./shipping-zones";

describe("the delivery promises, worded from the one calendar (issue 47)", () => {
  it("say the production days the checkout's dates count, as the shipping page's standard processing", () => {
    expect(PRODUCTION_DAYS_TEXT).toBe(`${PRODUCTION_DAYS.min}-${PRODUCTION_DAYS.max}`);
    expect(PRODUCTION_DAYS_TEXT).toBe(PROCESSING_STANDARD_DAYS);
    expect(DELIVERY_TEXTS.madeWithin).toContain(`within ${PRODUCTION_DAYS_TEXT} business days`);
    expect(DELIVERY_TEXTS.businessDays).toContain("Saturdays and Sundays are not counted");
  });

  it("quote each zone's own days for the UK and Ireland", () => {
    const zones = SEED_SHIPPING_ZONES(["GB", "IE"]);
    const days = (id: string) => {
      const zone = zones.find((z) => z.id === id);
      if (!zone) throw new Error(id);
      return { standard: zone.standardDays, express: zone.expressDays };
    };
    const text = DELIVERY_TEXTS.ukAndIreland(days("uk"), days("ireland"));
    const uk = zones.find((z) => z.id === "uk");
    const ie = zones.find((z) => z.id === "ireland");
    expect(text).toContain(
      `standard delivery takes ${uk?.standardDays.min}-${uk?.standardDays.max} business days to the UK`,
    );
    expect(text).toContain(`and ${ie?.standardDays.min}-${ie?.standardDays.max} to Ireland`);
    // Until the zones load, the UK's figures are the spec's, which are the UK zone's.
    expect(UK_SPEC_DAYS).toEqual({ standard: uk?.standardDays, express: uk?.expressDays });
    expect(
      DELIVERY_TEXTS.ukAndIreland({ standard: { min: 5, max: 7 }, express: { min: 2, max: 2 } }, null),
    ).toBe("Once dispatched, standard delivery takes 5-7 business days in the UK and express delivery 2.");
  });
});
