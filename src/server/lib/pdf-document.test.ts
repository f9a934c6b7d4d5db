import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { pdfText, withoutTables } from "./pdf-document";

const require = createRequire(import.meta.url);
const noto = readFileSync(require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"));

/** The font's tables by tag, each table's bytes. */
function tables(font: Buffer): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    const offset = font.readUInt32BE(at + 8);
    found.set(
      font.toString("latin1", at, at + 4),
      font.subarray(offset, offset + font.readUInt32BE(at + 12)),
    );
  }
  return found;
}

describe("the shop's PDF font", () => {
  it("leaves out only the tables named, every other table byte for byte, 4-byte aligned", () => {
    const lite = withoutTables(noto, new Set(["GPOS"]));
    const before = tables(noto);
    const after = tables(lite);
    expect(before.has("GPOS")).toBe(true);
    expect([...after.keys()]).toEqual([...before.keys()].filter((t) => t !== "GPOS"));
    for (const [tag, data] of after) expect(data.equals(before.get(tag) ?? Buffer.alloc(0)), tag).toBe(true);
    for (let i = 0; i < after.size; i++) expect(lite.readUInt32BE(12 + i * 16 + 8) % 4).toBe(0);
    // The directory's search fields for its 15 tables: 8 x 16, log2(8), (15 - 8) x 16.
    expect([lite.readUInt16BE(6), lite.readUInt16BE(8), lite.readUInt16BE(10)]).toEqual([128, 3, 112]);
  });

  it("draws text in NFC: a combining accent joins its letter", () => {
    expect(pdfText("Zoe\u0308")).toBe("Zoë");
  });
});
