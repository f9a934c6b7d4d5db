/**
 * Texts only the admin area and the server show (print files, shipping zones), kept out of
 * MESSAGES because MESSAGES is in every visitor's first load (the 120 KB budget).
 */
export const ADMIN_MESSAGE_TEXTS = {
  // Designed: the admin order screen's print files (one 3MF per lithophane panel).
  printFiles: {
    title: "Print files",
    notPaid: "Print files are generated once the order is paid.",
    noLithophanes: "This order has no lithophanes to print.",
    waiting: "Waiting for the print files to be queued…",
    panelLabel: (itemNumber: number, panelNumber: number, panelCount: number): string =>
      panelCount > 1 ? `Item ${itemNumber} · panel ${panelNumber} of ${panelCount}` : `Item ${itemNumber}`,
    status: {
      pending: "Queued",
      running: "Generating",
      done: "Ready",
      failed: "Failed",
    },
    download: "Download 3MF",
    downloadLabel: (fileName: string): string => `Download 3MF ${fileName}`,
    retry: "Retry",
    retried: "Print file queued again.",
    retryFailed: "Could not retry the print file.",
    failedHint: "Fix the cause (for example a missing photo), then press Retry.",
    progressLabel: (label: string): string => `Progress of ${label}`,
    // Errors a failed job shows (the generator's own messages are passed on as they are).
    imageNotInShop:
      "The photo is not one of this shop's uploads, so it was not fetched. Ask the customer for the photo.",
    imageMissing: (key: string): string => `The photo ${key} is missing from storage.`,
    noImage: "This lithophane has no photo.",
    unknownShape: (shape: string): string => `Unknown shape "${shape}".`,
    unknownSize: (size: string): string => `The size "${size}" has no dimensions in millimetres.`,
    interrupted: (attempts: number): string =>
      `Generation was interrupted ${attempts} times (the server stopped while it ran). Press Retry to try again.`,
    timedOut: (minutes: number): string => `Generation took longer than ${minutes} minutes and was stopped.`,
    workerStopped: (code: number): string => `The generator stopped unexpectedly (exit code ${code}).`,
    fileMissing: "The print file is missing from storage.",
    notRetryable: "Only a failed print file can be retried.",
    notFound: "Print file not found.",
    // Issue 14: test orders never queue print files by themselves; the admin asks for them.
    testOrderManual: "This is a test order, so its print files are not generated automatically.",
    generate: "Generate print files",
    generated: "Print files queued.",
    generateFailed: "Could not queue the print files.",
  },
  // Issue 16: shipping zones, international checkout, delivery dates, duties.
  shippingZones: {
    title: "Shipping zones",
    intro:
      "Each zone lists the countries it delivers to, its prices and its delivery days. A country in no zone cannot be chosen at checkout.",
    saved: "Shipping zones saved. The next checkout uses them.",
    saveFailed: "Could not save the shipping zones.",
    priceNegative: "Prices cannot be negative.",
    priceInvalid: "Enter a price in pounds, like 8.99.",
    daysInvalid: "Enter whole days from 0 to 90.",
    daysOrder: "The first day cannot be after the last.",
    idInvalid: "Use lower-case letters, digits and dashes for the zone's id.",
    nameRequired: "Give the zone a name.",
    unknownCountry: "Unknown country code.",
    atLeastOne: "Keep at least one zone.",
    duplicateId: (id: string): string => `Two zones have the id "${id}".`,
    countryTwice: (code: string, zone: string): string =>
      `${code} is already in the zone "${zone}": a country can be in one zone only.`,
    save: "Save zones",
    name: "Name",
    duties: "Import duties",
    dutiesOptions: {
      none: "None apply",
      customer_pays_on_delivery: "Customer pays on delivery",
      shop_pays: "The shop pays",
    },
    standardPrice: "Standard price (£)",
    expressPrice: "Express price (£)",
    freeOver: "Free standard over (£)",
    freeOverHint: "Blank: never free.",
    standardFrom: "Standard days, from",
    standardTo: "Standard days, to",
    expressFrom: "Express days, from",
    expressTo: "Express days, to",
    countries: (count: number): string => `Countries (${count})`,
    countriesHint: "ISO codes, separated by commas or spaces.",
  },
} as const;
