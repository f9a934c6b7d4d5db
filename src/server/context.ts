/**
 * Everything a request handler may need, built once at start (or per test) and passed to the
 * route factories. Closing it closes every resource it opened.
 */
import { type Auth, createAuth } from "./auth.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { seedDatabase } from "./db/seed.js";
import { type BackgroundTasks, createBackgroundTasks } from "./lib/background-tasks.js";
import { createErrorReporter, type ErrorReporter } from "./lib/error-reporting.js";
import { createLogger, type Logger } from "./lib/logger.js";
import { createMetrics, type Metrics } from "./lib/metrics.js";
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from "./lib/rate-limit.js";
import { listenForCatalogChanges } from "./services/catalog-cache.js";
import { invoicePdfUrl } from "./services/invoices.js";
import { createMailer, type Mailer } from "./services/mail.js";
import { MailOutbox } from "./services/mail-outbox.js";
import { OrderEmailOutbox } from "./services/order-email-outbox.js";
import type { OrderPaidListener } from "./services/order-paid.js";
import {
  alertEmailFailed,
  alertLowStock,
  alertPaidOrder,
  alertPrintFailed,
} from "./services/owner-alerts.js";
import { createPaymentProvider, type PaymentProvider } from "./services/payments/index.js";
import { PrintEstimator } from "./services/print-estimates.js";
import { queuePrintJobsOnPayment } from "./services/print-jobs/queue.js";
import { PrintJobRunner } from "./services/print-jobs/runner.js";
import { createRatesService, type RatesService } from "./services/rates.js";
import { applyAdminEmails } from "./services/roles.js";
import { ScheduledBackups } from "./services/scheduled-backups.js";
import { createStorage, type Storage } from "./services/storage.js";
import { UploadSweeper } from "./services/upload-hygiene.js";

export interface AppContext {
  config: Config;
  log: Logger;
  database: Database;
  mail: Mailer;
  auth: Auth;
  /** Customers' images (and other files): DATA_DIR/uploads or an S3 bucket. */
  storage: Storage;
  /** Exchange rates per 1 GBP, cached 4 h, with the spec's fallback. */
  rates: RatesService;
  /** Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in test payment page. */
  payments: PaymentProvider;
  /** Told when an order becomes paid (print files): see services/order-paid.ts. */
  onOrderPaid: OrderPaidListener[];
  /** Functions run on close, newest first (background workers, pools). */
  onClose: Array<() => Promise<void> | void>;
  /** Generates the print files (3MF per lithophane panel) of paid orders in the background. */
  printJobs: PrintJobRunner;
  /** Slices each finished print file with PrusaSlicer for its print time and grams (issue 19). */
  printEstimates: PrintEstimator;
  /** Order e-mails: the first send after commit, and the background retry of failed ones. */
  orderEmails: OrderEmailOutbox;
  /** Every other e-mail with a record: owner alerts, replies, refund notices (decision 050). */
  mailOutbox: MailOutbox;
  /** Deletes uploads nothing uses once they are a day old (services/upload-hygiene.ts). */
  uploadSweeper: UploadSweeper;
  /** Work after the response (account e-mails); closing the context waits for it. */
  background: BackgroundTasks;
  /** Where every rate limit counts: Redis with REDIS_URL (shared by all servers), else memory. */
  rateLimits: RateLimitStore;
  /** Prometheus metrics (GET /metrics): count events with e.g. `ctx.metrics.checkouts.inc()`. */
  metrics: Metrics;
  /** Unexpected errors to Sentry with SENTRY_DSN; does nothing without it. */
  errors: ErrorReporter;
  /** A backup into the shop's storage every BACKUP_INTERVAL_HOURS (services/scheduled-backups.ts). */
  backups: ScheduledBackups;
}

