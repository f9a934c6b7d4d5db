import { describe, expect, it } from "vitest";
import { quarterRange, totalVat, vatIncluded, vatLines } from "./vat";

describe("VAT in VAT-inclusive prices", () => {
  it("is a sixth of the gross at 20%, rounded half up per line", () => {
    expect(vatIncluded(5450, 20)).toBe(908); // 908.33
    expect(vatIncluded(9315, 20)).toBe(1553); // 1552.5 -> 1553
    expect(vatIncluded(999, 0)).toBe(0);
    const lines = vatLines([5450, 999], 20);
    expect(lines[1]).toEqual({ grossPence: 999, vatPence: 167, netPence: 832 });
    expect(totalVat(lines)).toBe(908 + 167);
  });

  it("reads a quarter", () => {
    expect(quarterRange("2026-Q2")).toEqual({
      from: new Date("2026-04-01T00:00:00Z"),
      to: new Date("2026-07-01T00:00:00Z"),
    });
    expect(quarterRange("2026-Q5")).toBeNull();
  });
});
