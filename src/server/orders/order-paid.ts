import type { Tx } from "../db/client.js";
import type { orders } from "../db/schema.js";

/**
 * Listeners told when an order becomes paid (ctx.onOrderPaid), e.g. print-file generation:
 * - inTransaction runs inside the transaction that marks the order paid: insert rows there
 *   (print_jobs) so they exist exactly when the order is paid. Keep it to quick writes; a
 *   throw rolls the payment completion back (a webhook is then retried by Stripe).
 * - afterCommit runs once the payment is committed (wake a worker); errors are logged only.
 */
export interface OrderPaidListener {
  /** `order` is the row as the transaction just wrote it (status paid): no need to read it again. */
  inTransaction?: (tx: Tx, orderId: string, order: typeof orders.$inferSelect) => Promise<void>;
  afterCommit?: (orderId: string) => Promise<void> | void;
}