/** The rate-limit store: Redis when REDIS_URL is set (closed with the context), else memory. */
async function openRateLimitStore(config: Config, log: Logger, onClose: AppContext["onClose"]) {
  if (!config.redisUrl) return createMemoryRateLimitStore();
  const { Redis } = await import("ioredis");
  // A command waits at most 1 s and is not retried for long: during a Redis outage the limits
  // count in this server's memory (decision 291) rather than holding requests.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on("error", (err) => log.warn({ err: err.message }, "redis connection error"));
  onClose.push(async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return createRedisRateLimitStore(redis, log);
}

export async function createContext(config: Config, options: { database?: Database; log?: Logger } = {}) {
  const log = options.log ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(config));
  await database.migrate();
  await seedDatabase(database.db);
  const mail = createMailer(config, log);
  const background = createBackgroundTasks(log);
  const onClose: AppContext["onClose"] = [];
  const rateLimits = await openRateLimitStore(config, log, onClose);
  const metrics = createMetrics(database);
  rateLimits.onRefused = (limiter) => metrics.rateLimitRefusals.inc({ limiter });
  const errors = await createErrorReporter(config, log);
  onClose.push(() => errors.flush());
  const auth = createAuth({ config, db: database.db, mail, log, background, rateLimits });
  const storage = createStorage(config);
  const rates = createRatesService({ url: config.ratesUrl, log });
  const payments = createPaymentProvider(config, log);
  const ctx: AppContext = {
    config,
    log,
    database,
    mail,
    auth,
    storage,
    rates,
    payments,
    onOrderPaid: [],
    onClose,
    printJobs: new PrintJobRunner({
      database,
      storage,
      log,
      resolutionMm: config.printFiles.resolutionMm,
      onDone: () => ctx.printEstimates.wake(),
      onFailed: async (job) => ctx.mailOutbox.sendNow([await alertPrintFailed(database.db, config, job)]),
    }),
    orderEmails: new OrderEmailOutbox({
      database,
      log,
      publicUrl: config.publicUrl,
      invoiceUrl: (orderId) => invoicePdfUrl(config, orderId),
      mailer: () => ctx.mail,
      onGivenUp: async (mail) => ctx.mailOutbox.sendNow([await alertEmailFailed(database.db, config, mail)]),
    }),
    mailOutbox: new MailOutbox({
      database,
      log,
      publicUrl: config.publicUrl,
      mailer: () => ctx.mail,
      onGivenUp: async (mail) => ctx.mailOutbox.sendNow([await alertEmailFailed(database.db, config, mail)]),
    }),
    printEstimates: new PrintEstimator({
      database,
      storage,
      log,
      command: config.printFiles.slicer.command,
      searchPath: config.printFiles.slicer.searchPath,
      timeoutMs: config.printFiles.slicer.timeoutMs,
    }),
    uploadSweeper: new UploadSweeper({ database, storage, log }),
    background,
    rateLimits,
    metrics,
    errors,
    backups: new ScheduledBackups({ config, database, storage, log }),
  };
  ctx.onOrderPaid.push({ afterCommit: () => metrics.payments.inc() });
  // Mail still being sent goes out before the database closes (onClose runs newest first).
  ctx.onClose.push(() => background.idle());
  await applyAdminEmails(ctx);
  // Another server's (or a script's) catalogue write drops this server's cache at once.
  ctx.onClose.push(await listenForCatalogChanges(database));
  // Print files: rows in the payment's own transaction, the work after commit. Test orders
  // queue none by themselves (an admin asks for them): a test shop cannot be made to print.
  // The runner is woken only for a payment that queued jobs (it polls for anything else).
  const queuedPrintJobs = new Set<string>();
  ctx.onOrderPaid.push({
    inTransaction: async (tx, orderId, order) => {
      if ((await queuePrintJobsOnPayment(tx, storage, orderId, order)) > 0) queuedPrintJobs.add(orderId);
    },
    afterCommit: (orderId) => {
      if (queuedPrintJobs.delete(orderId)) ctx.printJobs.wake();
    },
  });
  // The owner hears of every paid order (an alert queued with the payment, sent after commit
  // by the id the queueing answered: nothing to look up when no alert was queued).
  const paidAlerts = new Map<string, string>();
  ctx.onOrderPaid.push({
    inTransaction: async (tx, orderId, order) => {
      const id = await alertPaidOrder(tx, config, orderId, order);
      if (id) paidAlerts.set(orderId, id);
    },
    afterCommit: async (orderId) => {
      const id = paidAlerts.get(orderId);
      paidAlerts.delete(orderId);
      await ctx.mailOutbox.sendNow([id]);
    },
  });
  // ... and of an accessory this payment took to the low-stock line (issue 18).
  const lowStockKeys = new Map<string, string[]>();
  ctx.onOrderPaid.push({
    inTransaction: async (tx, orderId) => {
      const keys = await alertLowStock(tx, config, orderId);
      if (keys.length > 0) lowStockKeys.set(orderId, keys);
    },
    afterCommit: async (orderId) => {
      const keys = lowStockKeys.get(orderId) ?? [];
      lowStockKeys.delete(orderId);
      await ctx.mailOutbox.sendKeys(keys);
    },
  });
  ctx.onClose.push(() => ctx.printJobs.stop());
  if (config.printFiles.worker) ctx.printJobs.start();
  // Estimates run where print files are made: one slicer at a time, apart from the file queue.
  ctx.onClose.push(() => ctx.printEstimates.stop());
  if (config.printFiles.worker) ctx.printEstimates.start();
  // E-mails a previous run could not send go out now, then failed sends are retried.
  ctx.onClose.push(() => ctx.orderEmails.stop());
  ctx.orderEmails.start();
  ctx.onClose.push(() => ctx.mailOutbox.stop());
  ctx.mailOutbox.start();
  // Uploads no cart, order or product uses are removed after a day: at start, then hourly.
  ctx.onClose.push(() => ctx.uploadSweeper.stop());
  ctx.uploadSweeper.start();
  ctx.onClose.push(() => ctx.backups.stop());
  ctx.backups.start();
  return ctx;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  for (const fn of [...ctx.onClose].reverse()) await fn();
  await ctx.database.close();
}
