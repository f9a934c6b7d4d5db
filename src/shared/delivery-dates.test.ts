import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  calendarDayIn,
  deliveryWindow,
  formatDeliveryWindow,
  isWorkingDay,
} from "./delivery-dates";

const none = new Set<string>();

describe("delivery windows", () => {
  it("skip weekends and bank holidays: Saturdays are not business days (issue 47)", () => {
    // Thu 2025-12-18 + 5 working days: Fri 19, (Sat 20, Sun 21), Mon 22, Tue 23, Wed 24, Thu 25.
    expect(addWorkingDays("2025-12-18", 5, none)).toBe("2025-12-25");
    // With Christmas and Boxing Day: ... Wed 24, (Thu 25, Fri 26, Sat 27, Sun 28), Mon 29, Tue 30.
    expect(addWorkingDays("2025-12-18", 6, new Set(["2025-12-25", "2025-12-26"]))).toBe("2025-12-30");
    expect(isWorkingDay("2025-12-20", none)).toBe(false);
    expect(isWorkingDay("2025-12-21", none)).toBe(false);
    expect(isWorkingDay("2025-12-22", none)).toBe(true);
  });

  it("add production and delivery days from the order day", () => {
    expect(deliveryWindow("2025-12-01", { min: 3, max: 5 }, none, { min: 3, max: 5 })).toEqual({
      earliest: "2025-12-09",
      latest: "2025-12-15",
    });
  });

  it("take the order's day in London, whatever the buyer's clock says", () => {
    // 23:30 in Dublin and London on 1 Dec is already 2 Dec in Sydney.
    expect(calendarDayIn(new Date("2025-12-01T23:30:00Z"))).toBe("2025-12-01");
    // 00:30 London summer time on 1 Jul is still 30 Jun in UTC.
    expect(calendarDayIn(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01");
  });

  it("answer each instant's own day when asked again and again across midnight", () => {
    // Kathmandu is UTC+5:45: its midnight falls at 18:15 UTC, a quarter hour's edge.
    const at = (iso: string) => calendarDayIn(new Date(iso), "Asia/Kathmandu");
    expect(at("2025-12-01T18:14:59.999Z")).toBe("2025-12-01");
    expect(at("2025-12-01T18:15:00.000Z")).toBe("2025-12-02");
    expect(at("2025-12-01T18:14:00.000Z")).toBe("2025-12-01");
    // London: the clock change (01:00 UTC on 30 Mar 2025) does not move the day.
    expect(calendarDayIn(new Date("2025-03-29T23:59:59Z"))).toBe("2025-03-29");
    expect(calendarDayIn(new Date("2025-03-30T00:00:00Z"))).toBe("2025-03-30");
    expect(calendarDayIn(new Date("2025-03-29T23:59:59Z"))).toBe("2025-03-29");
  });

  it("read as dates", () => {
    expect(formatDeliveryWindow({ earliest: "2025-12-09", latest: "2025-12-12" })).toBe("Tue 9 – Fri 12 Dec");
    expect(formatDeliveryWindow({ earliest: "2025-12-30", latest: "2026-01-02" })).toBe(
      "Tue 30 Dec – Fri 2 Jan",
    );
    expect(formatDeliveryWindow({ earliest: "2025-12-09", latest: "2025-12-09" })).toBe("Tue 9 Dec");
  });
});
