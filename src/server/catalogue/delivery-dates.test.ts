import { addWorkingDays } from "@shared/delivery-dates";
import { SEED_SHIPPING_ZONES } from "@shared/shipping-zones";
import { describe, expect, it } from "vitest";
import { bankHolidays, dispatchedDeliveryWindow, orderDeliveryWindow } from "./delivery-dates";

describe("the shop's one calendar (issue 47)", () => {
  it("has Northern Ireland's and Ireland's bank holidays", () => {
    const days = bankHolidays("2026-01-10");
    expect(days.has("2026-07-13")).toBe(true); // Battle of the Boyne (Northern Ireland)
    expect(days.has("2026-03-17")).toBe(true); // St Patrick's Day (both)
    expect(days.has("2026-02-02")).toBe(true); // St Brigid's Day (Ireland)
    expect(days.has("2026-10-26")).toBe(true); // October bank holiday (Ireland)
    expect(days.has("2026-12-25")).toBe(true);
    expect(days.has("2027-12-27")).toBe(true); // the year after, substitute Christmas
    expect(days.has("2026-07-14")).toBe(false);
  });

  it("makes every promise in it: the checkout's window and the carrier's skip weekends and those holidays", () => {
    const [uk] = SEED_SHIPPING_ZONES(["GB", "IE"]);
    if (!uk) throw new Error("no UK zone");
    // Ordered Friday 30 Jan 2026, 10:00 in London: Mon 2 Feb is St Brigid's Day.
    const window = orderDeliveryWindow(uk, "standard", new Date("2026-01-30T10:00:00Z"));
    const holidays = bankHolidays("2026-01-30");
    expect(window.earliest).toBe(addWorkingDays("2026-01-30", 3 + uk.standardDays.min, holidays));
    // 3 + 5 = 8 working days: Tue 3 to Fri 6, Mon 9 to Thu 12 Feb.
    expect(window.earliest).toBe("2026-02-12");
    // Dispatched Friday 10 Jul 2026: Mon 13 Jul is a Northern Ireland holiday.
    expect(dispatchedDeliveryWindow({ min: 1, max: 2 }, new Date("2026-07-10T15:00:00Z"))).toEqual({
      earliest: "2026-07-14",
      latest: "2026-07-15",
    });
  });
});
