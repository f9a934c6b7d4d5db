import { describe, expect, it } from "vitest";
import { headerKey, mapColumns } from "./csv-columns";

describe("the CSV header map", () => {
  it("compares headers without case, spaces, punctuation or accents", () => {
    expect(headerKey(" Order Ref. ")).toBe("orderref");
    expect(headerKey("Référence")).toBe("reference");
    expect(headerKey("Weight (kg)")).toBe("weightkg");
  });

  it("takes each field's most preferred name present, wherever it stands in the file", () => {
    const names = { reference: ["Order reference", "Order number"], tracking: ["Tracking number"] };
    expect(mapColumns(["Order number", "Order reference", "Tracking number"], names)).toEqual({
      reference: 1,
      tracking: 2,
    });
    expect(mapColumns(["Order number", "Tracking number"], names)).toEqual({ reference: 0, tracking: 1 });
    expect(mapColumns(["Name"], names)).toEqual({ reference: null, tracking: null });
  });

  it("reads a column for one field only, and the first of a repeated header", () => {
    const names = { a: ["Reference"], b: ["Reference", "Other"] };
    expect(mapColumns(["Reference", "Other", "Reference"], names)).toEqual({ a: 0, b: 2 });
    expect(mapColumns(["Reference", "Other"], names)).toEqual({ a: 0, b: 1 });
  });
});
