/**
 * Every environment variable the server reads, parsed once with zod.
 * Outside production a missing secret is generated and kept in DATA_DIR, so a fresh
 * clone starts with no set-up; in production a missing or malformed setting stops the start.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    /**
     * Redis (redis://host:6379/0): with it, every rate limit counts there, shared by all servers
     * on the same database; without it, in memory (one server).
     */
    REDIS_URL: optionalUrl,
    /**
     * The bearer token GET /metrics asks for (Prometheus format); without it /metrics is off
     * (404). At least 16 characters.
     */
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    ),
    /**
     * Hours between scheduled backups into the shop's storage (backups/ in DATA_DIR/uploads or
     * the bucket); 0 turns them off. Default 24 (daily); off in tests.
     */
    BACKUP_INTERVAL_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 31)
      .optional(),
    /** How many scheduled backups are kept (the oldest beyond it are deleted). */
    BACKUP_RETENTION: z.coerce.number().int().min(1).max(1000).default(14),
    /** Sentry's DSN: unexpected errors are reported there (@sentry/node); off without it. */
    SENTRY_DSN: optionalUrl,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BETTER_AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
    ),
    ADMIN_EMAILS: optionalString,
    /** Where alerts to the owner go (new paid order, message, failed print job or e-mail); default the first admin. */
    OWNER_EMAIL: optionalString.pipe(z.email("OWNER_EMAIL must be an e-mail address").optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Tests point the Stripe SDK at a local fake: "http://127.0.0.1:12111". */
    STRIPE_API_BASE: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default(`${BRAND_NAME} <${SUPPORT_EMAIL}>`),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("eu-west-2"),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl,
    RATES_URL: optionalUrl,
    ADDRESS_API_KEY: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    /** Where the built web app lives; the server serves it with an index.html fallback. */
    WEB_DIST: z.string().default("./dist/web"),
    /**
     * Auth rate limits, per client IP per minute; on in every environment. Sign-in and every
     * two-factor check (TOTP, backup code) share AUTH_SIGN_IN_RATE_LIMIT; sign-up, password and
     * e-mail changes and verification e-mails use AUTH_RATE_LIMIT. A test server that signs in
     * many times from 127.0.0.1 (the e2e suite) raises them.
     */
    AUTH_SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * Sign-in attempts per account (its address, from any client) in 15 minutes; three times as
     * many in a day (issue 46). The e2e suite, signing its admin in for every test, raises it.
     */
    AUTH_ACCOUNT_SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Reverse proxies (IPs or CIDR ranges, comma separated) whose X-Forwarded-For is believed. */
    TRUSTED_PROXIES: optionalString,
    /**
     * Print files (3MF per lithophane panel of a paid order): "off" keeps this process from
     * generating them (jobs are still queued; another server with "on" runs them).
     */
    PRINT_WORKER: z.enum(["on", "off"]).default("on"),
    /** Sampling of the printed relief in millimetres: 0.2 (default) or finer, e.g. 0.1. */
    PRINT_RESOLUTION_MM: z.coerce.number().min(0.05).max(1).default(0.2),
    /**
     * The print file's adaptive mesh (decision 352): every grid point of the relief within this many
     * millimetres of the surface, vertically (default 0.02, a fifth of a layer); 0 writes the full grid.
     */
    PRINT_MAX_ERROR_MM: z.coerce.number().min(0).max(0.5).default(0.02),
    /**
     * Production estimates (issue 19): the PrusaSlicer command each print file is sliced with, looked
     * up on PATH ("prusa-slicer" by default), or "off". Without it the estimates say "not available".
     */
    PRUSA_SLICER: z.string().trim().min(1).default("prusa-slicer"),
    /** Where PRUSA_SLICER is looked for (the process's PATH). */
    PATH: optionalString,
    /**
     * The G-code twin of every print file (issue 32, decision 321): "auto" (default) checks each
     * file with PrusaSlicer when it is installed (never under NODE_ENV=test), "on" always tries,
     * "off" never. The estimates then come from the same slicing.
     */
    PRINT_TWIN: z.enum(["auto", "on", "off"]).default("auto"),
    /** A slice taking longer is stopped and its estimate marked failed (seconds). */
    SLICER_TIMEOUT_S: z.coerce.number().int().min(10).max(7200).default(600),
    /**
     * "on": a test shop on purpose (the built-in test payment page, a "test shop" banner on
     * every page). Production without Stripe keys refuses to start unless this is on.
     */
    TEST_PAYMENTS: z.enum(["on", "off"]).default("off"),
    /** Image uploads per client IP per minute (a creator session needs at most ~12). */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(12),
    /** Contact-form messages per client IP per minute. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(3),
    /** Megabytes of images one visitor (client IP, or account) may upload per 24 hours. */
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
    /**
     * Minutes an unpaid order holds its stock and discount-code use before it expires. Stripe's
     * Checkout Session expires at the same moment; Stripe accepts 30 minutes to 24 hours.
     */
    ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
    /** Seconds between two sweeps of unpaid orders past their time (every server sweeps). */
    ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required with STRIPE_SECRET_KEY",
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      });
    }
    for (const entry of (env.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [address = "", prefix] = entry.split("/");
      const family = isIP(address);
      const bits = family === 4 ? 32 : 128;
      if (!family || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
        ctx.addIssue({
          code: "custom",
          path: ["TRUSTED_PROXIES"],
          message: `"${entry}" is not an IP address or CIDR range`,
        });
      }
    }
    if (env.TEST_PAYMENTS === "on" && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["TEST_PAYMENTS"],
        message: "cannot be on while STRIPE_SECRET_KEY is set: choose Stripe or the test payment page",
      });
    }
    if (env.NODE_ENV === "production") {
      if (!env.STRIPE_SECRET_KEY && env.TEST_PAYMENTS !== "on") {
        // Without Stripe the built-in test payment page marks orders paid: no free orders.
        for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
          if (!env[name]) {
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: "is required in production (or set TEST_PAYMENTS=on for a test shop)",
            });
          }
        }
      }
      if (!env.BETTER_AUTH_SECRET) {
        ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "is required in production" });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production" });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** The names a local shop (no PUBLIC_URL) is opened at, all trusted on the shop's port. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** Every environment variable the server reads; .env.example documents each one. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: shared rate-limit counts for several servers; undefined: in memory. */
  redisUrl: string | undefined;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: /metrics is off. */
  metricsToken: string | undefined;
  /** SENTRY_DSN: where unexpected errors are reported; undefined: nowhere. */
  sentryDsn: string | undefined;
  /** Scheduled backups: hours between them (0: off) and how many are kept. */
  backups: { intervalHours: number; retention: number };
  logLevel: Env["LOG_LEVEL"];
  authSecret: string;
  adminEmails: string[];
  /** OWNER_EMAIL: the owner's alerts; undefined means the first admin's address. */
  ownerEmail: string | undefined;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
      }
    | undefined;
  ratesUrl: string | undefined;
  addressApiKey: string | undefined;
  oauth: Partial<Record<"google" | "github" | "facebook", { clientId: string; clientSecret: string }>>;
  webDist: string;
  /** Per client IP per minute: sign-in and two-factor checks; other sensitive auth requests. */
  rateLimit: { signInPerMinute: number; sensitivePerMinute: number; signInPerAccount: number };
  /** Proxies allowed to name the client in X-Forwarded-For; empty: the socket address is the client. */
  trustedProxies: string[];
  /** Print-file generation: whether this process runs the queue, and the relief's sampling. */
  printFiles: {
    worker: boolean;
    resolutionMm: number;
    /** The adaptive mesh's largest vertical error at any grid point (mm); 0: the full grid. */
    maxErrorMm: number;
    /** PrusaSlicer for production estimates: the command (null: off), where to look, the time limit. */
    slicer: { command: string | null; searchPath: string | undefined; timeoutMs: number };
    /** The twin check in the print worker: on when the slicer is found (see PRINT_TWIN). */
    twin: boolean;
  };
  /** TEST_PAYMENTS=on: a test shop on purpose; every page shows a "test shop" banner. */
  testShop: boolean;
  /**
   * Origins whose state-changing requests are this shop's own: PUBLIC_URL's exactly; with no
   * PUBLIC_URL (local mode) localhost, 127.0.0.1 and [::1] on the shop's port.
   */
  trustedOrigins: string[];
  /** Abuse limits of anonymous endpoints: per client IP per minute, and bytes per visitor per 24 h. */
  abuse: { uploadsPerMinute: number; contactPerMinute: number; uploadQuotaBytes: number };
  /** Unpaid orders: how long they hold stock and code uses before the sweep expires them. */
  orders: { paymentMinutes: number; expirySweepSeconds: number };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Outside production, one random secret is made on first start and kept with the data. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function oauthPair(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const dataDir = path.resolve(env.DATA_DIR);
  const oauth: Config["oauth"] = {};
  const google = oauthPair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
  const github = oauthPair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET);
  const facebook = oauthPair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET);
  if (google) oauth.google = google;
  if (github) oauth.github = github;
  if (facebook) oauth.facebook = facebook;
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    sentryDsn: env.SENTRY_DSN,
    backups: {
      intervalHours: env.BACKUP_INTERVAL_HOURS ?? (env.NODE_ENV === "test" ? 0 : 24),
      retention: env.BACKUP_RETENTION,
    },
    logLevel: env.LOG_LEVEL,
    authSecret: env.BETTER_AUTH_SECRET ?? localSecret(dataDir),
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    ownerEmail: env.OWNER_EMAIL?.trim().toLowerCase(),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
    ratesUrl: env.RATES_URL,
    addressApiKey: env.ADDRESS_API_KEY,
    oauth,
    webDist: path.resolve(env.WEB_DIST),
    rateLimit: {
      signInPerMinute: env.AUTH_SIGN_IN_RATE_LIMIT,
      sensitivePerMinute: env.AUTH_RATE_LIMIT,
      signInPerAccount: env.AUTH_ACCOUNT_SIGN_IN_LIMIT,
    },
    trustedProxies: (env.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean),
    printFiles: {
      worker: env.PRINT_WORKER === "on",
      resolutionMm: env.PRINT_RESOLUTION_MM,
      maxErrorMm: env.PRINT_MAX_ERROR_MM,
      slicer: {
        command: env.PRUSA_SLICER === "off" ? null : env.PRUSA_SLICER,
        searchPath: env.PATH,
        timeoutMs: env.SLICER_TIMEOUT_S * 1000,
      },
      twin: env.PRINT_TWIN === "on" || (env.PRINT_TWIN === "auto" && env.NODE_ENV !== "test"),
    },
    testShop: env.TEST_PAYMENTS === "on",
    trustedOrigins: env.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : LOOPBACK_HOSTS.map((host) => `http://${host}:${env.PORT}`),
    abuse: {
      uploadsPerMinute: env.UPLOAD_RATE_LIMIT,
      contactPerMinute: env.CONTACT_RATE_LIMIT,
      uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    },
    orders: {
      paymentMinutes: env.ORDER_PAYMENT_MINUTES,
      expirySweepSeconds: env.ORDER_EXPIRY_SWEEP_SECONDS,
    },
  };
}
