/**
 * The built-in test payment provider (no Stripe key): the "payment page" is served by this
 * server at /api/payments/test/:orderId?token=..., clearly labelled TEST MODE. No money moves.
 */
import { orderAccessToken } from "./tokens.js";
import type { PaymentOrder, PaymentProvider, PaymentSession } from "./types.js";

export const TEST_PAYMENT_PATH = "/api/payments/test";

export function testPaymentPageUrl(publicUrl: string, secret: string, orderId: string): string {
  return `${publicUrl}${TEST_PAYMENT_PATH}/${orderId}?token=${orderAccessToken(secret, orderId)}`;
}

export function createTestPaymentProvider(opts: { publicUrl: string; secret: string }): PaymentProvider {
  return {
    kind: "test",
    async createSession(order: PaymentOrder): Promise<PaymentSession> {
      return {
        provider: "test",
        sessionId: `test_${order.id}`,
        url: testPaymentPageUrl(opts.publicUrl, opts.secret, order.id),
      };
    },
  };
}
