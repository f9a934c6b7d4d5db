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
  // Issue 19 item 3: filaments and the Calibration screen (decision 071).
  calibration: {
    title: "Calibration",
    intro:
      "Each filament lets a different share of light through. Print the step wedge in a filament, light it from behind and give one reading: the shop computes the filament's attenuation k and every print file and the creator's 3D preview use the active filament's k.",
    wedgeTitle: "Step wedge",
    wedgeIntro: (steps: string): string =>
      `Ten steps from thin to thick (${steps} mm), each with its thickness embossed. Print it upright at 0.1 mm layers in the filament to calibrate.`,
    downloadWedge: "Download step wedge (3MF)",
    filamentsTitle: "Filaments",
    active: "Active",
    activeHint: "White lithophanes are printed in this filament.",
    activate: "Make active",
    activated: (name: string): string => `${name} is now the active filament.`,
    k: "k per mm",
    transmission: "Light through 1 mm",
    calibratedFrom: "Calibrated from",
    notCalibrated: "Entered by hand",
    readingMatch: (step: number, card: number): string =>
      `the ${step.toFixed(1)} mm step matched a card at ${Math.round(card * 100)}%`,
    readingRatio: (ratio: number, thin: number, thick: number): string =>
      `${Math.round(ratio * 1000) / 10}% of the light from ${thin.toFixed(1)} to ${thick.toFixed(1)} mm`,
    readingTitle: (name: string): string => `Reading for ${name}`,
    methodMatch: "The step that matches the reference card",
    methodRatio: "A measured light ratio",
    matchedStep: "Matching step (mm)",
    card: "Card brightness against the thinnest step (%)",
    thinner: "Thinner step (mm)",
    thicker: "Thicker step (mm)",
    ratio: "Light through the thicker step, as a share of the thinner (%)",
    compute: "Compute and save k",
    computed: (name: string, k: string): string => `${name}: k is now ${k} per mm.`,
    computeFailed: "Could not save the reading.",
    addTitle: "Add a filament",
    name: "Name",
    colour: "Colour",
    add: "Add filament",
    added: (name: string): string => `${name} added.`,
    addFailed: "Could not add the filament.",
    save: "Save",
    saved: "Filament saved.",
    saveFailed: "Could not save the filament.",
    remove: "Remove",
    removed: (name: string): string => `${name} removed.`,
    removeFailed: "Could not remove the filament.",
    // Validation and refusals.
    nameRequired: "Give the filament a name.",
    nameTooLong: "Keep the name under 60 characters.",
    nameTaken: "A filament with this name exists already.",
    colourInvalid: "Enter the colour as #rrggbb.",
    attenuationInvalid: "k must be between 0.05 and 6 per mm.",
    thicknessInvalid: "Enter a thickness from 0.1 to 10 mm.",
    ratioInvalid: "Enter a share strictly between 0 and 100%.",
    thickerThanThinner: "The thicker step must be thicker than the thinner one.",
    outOfRange: (k: number): string =>
      `That reading gives k = ${k} per mm, outside 0.05 to 6: check the steps and the card, then read again.`,
    nothingToChange: "Nothing to change.",
    notFound: "Filament not found.",
    activeCannotBeRemoved: "The active filament cannot be removed: make another one active first.",
  },
  // Issue 19 item 5: production estimates from PrusaSlicer.
  estimates: {
    title: "Production estimate",
    notAvailable: "not available",
    defaultFilament: "White PLA",
    listColumn: "Printing",
    pending: "estimating…",
    printTime: "Print time",
    material: "Material",
    perPanel: (hours: string, grams: string): string => `${hours} · ${grams}`,
    hours: (seconds: number): string => `${(seconds / 3600).toFixed(1)} h`,
    grams: (grams: number): string => `${Math.round(grams)} g`,
    queueTitle: "Printing queue",
    queueHours: (hours: string): string => `${hours} of printing`,
    queueDetail: (orders: number, unknown: number): string =>
      `${orders} paid ${orders === 1 ? "order" : "orders"} not yet dispatched${unknown > 0 ? `; ${unknown} ${unknown === 1 ? "panel" : "panels"} without an estimate` : ""}`,
    slicerMissing: "PrusaSlicer is not installed on the server.",
    slicerFailed: (reason: string): string => `PrusaSlicer could not slice the file: ${reason}`,
    slicerTimedOut: (minutes: number): string =>
      `Slicing took longer than ${minutes} minutes and was stopped.`,
    noFigures: "The G-code has no print time or filament figures.",
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
} as const;
