import type { Config } from "../config.js";
import type { Logger } from "../lib/logger.js";
import { createStripePaymentProvider } from "./stripe.js";
import { createTestPaymentProvider } from "./test-provider.js";
import type { PaymentProvider } from "./types.js";

/** Stripe when a key is configured, otherwise the built-in test payment page. */
export function createPaymentProvider(config: Config, log: Logger): PaymentProvider {
  if (config.stripe)
    return createStripePaymentProvider({ settings: config.stripe, publicUrl: config.publicUrl, log });
  return createTestPaymentProvider({ publicUrl: config.publicUrl, secret: config.authSecret });
}

export { documentsIssuedBetween, findInvoiceDocument, type InvoiceDocumentRow } from "./invoice-documents.js";
export {
  checkInvoiceToken,
  creditRefund,
  type DocumentDetails,
  documentNumberLabel,
  getInvoiceSettings,
  invoicePdfUrl,
  invoiceToken,
  issueCreditNote,
  issueInvoice,
  orderDocuments,
  renderDocumentPdf,
  saveInvoiceSettings,
} from "./invoices.js";
export type { StripePaymentProvider } from "./stripe.js";
export { TEST_PAYMENT_PATH } from "./test-provider.js";
export { isValidOrderAccessToken, orderAccessToken } from "./tokens.js";
export { type PaymentProvider, PaymentProviderError, type PaymentProviderKind } from "./types.js";
