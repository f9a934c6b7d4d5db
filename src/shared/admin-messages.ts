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
  },
  // Issue 17: photo review (the owner asks for a better photo for one panel).
  photoReview: {
    title: "Photo review",
    ask: "Ask for a better photo",
    askFor: (label: string): string => `Ask for a better photo: ${label}`,
    reasonLabel: "Why",
    reasons: {
      too_dark: "Too dark",
      too_small: "Too small (low resolution)",
      other: "Something else",
    },
    noteLabel: "A word for the customer (optional)",
    send: "Send the request",
    sent: "Request sent: the customer has an e-mail with a link to upload a new photo.",
    sendFailed: "Could not send the request.",
    waiting: "Waiting for photo",
    waitingSince: (when: string): string => `Waiting for a new photo since ${when}`,
    replaced: "New photo received",
    withdrawn: "Request withdrawn",
    withdraw: "Withdraw the request",
    withdrawnToast: "Request withdrawn: the link no longer works.",
    previous: "Before",
    next: "After",
    keyReused: "This request key belongs to another order.",
    anonymised: "The customer deleted their account: there is no address to write to.",
    notReviewable: "Photos can be reviewed while an order is paid and not yet dispatched.",
    noSuchPanel: "This order has no such panel.",
    alreadyRequested: "A new photo has already been asked for this panel.",
    notFound: "Photo request not found.",
    notOpen: "This request is no longer open.",
    dispatchWaiting:
      "This order is waiting for a new photo: withdraw the request or wait for the photo before dispatching it.",
    requestedNote: (label: string, reason: string, note: string | null): string =>
      `Asked the customer for a better photo (${label}, ${reason.replace("_", " ")})${note ? `: ${note}` : "."}`,
    withdrawnNote: "Withdrew the request for a better photo.",
    replacedNote: (panelNumber: number, requeued: boolean): string =>
      `The customer sent a new photo for panel ${panelNumber}.${requeued ? " Its print file is being made again." : ""}`,
    alertSubject: (number: string): string => `A new photo for order #${number}`,
    alertBody: (first: string, number: string, panelNumber: number, requeued: boolean): string =>
      `${first} uploaded the new photo you asked for (order #${number}, panel ${panelNumber}).${requeued ? " The panel's print file is being made again from it." : ""}`,
  },
  // Issue 17 item 6: the admin says plainly whether the shop takes real money.
  shopMode: {
    live: "Live shop: payments are real",
    test: "Test mode: no real payments",
  },
  // Issue 17 item 6: the activity log says who made a change.
  activity: {
    context: {
      manual: "Made by hand in the admin",
      ai: "Made with the AI-assisted tooling",
      customer: "Made by the customer (signed link)",
    },
  },
} as const;

/** The activity log's words for a row's operation context (older rows say "ai" for everything). */
export function operationContextLabel(context: string): string {
  const labels: Record<string, string> = ADMIN_MESSAGE_TEXTS.activity.context;
  return labels[context] ?? `Context: ${context}`;
}
