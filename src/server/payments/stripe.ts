/**
 * Stripe Checkout: one Checkout Session per order, in GBP pence, with the order id in its
 * metadata and an idempotency key derived from the order id (a retried request never makes
 * a second session). Webhook events are verified with STRIPE_WEBHOOK_SECRET over the raw body.
 */
import Stripe from "stripe";
import type { Logger } from "../lib/logger.js";
import {
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSession,
} from "./types.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests: "http://127.0.0.1:12111" points the SDK at a local fake. */
  apiBase: string | undefined;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: "stripe";
  readonly client: Stripe;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: string, signature: string): Stripe.Event;
  /** Gives money back on a payment; the same key never refunds twice (Stripe's idempotency). */
  refund(input: { paymentIntentId: string; amountPence: number; orderId: string; key: string }): Promise<{
    refundId: string;
    amountPence: number;
  }>;
  /** Every refund made on a payment (here or in Stripe's dashboard), each with its own id. */
  listRefunds(paymentIntentId: string): Promise<Array<{ refundId: string; amountPence: number }>>;
}

export function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiBase">): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** Stripe's shortest Checkout Session life is 30 minutes; a minute more for the clock between us. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60_000;

export function stripeIdempotencyKey(orderId: string): string {
  return `lithobox-checkout-session-${orderId}`;
}

export function createStripePaymentProvider(opts: {
  settings: StripeSettings;
  publicUrl: string;
  log: Logger;
}): StripePaymentProvider {
  const client = stripeClient(opts.settings);
  return {
    kind: "stripe",
    client,
    constructEvent(rawBody, signature) {
      return client.webhooks.constructEvent(rawBody, signature, opts.settings.webhookSecret);
    },
    async refund(input) {
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountPence,
            reason: "requested_by_customer",
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: `lithobox-refund-${input.key}` },
        );
        return { refundId: refund.id, amountPence: refund.amount };
      } catch (error) {
        opts.log.error({ err: error, orderId: input.orderId }, "Stripe refund failed");
        throw new PaymentProviderError(error instanceof Error ? error.message : "Stripe refund failed", {
          cause: error,
        });
      }
    },
    async listRefunds(paymentIntentId) {
      const refunds: Array<{ refundId: string; amountPence: number }> = [];
      for await (const refund of client.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        // A failed or cancelled refund gave nothing back.
        if (refund.status === "failed" || refund.status === "canceled") continue;
        refunds.push({ refundId: refund.id, amountPence: refund.amount });
      }
      return refunds;
    },
    async closeSession(sessionId) {
      try {
        await client.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already complete or expired: nothing more can be paid there (a payment that beat the
        // cancellation arrives as a webhook and is recorded for a refund).
        opts.log.warn({ err: error, sessionId }, "Stripe Checkout Session could not be expired");
      }
    },
    async createSession(order: PaymentOrder): Promise<PaymentSession> {
      const orderQuery = `order=${encodeURIComponent(order.id)}`;
      try {
        const session = await client.checkout.sessions.create(
          {
            mode: "payment",
            // Stripe accepts 30 minutes to 24 hours from now, and the order was written a moment
            // ago: at least 31 minutes out. The shop's sweep waits 2 minutes past the order's
            // deadline, so Stripe's page has closed before the order expires.
            expires_at: Math.floor(
              Math.max(order.expiresAt.getTime(), Date.now() + STRIPE_MIN_EXPIRY_MS) / 1000,
            ),
            customer_email: order.email,
            client_reference_id: order.id,
            success_url: `${opts.publicUrl}/checkout/success?${orderQuery}`,
            cancel_url: `${opts.publicUrl}/checkout/cancel?${orderQuery}`,
            metadata: {
              orderId: order.id,
              orderNumber: order.displayNumber,
              shippingCountry: order.shipping.country,
            },
            payment_intent_data: {
              metadata: { orderId: order.id, orderNumber: order.displayNumber },
              // The address checkout took, with its country: Stripe shows it and keeps it with the payment.
              shipping: {
                name: order.shipping.name,
                ...(order.shipping.phone ? { phone: order.shipping.phone } : {}),
                address: {
                  line1: order.shipping.address.line1,
                  ...(order.shipping.address.line2 ? { line2: order.shipping.address.line2 } : {}),
                  city: order.shipping.address.city,
                  ...(order.shipping.address.state ? { state: order.shipping.address.state } : {}),
                  ...(order.shipping.address.postalCode
                    ? { postal_code: order.shipping.address.postalCode }
                    : {}),
                  country: order.shipping.country,
                },
              },
            },
            line_items: order.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: "gbp",
                unit_amount: line.unitAmountPence,
                product_data: {
                  name: line.name,
                  ...(line.description ? { description: line.description } : {}),
                },
              },
            })),
            shipping_options: [
              {
                shipping_rate_data: {
                  type: "fixed_amount",
                  display_name: order.shipping.label,
                  fixed_amount: { amount: order.shipping.amountPence, currency: "gbp" },
                  delivery_estimate: {
                    minimum: { unit: "business_day", value: Math.max(1, order.shipping.businessDays.min) },
                    maximum: { unit: "business_day", value: Math.max(1, order.shipping.businessDays.max) },
                  },
                },
              },
            ],
          },
          { idempotencyKey: stripeIdempotencyKey(order.id) },
        );
        if (!session.url) throw new PaymentProviderError("Stripe returned a session without a URL");
        return { provider: "stripe", sessionId: session.id, url: session.url };
      } catch (error) {
        opts.log.error({ err: error, orderId: order.id }, "Stripe Checkout Session could not be created");
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError("Stripe Checkout Session could not be created", { cause: error });
      }
    },
  };
}
