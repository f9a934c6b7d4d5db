/**
 * The shopper's texts of issue 18's commerce controls: discount codes (cart and checkout),
 * accessory stock (shop) and invoices (account). Kept out of MESSAGES: those screens are lazily
 * loaded, and the first load's budget has no room for texts it never shows.
 */
import { formatGbp } from "./money";

export const COMMERCE_MESSAGES = {
  // Designed: discount codes in the cart and at checkout (issue 18).
  discounts: {
    label: "Discount code",
    apply: "Apply",
    remove: "Remove",
    applied: (code: string): string => `Code ${code} applied`,
    lineLabel: (code: string): string => `Discount (${code})`,
    /** The discount's row on every receipt (issue 30): "Discount (SPRING10)", or "Discount". */
    rowLabel: (code: string | null | undefined): string => (code ? `Discount (${code})` : "Discount"),
    subtotal: "Subtotal",
    discount: "Discount",
    freeShipping: "Free standard shipping",
    unknown: "We don't recognise that code. Please check it and try again.",
    paused: "This code is not active at the moment.",
    notStarted: "This code is not active yet.",
    expired: "This code has expired.",
    minimum: (pence: number): string => `This code needs a minimum spend of ${formatGbp(pence)}.`,
    usedUp: "This code has been used up.",
    customerLimit: "You have already used this code.",
    notApplicable: "This code doesn't apply to the items in your cart.",
    changed: "Your discount code could not be applied. Please review your order.",
  },

  // Designed: accessory stock (issue 18).
  stock: {
    onlyLeft: (n: number): string => `Only ${n} left`,
    outOfStock: "Out of stock",
    soldOut: (name: string): string => `${name} is out of stock.`,
    notEnough: (name: string, n: number): string => `Only ${n} of ${name} left.`,
  },

  // Designed: invoices and credit notes (issue 18).
  invoices: {
    download: "Download invoice",
    creditNote: "Credit note",
    notYet: "The invoice is ready once the order is paid.",
    // Issue 29: the invoice and credit-note PDF links (signed, expiring, rate limited).
    notFound: "Invoice not found.",
    linkExpired: "This invoice link has expired. Track your order or log in to download the invoice again.",
    tooManyDownloads: "Too many downloads. Please wait a minute and try again.",
    /** Heads an invoice's figures in the customer's currency, under its GBP totals (issue 47). */
    shownAtCheckout: (code: string): string => `As shown at checkout in ${code} (charged in GBP as above)`,
  },
} as const;
