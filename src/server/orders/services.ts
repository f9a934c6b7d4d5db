/**
 * What the orders module works with: the shop's services it is handed (issue 49 item 2), named by
 * what each is, not the whole app context. The app's context (src/server/context.ts) has them all
 * and is passed where these are asked for; the module never imports the context, so the context
 * that builds the orders' sweepers is not in a circle with them.
 */
import type { RatesService } from "../catalogue/index.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../lib/logger.js";
import type { MailOutbox } from "../messaging/index.js";
import type { PaymentProvider } from "../payments/index.js";
import type { Storage, WorkflowHost } from "../platform/index.js";

export interface OrderServices extends WorkflowHost {
  config: Config;
  log: Logger;
  database: Database;
  /** Customers' photos and the order documents. */
  storage: Storage;
  /** The payment page and refunds: Stripe, or the built-in test provider. */
  payments: PaymentProvider;
  /** Exchange rates per 1 GBP, for prices shown and charged in another currency. */
  rates: RatesService;
  /** Every e-mail the orders send, written in their transaction and sent after it. */
  mailOutbox: MailOutbox;
}
