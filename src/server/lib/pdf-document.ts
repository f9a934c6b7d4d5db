/**
 * Every PDF the shop makes (invoices and credit notes) starts here: pdfkit with one font family,
 * Noto Sans (npm package @expo-google-fonts/noto-sans: Latin with its extensions, Greek, Cyrillic,
 * the ″ and € signs), embedded as a subset of the glyphs each document uses. pdfkit's built-in
 * Helvetica is not embedded and knows WinAnsi only: "Zoë Łukasik" printed as "Zoë V¶6–°" (issue 47).
 */
import { createRequire } from "node:module";
import { loadPdfKit } from "./lazy-modules.js";

export interface PdfFonts {
  regular: string;
  bold: string;
}

let fonts: PdfFonts | undefined;

/** The font files' paths (resolved once, from wherever the package is installed). */
export function pdfFonts(): PdfFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const file = (weight: string) =>
      require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);
    fonts = { regular: file("400Regular"), bold: file("700Bold") };
  }
  return fonts;
}

/**
 * A new document in the shop's font, and the PDF's bytes once `pdf.end()` was called. Choose the
 * weight with `pdf.font(fonts.bold)` / `pdf.font(fonts.regular)`: pdfkit keeps each file parsed
 * once per document under its path.
 */
export async function startPdf(
  options: Omit<PDFKit.PDFDocumentOptions, "font">,
): Promise<{ pdf: PDFKit.PDFDocument; fonts: PdfFonts; done: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const shopFonts = pdfFonts();
  const pdf = new PDFDocument({ ...options, font: shopFonts.regular });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, fonts: shopFonts, done };
}
