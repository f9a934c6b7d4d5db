/**
 * The payment providers behind checkout. With STRIPE_SECRET_KEY the shop uses Stripe Checkout
 * and its signed webhooks; without it, a built-in test payment page served by this server.
 * Both finish through the order workflows (src/server/orders/workflows/).
 */

/** One line as the provider shows it; money is GBP pence. */
export interface PaymentLine {
  name: string;
  description: string;
  unitAmountPence: number;
  quantity: number;
}

/** What a provider needs to take payment for an order. */
export interface PaymentOrder {
  id: string;
  displayNumber: string;
  email: string;
  lines: PaymentLine[];
  shipping: PaymentShipping;
  totalPence: number;
  /** When the payment page stops taking money: the pending order expires then (issue 28). */
  expiresAt: Date;
}

/** The delivery: its price (priced from the zone), the address and its country (issue 16). */
export interface PaymentShipping {
  label: string;
  amountPence: number;
  /** ISO alpha-2. */
  country: string;
  name: string;
  phone: string | null;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
  /** The carrier's working days, from the zone. */
  businessDays: { min: number; max: number };
}

export interface PaymentSession {
  provider: PaymentProviderKind;
  /** Stored in orders.payment_session_id. */
  sessionId: string;
  /** The page the customer pays on (opened in a new tab). */
  url: string;
}

export type PaymentProviderKind = "stripe" | "test";

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Starts a payment for a pending order. Safe to repeat for the same order (idempotent). */
  createSession(order: PaymentOrder): Promise<PaymentSession>;
  /**
   * Stops a session from taking money (the order was cancelled or expired first). Absent where
   * the page is this server's own (the test provider reads the order's status).
   */
  closeSession?(sessionId: string): Promise<void>;
}

/** A provider could not start a payment (network, Stripe error): the order is not charged. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
