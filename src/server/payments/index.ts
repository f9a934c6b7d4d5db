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

export * from "./invoice-documents.js";
export * from "./invoices.js";
export * from "./stripe.js";
export * from "./test-provider.js";
export * from "./tokens.js";
export * from "./types.js";
