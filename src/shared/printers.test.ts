import { describe, expect, it } from "vitest";
import { DEFAULT_PRINTER, panelFitProblem, parsePrinters, printerFor, printersSchema } from "./printers";

const tall = { ...DEFAULT_PRINTER, id: "tall", name: "Tall", maxHeightMm: 320, bedWidthMm: 320 };

describe("the owner's printers (issue 48 item 3)", () => {
  it("refuses a 12x12 inch panel on a 210 mm printer, with the reason in millimetres the owner knows", () => {
    expect(panelFitProblem([DEFAULT_PRINTER], { widthMm: 300, heightMm: 300 })).toBe(
      "30 cm is taller than the 210 mm your printers can print",
    );
    expect(panelFitProblem([DEFAULT_PRINTER], { widthMm: 230, heightMm: 230 })).toBe(
      "23 cm is taller than the 210 mm your printers can print",
    );
  });

  it("allows it once a taller printer is added, and picks the first printer that fits", () => {
    expect(panelFitProblem([DEFAULT_PRINTER, tall], { widthMm: 300, heightMm: 300 })).toBeNull();
    expect(printerFor([DEFAULT_PRINTER, tall], { widthMm: 300, heightMm: 300 })?.id).toBe("tall");
    expect(printerFor([DEFAULT_PRINTER, tall], { widthMm: 200, heightMm: 150 })?.id).toBe("default");
  });

  it("says when the panel is too wide, or when no one printer fits both ways", () => {
    expect(panelFitProblem([DEFAULT_PRINTER], { widthMm: 260, heightMm: 190 })).toBe(
      "26 cm is wider than the 250 mm beds of your printers",
    );
    const wide = { ...DEFAULT_PRINTER, id: "wide", bedWidthMm: 400, maxHeightMm: 150 };
    expect(panelFitProblem([DEFAULT_PRINTER, wide], { widthMm: 300, heightMm: 200 })).toBe(
      "no printer of yours is both 30 cm wide and 20 cm tall",
    );
  });

  it("keeps at least one printer, unique ids, and reads nonsense as the default printer", () => {
    expect(printersSchema.safeParse([]).success).toBe(false);
    expect(printersSchema.safeParse([DEFAULT_PRINTER, DEFAULT_PRINTER]).success).toBe(false);
    expect(printersSchema.safeParse([{ ...DEFAULT_PRINTER, maxHeightMm: 10 }]).success).toBe(false);
    expect(parsePrinters(null)).toEqual([DEFAULT_PRINTER]);
    expect(parsePrinters([{ id: "x" }])).toEqual([DEFAULT_PRINTER]);
    expect(parsePrinters([tall])).toEqual([tall]);
  });
});
