import { describe, expect, it } from "vitest";
import { compactSize, inches, sizeIdText } from "./size-text";

describe("size texts", () => {
  it("says a size width first, in inches", () => {
    expect(inches("8", "6")).toBe("8″ x 6″");
  });

  it("turns a size id (height x width) round", () => {
    expect(sizeIdText("6x8")).toBe("8″ x 6″");
    expect(sizeIdText("8x6")).toBe("6″ x 8″");
    expect(sizeIdText(" 10x7.5 ")).toBe("7.5″ x 10″");
    expect(sizeIdText("Standard")).toBeNull();
  });

  it("leaves a text that is no size id as it is", () => {
    expect(compactSize("6x8")).toBe("8″ x 6″");
    expect(compactSize("7 inch x 7 inch")).toBe("7 inch x 7 inch");
  });
});
