/**
 * Native and heavy libraries the server needs only for some requests, loaded on first use: sharp
 * (libvips, ~20 MB resident) for uploads, pdfkit (~15 MB) for invoices and credit notes. Loading
 * them at start-up made every idle server carry them (issue 21: idle RSS under 150 MB).
 */
import type SharpModule from "sharp";

type Sharp = typeof SharpModule;
type PdfKit = typeof import("pdfkit");

let sharpModule: Promise<Sharp> | undefined;
let pdfKitModule: Promise<PdfKit> | undefined;

export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then((m) => m.default);
  return sharpModule;
}

export function loadPdfKit(): Promise<PdfKit> {
  pdfKitModule ??= import("pdfkit").then((m) => m.default);
  return pdfKitModule;
}
