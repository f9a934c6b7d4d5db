/**
 * Every PDF the shop makes (invoices and credit notes) starts here: pdfkit with one font family,
 * Noto Sans (npm package @expo-google-fonts/noto-sans: Latin with its extensions, Greek, Cyrillic,
 * the ″ and € signs), embedded as a subset of the glyphs each document uses. pdfkit's built-in
 * Helvetica is not embedded and knows WinAnsi only: "Zoë Łukasik" printed as "Zoë V¶6–°" (issue 47).
 *
 * The font files are read once, without their GPOS table: fontkit builds the positioning of Noto's
 * large GPOS (kerning, mark placement) anew for every document, about 45 ms of CPU per weight. A
 * one-page invoice measured 88 ms of CPU with it, 16 ms without, 5.5 ms in Helvetica (40 documents
 * a round, rounds alternated, load average 8). The price is no kerning (the text is set at each
 * glyph's own width) and no mark placement: text is drawn in NFC (pdfText), where accents are
 * precomposed.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadPdfKit } from "./lazy-modules.js";

/** The registered names to pass to `pdf.font()`. */
export const PDF_FONTS = { regular: "NotoSans", bold: "NotoSans-Bold" } as const;
export type PdfFonts = typeof PDF_FONTS;

/** The OpenType tables left out of the fonts given to pdfkit (see above). */
const LEFT_OUT_TABLES: ReadonlySet<string> = new Set(["GPOS"]);

/**
 * An sfnt font file (TrueType or OpenType) without the tables named: the table directory written
 * anew, each kept table copied and padded to 4 bytes as the format asks.
 */
export function withoutTables(font: Buffer, leftOut: ReadonlySet<string>): Buffer {
  const count = font.readUInt16BE(4);
  const kept: Array<{ tag: string; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = font.toString("latin1", at, at + 4);
    if (leftOut.has(tag)) continue;
    const offset = font.readUInt32BE(at + 8);
    kept.push({
      tag,
      checksum: font.readUInt32BE(at + 4),
      data: font.subarray(offset, offset + font.readUInt32BE(at + 12)),
    });
  }
  const header = Buffer.alloc(12 + kept.length * 16);
  font.copy(header, 0, 0, 4);
  header.writeUInt16BE(kept.length, 4);
  const power = 2 ** Math.floor(Math.log2(Math.max(1, kept.length)));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE((kept.length - power) * 16, 10);
  const tables: Buffer[] = [];
  let offset = header.length;
  kept.forEach((table, i) => {
    const at = 12 + i * 16;
    header.write(table.tag, at, "latin1");
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...tables]);
}

let fontData: { regular: Buffer; bold: Buffer } | undefined;

function shopFontData(): { regular: Buffer; bold: Buffer } {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    const file = (weight: string) =>
      withoutTables(
        readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`)),
        LEFT_OUT_TABLES,
      );
    fontData = { regular: file("400Regular"), bold: file("700Bold") };
  }
  return fontData;
}

/** Text as a PDF draws it: NFC, so an accent typed as a combining mark sits on its letter. */
export function pdfText(text: string): string {
  return text.normalize("NFC");
}

/**
 * A new document in the shop's font, and the PDF's bytes once `pdf.end()` was called. Choose the
 * weight with `pdf.font(fonts.bold)` / `pdf.font(fonts.regular)`. (pdfkit's default Helvetica is
 * loaded but never used, so never written into the file.)
 */
export async function startPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ pdf: PDFKit.PDFDocument; fonts: PdfFonts; done: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const data = shopFontData();
  const pdf = new PDFDocument(options);
  pdf.registerFont(PDF_FONTS.regular, data.regular);
  pdf.registerFont(PDF_FONTS.bold, data.bold);
  pdf.font(PDF_FONTS.regular);
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, fonts: PDF_FONTS, done };
}
