import { describe, expect, it } from "vitest";
import { COLOUR_PRODUCTION_DAYS_FAQ, COLOUR_TEXTS, shiftDayRange } from "./colour-texts";

describe("colour panel texts", () => {
  it("moves a day range by the colour days", () => {
    expect(shiftDayRange("5-7", 2)).toBe("7-9");
    expect(shiftDayRange("3", 2)).toBe("5");
    expect(COLOUR_PRODUCTION_DAYS_FAQ).toBe("7-9");
  });
  it("says a colour panel needs a multi-material printer and 2 more production days", () => {
    const faq = COLOUR_TEXTS.faq.answer.join(" ");
    expect(faq).toContain("multi-material printer");
    expect(faq).toContain("7-9 business days instead of 5-7 (2 more)");
    expect(COLOUR_TEXTS.care.points.join(" ")).toContain("2 business days longer");
  });
});
