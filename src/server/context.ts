/**
 * Everything a request handler may need, built once at start (or per test) and passed to the
 * route factories. Closing it closes every resource it opened.
 */

import { displayOrderNumber } from "@shared/orders";
import { applyAdminEmails } from "./accounts/index.js";
import { type Auth, createAuth } from "./auth.js";
import { ScheduledBackups } from "./backups/index.js";
import { createRatesService, listenForCatalogChanges, type RatesService } from "./catalogue/index.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { PrintEstimator, PrintJobRunner } from "./fulfilment/index.js";
import { type BackgroundTasks, createBackgroundTasks } from "./lib/background-tasks.js";
import { createErrorReporter, type ErrorReporter } from "./lib/error-reporting.js";
import { createLogger, type Logger } from "./lib/logger.js";
import { createMetrics, type Metrics } from "./lib/metrics.js";
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from "./lib/rate-limit.js";
import {
  alertEmailFailed,
  alertPrintFailed,
  alertTwinFlagged,
  createMailer,
  type Mailer,
  MailOutbox,
} from "./messaging/index.js";
import { CustomerMailSweeper, OrderExpirySweeper, ProofSweeper } from "./orders/index.js";
import {
  createPaymentProvider,
  invoicePdfUrl,
  orderAccessToken,
  type PaymentProvider,
} from "./payments/index.js";
import {
  createResumableUploadStore,
  createStorage,
  type ResumableUploadStore,
  ResumableUploadSweeper,
  type Storage,
  UploadSweeper,
} from "./platform/index.js";
import { seedDatabase } from "./seed/database.js";

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
  /** Functions run on close, newest first (background workers, pools). */
  onClose: Array<() => Promise<void> | void>;
  /** Generates the print files (3MF per lithophane panel) of paid orders in the background. */
  printJobs: PrintJobRunner;
  /** Slices each finished print file with PrusaSlicer for its print time and grams (issue 19). */
  printEstimates: PrintEstimator;
  /**
   * The proof sweep (every server): proof e-mails once the panels' pictures exist, then the
   * auto-approval of proofs whose window ended. Woken when a print file is made.
   */
  proofs: { wake(): void };
  /**
   * Every e-mail, in one outbox (decision 285): order e-mails, owner alerts, replies, refund
   * notices, account e-mails. The first send after commit, and the background retry.
   */
  mailOutbox: MailOutbox;
  /** Deletes uploads nothing uses once they are a day old (platform/upload-hygiene.ts). */
  uploadSweeper: UploadSweeper;
  /** Resumable (tus) uploads in progress, on this server's disk (decision 325). */
  resumableUploads: ResumableUploadStore;
  /** Work after the response (account e-mails); closing the context waits for it. */
  background: BackgroundTasks;
  /** Where every rate limit counts: Redis with REDIS_URL (shared by all servers), else memory. */
  rateLimits: RateLimitStore;
  /** Prometheus metrics (GET /metrics): count events with e.g. `ctx.metrics.checkouts.inc()`. */
  metrics: Metrics;
  /** Unexpected errors to Sentry with SENTRY_DSN; does nothing without it. */
  errors: ErrorReporter;
  /** A backup into the shop's storage every BACKUP_INTERVAL_HOURS (backups/scheduled.ts). */
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
  // Built before the context (account e-mails go through it); it reads ctx.mail at each send.
  const mailOutbox: MailOutbox = new MailOutbox({
    database,
    log,
    publicUrl: config.publicUrl,
    invoiceUrl: (orderId) => invoicePdfUrl(config, orderId),
    trackUrl: (order) =>
      `${config.publicUrl}/track?${new URLSearchParams({ order: displayOrderNumber(order.orderNumber), id: order.id, token: orderAccessToken(config.authSecret, order.id) })}`,
    mailer: () => ctx.mail,
    onGivenUp: async (mail) => {
      await mailOutbox.sendNow([await alertEmailFailed(database.db, config, mail)]);
    },
  });
  const auth = createAuth({ config, db: database.db, outbox: mailOutbox, log, background, rateLimits });
  const storage = createStorage(config);
  const rates = createRatesService({ url: config.ratesUrl, log });
  const payments = createPaymentProvider(config, log);
  const resumableUploads = createResumableUploadStore(database.db, {
    quotaBytes: config.abuse.uploadQuotaBytes,
  });
  const ctx: AppContext = {
    config,
    log,
    database,
    mail,
    auth,
    storage,
    rates,
    payments,
    onClose,
    printJobs: new PrintJobRunner({
      database,
      storage,
      log,
      resolutionMm: config.printFiles.resolutionMm,
      maxErrorMm: config.printFiles.maxErrorMm,
      onDone: () => {
        ctx.printEstimates.wake();
        ctx.proofs.wake();
      },
      onFailed: async (job) => {
        ctx.proofs.wake();
        await ctx.mailOutbox.sendNow([await alertPrintFailed(database.db, config, job)]);
      },
      // The twin uses the estimator's slicer (looked up once; null without PrusaSlicer).
      ...(config.printFiles.twin
        ? {
            twin: {
              slicer: () => ctx.printEstimates.slicer(),
              timeoutMs: config.printFiles.slicer.timeoutMs,
            },
          }
        : {}),
      onTwinFlagged: async (job) => {
        await ctx.mailOutbox.sendNow([await alertTwinFlagged(database.db, config, job)]);
      },
    }),
    mailOutbox,
    // The proof sweep, once it exists (below).
    proofs: { wake: () => {} },
    printEstimates: new PrintEstimator({
      database,
      storage,
      log,
      command: config.printFiles.slicer.command,
      searchPath: config.printFiles.slicer.searchPath,
      timeoutMs: config.printFiles.slicer.timeoutMs,
    }),
    uploadSweeper: new UploadSweeper({ database, storage, log }),
    resumableUploads,
    background,
    rateLimits,
    metrics,
    errors,
    backups: new ScheduledBackups({ config, database, storage, log }),
  };
  // Mail still being sent goes out before the database closes (onClose runs newest first).
  ctx.onClose.push(() => background.idle());
  await applyAdminEmails(ctx);
  // Another server's (or a script's) catalogue write drops this server's cache at once.
  ctx.onClose.push(await listenForCatalogChanges(database));
  // Unpaid orders past their payment time give their stock and code uses back (every server).
  const orderExpiry = new OrderExpirySweeper(ctx);
  ctx.onClose.push(() => orderExpiry.stop());
  orderExpiry.start();
  // Cart reminders to opted-in buyers and review requests days after delivery (issue 33).
  const customerMail = new CustomerMailSweeper(ctx);
  ctx.onClose.push(() => customerMail.stop());
  customerMail.start();
  // Proof e-mails once the pictures exist, and proofs whose window ended approved by themselves
  // (issues 32 and 44; every server).
  const proofSweep = new ProofSweeper(ctx);
  ctx.proofs = proofSweep;
  ctx.onClose.push(() => proofSweep.stop());
  proofSweep.start();
  ctx.onClose.push(() => ctx.printJobs.stop());
  if (config.printFiles.worker) ctx.printJobs.start();
  // Estimates run where print files are made: one slicer at a time, apart from the file queue.
  ctx.onClose.push(() => ctx.printEstimates.stop());
  if (config.printFiles.worker) ctx.printEstimates.start();
  // E-mails a previous run could not send go out now, then failed sends are retried.
  ctx.onClose.push(() => ctx.mailOutbox.stop());
  ctx.mailOutbox.start();
  // Uploads no cart, order or product uses are removed after a day: at start, then hourly.
  ctx.onClose.push(() => ctx.uploadSweeper.stop());
  ctx.uploadSweeper.start();
  // Resumable uploads left unfinished past their expiry are removed: at start, then hourly.
  const resumableSweeper = new ResumableUploadSweeper({ store: resumableUploads, log });
  ctx.onClose.push(() => resumableSweeper.stop());
  resumableSweeper.start();
  ctx.onClose.push(() => ctx.backups.stop());
  ctx.backups.start();
  return ctx;
}

export async function closeContext(ctx: AppContext): Promise<void> {
  for (const fn of [...ctx.onClose].reverse()) await fn();
  await ctx.database.close();
}
