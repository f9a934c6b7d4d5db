import { describe, expect, it } from "vitest";
import { hasXmlInvalidChars, stripXmlInvalidChars } from "./xml-text";

const INVALID = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u000E",
  "\u001F",
  "\uFFFE",
  "\uFFFF",
  "\uD800",
  "\uDFFF",
];

describe("XML-invalid characters", () => {
  it("finds each character XML 1.0 cannot carry, lone surrogates included", () => {
    for (const c of INVALID) {
      expect(hasXmlInvalidChars(`Oak${c}frame`), JSON.stringify(c)).toBe(true);
      expect(stripXmlInvalidChars(`Oak${c}frame`)).toBe("Oakframe");
    }
  });

  it("keeps tab, new lines, accents, other scripts and emoji (paired surrogates)", () => {
    const fine = "Łódź\tőz Seán\r\nΦως Свет 🎁 \u007F \uFFFD";
    expect(hasXmlInvalidChars(fine)).toBe(false);
    expect(stripXmlInvalidChars(fine)).toBe(fine);
  });

  it("strips a high surrogate without its low half, but not a whole pair", () => {
    expect(stripXmlInvalidChars("a\uD83Db")).toBe("ab");
    expect(stripXmlInvalidChars("a\uD83C\uDF81b")).toBe("a🎁b");
  });
});
