/**
 * Texts only the admin area and the server show (print files, shipping zones), kept out of
 * MESSAGES because MESSAGES is in every visitor's first load (the 120 KB budget).
 */
export const ADMIN_MESSAGE_TEXTS = {
  // Issue 46: a catalogue text with a character XML cannot carry (it broke the Shopping feed).
  invisibleCharacters:
    "Please remove the invisible control characters from this text (they often come with text pasted from other programs).",
  // Designed: the admin order screen's print files (one 3MF per lithophane panel).
  orders: {
    trackingRequired: "Enter the tracking number: the customer's dispatch e-mail includes it.",
    bulkTrackingRequired: "Enter a tracking number for each order you mark dispatched.",
    trackingFor: (displayNumber: string): string => `Tracking number for order #${displayNumber}`,
  },
  orderItem: {
    localContrast: "Local contrast: on (the print file evens out light and shade)",
  },
  printFiles: {
    colourPrinterNotReady:
      "The colour printer's four spools (white, cyan, magenta, yellow) were not all set when this colour job was queued: set them on the Calibration screen, then retry this file.",
    colour: "Colour",
    colourSpools: (spools: string): string => `Multi-material: ${spools}`,
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
    // Calibration by photo (issue 32).
    photoTitle: (name: string): string => `Calibrate ${name} from a photo`,
    photoIntro:
      "Lay the printed wedge flat on the lit lightbox so bare light shows all round it, and photograph it from above, filling most of the picture, with nothing else dark in view. The shop finds the steps, measures their light against the bare light and fits k and the scattering.",
    photoChoose: "Photo of the lit wedge",
    photoFit: "Measure the photo",
    photoFitting: "Measuring the photo…",
    photoFitFailed: "Could not measure the photo.",
    photoResultTitle: "What the photo says",
    photoK: "k per mm (luminance)",
    photoKRgb: "k per mm (red, green, blue)",
    photoScatter: "Scattering (sideways spread per mm of plastic)",
    photoCameraBlur: "Camera blur",
    photoResidual: "Fit residual",
    photoStepsUsed: (used: number, all: number): string => `${used} of ${all} steps measured`,
    photoChartLabel: "Light through each step: measured (dots) and fitted (line), log scale",
    photoSave: (name: string): string => `Save for ${name}`,
    photoConfirm: (name: string, k: string): string =>
      `Replace ${name}'s calibration with k = ${k} per mm and this scattering? Print files made from now on use it.`,
    photoDiscard: "Discard",
    readingPhoto: (k: string, scatter: string): string =>
      `a photo of the wedge (k ${k}, scattering ${scatter})`,
    photoNoWedge:
      "No wedge found: lay it on the lit lightbox with bare light all round it, and keep other dark things out of the picture.",
    photoTooSmall: "The wedge is too small in the photo: come closer so it fills most of the picture.",
    photoTooFewSteps:
      "Too few steps could be measured: the photo is over- or under-exposed. Tap to expose on the wedge and try again.",
    photoNoBareLight: "No bare light around the wedge: leave a margin of lit lightbox all round it.",
    photoUnreadable: "That file is not a photo the shop can read (JPEG, PNG or WebP).",
    photoBusy: "Another photo is being measured: try again in a moment.",
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
    inColourPrinter:
      "This filament is loaded in the colour printer: choose another spool for its role first.",
  },
  // Issue 22: the colour printer's four spools (Calibration screen).
  colourPrinter: {
    title: "Colour printer",
    intro:
      "Colour lithophanes print a white relief behind thin cyan, magenta and yellow layers on a multi-material printer. Say which spool sits on which extruder, and how much of each colour of light 1 mm of it lets through (k per mm for red, green and blue light, measured on the step wedge printed in that spool).",
    role: { white: "White (relief)", cyan: "Cyan", magenta: "Magenta", yellow: "Yellow" } as Record<
      string,
      string
    >,
    filament: "Filament",
    extruder: "Extruder",
    extruderOption: (n: number): string => `Extruder ${n}`,
    channel: { r: "k red", g: "k green", b: "k blue" } as Record<string, string>,
    readingToggle: "From a wedge reading",
    readingHint:
      "Photograph the lit wedge on manual exposure; for a thinner and a thicker step, give the thicker step's red, green and blue values as a share of the thinner's.",
    thinner: "Thinner step (mm)",
    thicker: "Thicker step (mm)",
    ratio: (channel: string): string => `${channel} through the thicker step (%)`,
    save: "Save colour printer",
    saved: "Colour printer saved.",
    saveFailed: "Could not save the colour printer.",
    notReady: (roles: string): string =>
      `Colour orders cannot be printed until these spools are set: ${roles}.`,
    ready: "Colour orders print with these four spools.",
    // Validation and refusals.
    fourSlots: "Give one spool for each of white, cyan, magenta and yellow.",
    filamentsDistinct: "Each role needs its own filament.",
    extrudersDistinct: "Each spool needs its own extruder.",
    extruderInvalid: "Choose extruder 1 to 4.",
    filamentRequired: "Choose a filament.",
    attenuationInvalid: "k per channel must be between 0.05 and 12 per mm.",
    thicknessInvalid: "Enter a thickness from 0.1 to 10 mm.",
    ratioInvalid: "Enter a share strictly between 0 and 100%.",
    thickerThanThinner: "The thicker step must be thicker than the thinner one.",
    channelOutOfRange: (channel: string, k: number): string =>
      `That reading gives k = ${k} per mm for ${channel}, outside 0.05 to 12: check the steps and read again.`,
    filamentNotFound: "A chosen filament no longer exists.",
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
  // Issue 18: the owner's prices, discount codes, stock and invoices.
  prices: {
    title: "Prices",
    intro:
      "The bundle prices, what Colour processing adds, the free-shipping threshold, accessory prices and the invoice details. A change prices the next checkout; orders already placed keep their prices. Every change is in the Activity log with the old and new values.",
    bundlesTitle: "Bundles",
    bundlePrice: (name: string): string => `${name} price (£)`,
    bundleWas: (name: string): string => `${name} price before the saving (£)`,
    bundleWasHint: "Blank: no saving shown.",
    thresholdTitle: "Free standard shipping",
    threshold: "Free standard shipping over (£)",
    thresholdHint: "For the United Kingdom zone; the other zones are on the Shipping zones screen.",
    save: "Save prices",
    saved: "Prices saved. The next checkout uses them.",
    saveFailed: "Could not save the prices.",
    priceInvalid: "Enter a price in pounds, like 54.50.",
    processingTitle: "Processing",
    processingIntro:
      "Added to the bundle price once per panel when the customer chooses it: a Keepsake Collection of 3 panels pays it 3 times. The creator's options screen switches an option on or off.",
    processingPrice: (name: string): string => `${name}: added per panel (£)`,
    colourHint:
      "Covers a colour panel's extra filament (the cyan, magenta and yellow layers and the purge tower) and the longer print with tool changes.",
    processingSaved: (name: string): string => `${name}: price saved.`,
    accessoriesTitle: "Accessory prices",
    accessoryPrice: (name: string): string => `${name} price (£)`,
    accessorySaved: (name: string): string => `${name}: price saved.`,
    invoiceTitle: "Invoices and VAT",
    invoiceIntro:
      "What every invoice and credit note shows as the seller. With VAT registration on, each line shows the VAT it includes.",
    businessName: "Business name",
    address: "Address (one line each)",
    invoiceEmail: "E-mail on invoices",
    vatRegistered: "VAT registered",
    vatNumber: "VAT number",
    vatRate: "VAT rate (%)",
    invoiceSave: "Save invoice details",
    invoiceSaved: "Invoice details saved.",
    vatReportTitle: "Quarterly sales and VAT report",
    quarter: "Quarter",
    vatReportDownload: "Download CSV",
  },
  discounts: {
    title: "Discount codes",
    intro:
      "Codes shoppers type in the cart or at checkout. A use counts when the order is paid; a pending order holds one until it is paid or cancelled.",
    newTitle: "New code",
    code: "Code",
    codeHint: "3 to 32 letters, digits, dashes or underscores; shoppers may type it in any case.",
    kind: "Kind",
    kinds: { percent: "Percentage off", fixed: "Amount off", free_shipping: "Free standard shipping" },
    percent: "Percentage off (%)",
    amount: "Amount off (£)",
    minSpend: "Minimum spend (£)",
    blankNone: "Blank: none.",
    startsAt: "Starts",
    endsAt: "Ends",
    maxUses: "Uses in all",
    maxUsesPerCustomer: "Uses per customer",
    blankUnlimited: "Blank: no limit.",
    scope: "Applies to",
    scopes: { all: "Everything", lithophanes: "Lithophanes only", accessories: "Accessories only" },
    create: "Create code",
    created: (code: string): string => `Code ${code} created.`,
    createFailed: "Could not create the code.",
    none: "No discount codes yet.",
    pause: "Pause",
    resume: "Resume",
    paused: "Paused",
    active: "Active",
    ended: "Ended",
    scheduled: "Scheduled",
    pausedToast: (code: string): string => `${code} paused.`,
    resumedToast: (code: string): string => `${code} active again.`,
    updateFailed: "Could not change the code.",
  },
  stock: {
    column: "Stock",
    madeToOrder: "Made to order",
    label: (name: string): string => `Units of ${name} on the shelf`,
    hint: "Blank: made to order.",
    save: "Save stock",
    saved: (name: string): string => `${name}: stock saved.`,
    saveFailed: "Could not save the stock.",
    reserved: (n: number): string => `${n} held by unpaid orders`,
    low: "Low",
    invalid: "Enter a whole number of units, or leave it blank.",
  },
  documents: {
    title: "Invoice and credit notes",
    none: "The invoice is issued when the order is paid.",
    download: (label: string): string => `Download ${label}`,
    invoice: "Invoice",
    creditNote: "Credit note",
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
  // Issue 47 item 6: the refund form says what it needs and what each line gives back.
  refundForm: {
    internalNote: "Internal note (only admins see it)",
    required: "required",
    lineWithShipping: (goods: string, shipping: string, amount: string): string =>
      `${goods} + ${shipping} shipping = ${amount}`,
    total: (amount: string): string => `Refund total: ${amount}`,
    cancelToo: (left: string): string =>
      `Cancel the order too: refund everything left (${left}); nothing has been dispatched`,
    cancelHint:
      "Ticking this refunds the whole amount left and cancels the order instead of marking it refunded.",
    blocked: {
      nothing: "Tick a line or enter an amount to refund.",
      note: "Write the internal note: it says why, on the order's history.",
      badAmount: "Enter the amount in pounds, for example 12.50.",
      tooMuch: (left: string): string => `At most ${left} is left to refund.`,
    },
  },
  // Issue 17 item 6: the admin says plainly whether the shop takes real money.
  shopMode: {
    live: "Live shop: payments are real",
    test: "Test mode: no real payments",
    // Issue 47 item 7: Stripe takes the payments but the environment switch marks orders as tests.
    testOrders: "Test mode: new orders are test orders",
    environmentSwitch: (mode: string): string => `Environment switch: ${mode}.`,
    /** Data management's and Settings' "Now:" badge. */
    badge: { live: "Production", test: "Test" },
    /** Why the shop is in that mode, under the badge. */
    reason: {
      live: "Stripe takes real card payments and new orders are real orders.",
      testPayments:
        "No Stripe key is set: the built-in test payment page takes every payment and no money moves. Every order is a test order, whatever the environment switch says.",
      testShop:
        "TEST_PAYMENTS=on: the built-in test payment page takes every payment and no money moves. Every order is a test order, whatever the environment switch says.",
      environment:
        "The environment switch is on test: every new order is marked as a test order and kept apart in the figures.",
    },
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
