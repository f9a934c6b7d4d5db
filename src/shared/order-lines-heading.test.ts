import { describe, expect, it } from "vitest";
import { orderLinesHeading } from "./order-lines-heading";

describe("orderLinesHeading (issue 30)", () => {
  it("says panels only when the order has some", () => {
    expect(orderLinesHeading([{ photos: ["/a.png"] }, { photos: [] }])).toBe("Your panels");
    expect(orderLinesHeading([{ photos: [] }, { photos: [] }])).toBe("Your items");
    expect(orderLinesHeading([])).toBe("Your items");
  });
});
