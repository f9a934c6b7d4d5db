/**
 * The whole database: Better Auth's tables (users, sessions, accounts, verifications,
 * two_factors) and the shop's own. Money columns are integer pence.
 * Migrations are generated from this file with `npm run db:generate`.
 */

import { CART_REMINDER_STATUSES } from "@shared/customer-mail";
import { PROOF_STATES, TWIN_STATUSES } from "@shared/proofs";
import {
  DISCOUNT_REDEMPTION_STATUSES,
  EMAIL_CHANGE_STATUSES,
  MESSAGE_AUTHORS,
  MESSAGE_STATUSES,
  ORDER_EMAIL_KINDS,
  ORDER_STATUSES,
  OUTBOX_EMAIL_KINDS,
  OUTBOX_EMAIL_STATUSES,
  PRINT_JOB_STATUSES,
} from "@shared/statuses";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * CHECK (column IN (...)): the column holds one of the values of its list in src/shared/statuses.ts
 * (NULL passes, as in every CHECK). The values are constants of that module, written as literals.
 */
function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list: SQL = sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
  return check(name, sql`${column} in (${list})`);
}

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------- Better Auth

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  role: text("role").default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    /**
     * The shop's own column: the last TOTP time step (Unix time / 30 s) a code was accepted
     * for. A code for this step or an earlier one is refused, so a code works only once.
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * Every e-mail change asked for: pending until the link to the new address is followed
 * (completed), unless a password change or a newer request cancels it first. The old address
 * gets a link (its token's SHA-256 is kept here) that undoes the change until undo_expires_at.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    status: text("status", { enum: EMAIL_CHANGE_STATUSES }).notNull().default("pending"),
    undoTokenHash: text("undo_token_hash").notNull().unique(),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_changes_user_idx").on(t.userId, t.status),
    oneOf("email_changes_status_check", t.status, EMAIL_CHANGE_STATUSES),
  ],
);

/** Better Auth's rate limiter, stored in the database so limits hold across restarts. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Better Auth writes Date.now() here: milliseconds need 64 bits.
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- Accounts

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  phoneCountryCode: text("phone_country_code").notNull().default("+44"),
  addressLine1: text("address_line_1"),
  addressLine2: text("address_line_2"),
  city: text("city"),
  state: text("state"),
  postalCode: text("postal_code"),
  country: text("country").notNull().default("United States"),
  mfaEnabled: boolean("mfa_enabled").notNull().default(false),
  mfaSetupCompleted: boolean("mfa_setup_completed").notNull().default(false),
  mfaSetupSkipped: boolean("mfa_setup_skipped").notNull().default(false),
  firstLoginCompleted: boolean("first_login_completed").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const mfaSetupAttempts = pgTable(
  "mfa_setup_attempts",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptType: text("attempt_type").notNull(), // 'setup' | 'skip'
    success: boolean("success").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_setup_attempts_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- Catalogue

export const productOptions = pgTable(
  "product_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The option's stable value, e.g. "square", "7x7", "white". */
    value: text("value").notNull(),
    optionType: text("option_type").notNull(), // processing | frame_color | shape | size
    name: text("name").notNull(),
    description: text("description"),
    status: text("status").notNull().default("enabled"), // enabled | coming_soon (any other value reads as enabled)
    sortOrder: integer("sort_order").notNull().default(0),
    hexColor: text("hex_color"),
    /** Sizes only: the shapes the size applies to; null or empty means every shape. */
    shapeIds: jsonb("shape_ids").$type<string[] | null>(),
    widthMm: integer("width_mm"),
    heightMm: integer("height_mm"),
    priceModifier: integer("price_modifier").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_options_type_value_idx").on(t.optionType, t.value),
    index("product_options_order_idx").on(t.optionType, t.sortOrder),
  ],
);

export const products = pgTable(
  "products",
  {
    /** A readable slug, stable across seeds: "led-light-base". */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(), // Accessories | Mounting | Conversion | Frames | Images | Maintenance
    price: integer("price").notNull(),
    status: text("status").notNull().default("available"), // available | coming_soon | disabled (any other reads as available)
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    imageUrl: text("image_url"),
    specifications: jsonb("specifications").$type<string[]>().notNull().default([]),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    compatibility: text("compatibility"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("products_sort_idx").on(t.sortOrder)],
);

/**
 * The owner's bundle prices (admin prices), seeded with the spec's table. Part of the
 * catalogue fingerprint (catalogue/pricing.ts), so a change re-prices the next checkout.
 */
export const bundlePrices = pgTable("bundle_prices", {
  bundleId: text("bundle_id").primaryKey(),
  price: integer("price").notNull(),
  /** What the lithophanes would cost one by one; null shows no saving. */
  undiscountedPrice: integer("undiscounted_price"),
  updatedAt: updatedAt(),
});

/**
 * Stock of an accessory that is kept on the shelf; a product without a row is made to order.
 * `reserved` units belong to pending orders (released when one is cancelled or expires);
 * a payment takes its units off `on_hand`. Not part of the catalogue fingerprint: checkouts
 * change it all the time.
 */
export const productStock = pgTable("product_stock", {
  productId: text("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  onHand: integer("on_hand").notNull(),
  reserved: integer("reserved").notNull().default(0),
  /** The stock level a low-stock alert was last sent for (one alert per fall below the line). */
  lowAlertedAt: timestamp("low_alerted_at", { withTimezone: true, mode: "date" }),
  updatedAt: updatedAt(),
});

/**
 * One row: a number every write to the catalogue (products, options, bundle prices, the
 * free-shipping threshold, which products are stocked) raises, in the writing transaction
 * (migration 0015's triggers). A server's pricing snapshot carries the number it was read at,
 * and an order or a saved cart priced from it is written only while the number is unchanged.
 */
export const catalogVersion = pgTable("catalog_version", {
  id: boolean("id").primaryKey().default(true),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// ---------------------------------------------------------------- Discount codes

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case; entry is case-insensitive. */
    code: text("code").notNull(),
    kind: text("kind").notNull(), // percent | fixed | free_shipping
    /** percent: 1-100; fixed: pence; free_shipping: 0. */
    value: integer("value").notNull().default(0),
    minSpend: integer("min_spend"),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    scope: text("scope").notNull().default("all"), // all | lithophanes | accessories
    paused: boolean("paused").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("discount_codes_code_idx").on(t.code)],
);

/**
 * One row per order that used a code: 'reserved' while the order is pending (counted, so a
 * 10-use code can never have more than 10 orders that could be paid), 'used' once paid (in
 * the payment's transaction), 'released' when the order is cancelled or expires.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    /** lower(e-mail): guests are limited per e-mail. */
    email: text("email").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: DISCOUNT_REDEMPTION_STATUSES }).notNull().default("reserved"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_redemptions_code_idx").on(t.codeId, t.status),
    oneOf("discount_redemptions_status_check", t.status, DISCOUNT_REDEMPTION_STATUSES),
  ],
);

// ---------------------------------------------------------------- Invoices

/**
 * Invoices and credit notes. Numbers are gap-free per kind: taken from document_counters in
 * the transaction that issues the document (an invoice in the payment's), so a rolled-back
 * payment takes its number back with it. `details` is what the PDF prints that can change
 * later (seller, VAT settings, the lines and amounts) as at issue time.
 */
export const invoiceDocuments = pgTable(
  "invoice_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(), // invoice | credit_note
    number: integer("number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A credit note's refund reference (the refund's id), unique with the kind. */
    reference: text("reference"),
    totalAmount: integer("total_amount").notNull(),
    vatAmount: integer("vat_amount").notNull().default(0),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoice_documents_number_idx").on(t.kind, t.number),
    uniqueIndex("invoice_documents_invoice_order_idx").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoice_documents_reference_idx").on(t.kind, t.reference),
    index("invoice_documents_issued_idx").on(t.issuedAt),
  ],
);

/** The last number issued per document kind. */
export const documentCounters = pgTable("document_counters", {
  kind: text("kind").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

// ---------------------------------------------------------------- Uploads

/** Raw bytes (bytea): a Buffer in, a Buffer out whichever driver (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An upload in progress by the tus protocol (decision 325, 340): kept in the database, not on one
 * server's disk, so a phone's next chunk may reach any of the shop's servers. Removed once the
 * upload is finished and stored, or by the sweep when it was left unfinished.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: text("id").primaryKey(),
    /** The declared length in bytes; null while the client defers it. */
    size: integer("size"),
    metadata: jsonb("metadata").$type<Record<string, string | null>>().notNull().default({}),
    /**
     * Who started it (as uploads.client_key and uploads.user_id): only they may resume,
     * inspect or abandon it, and its declared size counts against their quota until it ends.
     */
    clientKey: text("client_key"),
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("resumable_uploads_client_idx").on(t.clientKey),
    index("resumable_uploads_user_idx").on(t.userId),
    index("resumable_uploads_created_idx").on(t.createdAt),
  ],
);

/** The bytes of a resumable upload, one row per PATCH, at the offset where it starts. */
export const resumableUploadChunks = pgTable(
  "resumable_upload_chunks",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => resumableUploads.id, { onDelete: "cascade" }),
    offset: integer("offset").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [uniqueIndex("resumable_upload_chunks_upload_offset").on(t.uploadId, t.offset)],
);

export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Storage key of the cleaned full-size original (EXIF applied, metadata stripped). */
    originalKey: text("original_key").notNull().unique(),
    /** Storage key of the web-sized greyscale preview. */
    previewKey: text("preview_key").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /**
     * Who uploaded it, for the per-visitor quota: a keyed hash of the client IP (never the IP
     * itself); null when the request had no known client.
     */
    clientKey: text("client_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_created_idx").on(t.createdAt),
    index("uploads_client_created_idx").on(t.clientKey, t.createdAt),
    index("uploads_user_created_idx").on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- Cart

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client's cart item id (timestamp + random text). */
    itemId: text("item_id").notNull(),
    position: integer("position").notNull().default(0),
    imageUrl: text("image_url").notNull(),
    originalImageUrl: text("original_image_url"),
    additionalImages: jsonb("additional_images").$type<string[]>().notNull().default([]),
    size: text("size").notNull(),
    shape: text("shape").notNull(),
    /** Holds the cart item's frameStyle (the spec's column name). */
    frameColor: text("frame_color").notNull(),
    price: integer("price").notNull(),
    cropX: real("crop_x").notNull().default(0),
    cropY: real("crop_y").notNull().default(0),
    cropScale: real("crop_scale").notNull().default(1),
    cropAspectRatio: text("crop_aspect_ratio").notNull().default("1:1"),
    /** What the server needs to price the item: bundle and option ids, or a product id. */
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cart_items_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- Orders

/** orders.gift: who the parcel is for and the slip's message (empty for none). */
export interface OrderGift {
  recipientName: string;
  message: string;
}

/** orders.billing_address: written like the delivery address; country is the English name. */
export interface OrderBillingAddress {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  countryCode: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The order number customers read (#1001, #1002 ...; issue 47 item 13), from its own
     * sequence as the order is created (orders placed before: numbered in creation order by
     * migration 0025). The id stays the key of links and tokens.
     */
    orderNumber: integer("order_number").notNull().unique().default(sql`nextval('orders_order_number_seq')`),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    /** Everything charged, in pence GBP: items + shipping. */
    totalAmount: integer("total_amount").notNull(),
    subtotalAmount: integer("subtotal_amount").notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    shippingMethod: text("shipping_method").notNull().default("standard"),
    /** The currency the customer was viewing; the charge is always GBP. */
    displayCurrency: text("display_currency").notNull().default("GBP"),
    /**
     * Units of displayCurrency per 1 GBP at checkout (null for GBP and older orders): the receipts
     * after payment show the figures the customer saw, converted as at checkout (issue 47).
     */
    displayRate: doublePrecision("display_rate"),
    shippingEmail: text("shipping_email").notNull(),
    shippingFirstName: text("shipping_first_name").notNull(),
    shippingLastName: text("shipping_last_name").notNull(),
    shippingPhone: text("shipping_phone"),
    shippingAddressLine1: text("shipping_address_line_1").notNull(),
    shippingAddressLine2: text("shipping_address_line_2"),
    shippingCity: text("shipping_city").notNull(),
    shippingState: text("shipping_state").notNull(),
    shippingPostalCode: text("shipping_postal_code").notNull(),
    shippingCountry: text("shipping_country").notNull().default("United Kingdom"),
    /** ISO alpha-2 of shipping_country; the zone that priced the delivery (issue 16). */
    shippingCountryCode: text("shipping_country_code").notNull().default("GB"),
    shippingZone: text("shipping_zone"),
    /** The delivery window promised at checkout (calendar days in Europe/London). */
    deliveryEarliest: date("delivery_earliest", { mode: "string" }),
    deliveryLatest: date("delivery_latest", { mode: "string" }),
    /**
     * The zone's business days for the chosen method at checkout (issue 30): every receipt says
     * "Standard Delivery (3-5 business days)" from these; null for orders placed before.
     */
    deliveryDaysMin: integer("delivery_days_min"),
    deliveryDaysMax: integer("delivery_days_max"),
    testMode: boolean("test_mode").notNull().default(false),
    paymentProvider: text("payment_provider"), // stripe | test
    paymentSessionId: text("payment_session_id").unique(),
    paymentReference: text("payment_reference"),
    trackingNumber: text("tracking_number"),
    /** Who carries the parcel (royal_mail | an_post | dpd | evri | other); with the number, the tracking link. */
    carrier: text("carrier"),
    estimatedDelivery: timestamp("estimated_delivery", { withTimezone: true, mode: "date" }),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    /**
     * When an unpaid order stops holding its stock and code use (ORDER_PAYMENT_MINUTES after it
     * was placed; Stripe's session closes then too). Null for orders placed before issue 28.
     */
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true, mode: "date" }),
    /** Set when the customer deleted their account: the record stays for the books, without personal data. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true, mode: "date" }),
    /** The discount code used (upper case) and what it took off the items, in pence. */
    discountCode: text("discount_code"),
    discountAmount: integer("discount_amount").notNull().default(0),
    /** A gift (issue 20): the recipient's name on the parcel and the message for the packing slip. */
    gift: jsonb("gift").$type<OrderGift | null>(),
    /** The buyer's billing address when it is not the delivery address; null when they are the same. */
    billingAddress: jsonb("billing_address").$type<OrderBillingAddress | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(sql`lower(${t.shippingEmail})`),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_idx").on(t.status),
    // The expiry sweep's scan: only pending orders, oldest deadline first.
    index("orders_pending_expiry_idx").on(t.paymentExpiresAt).where(sql`${t.status} = 'pending'`),
    oneOf("orders_status_check", t.status, ORDER_STATUSES),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    kind: text("kind").notNull(), // lithophane | accessory
    productId: text("product_id"),
    bundleId: text("bundle_id"),
    size: text("size").notNull(),
    frameColor: text("frame_color").notNull(),
    shape: text("shape").notNull(),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    imageUrl: text("image_url"),
    originalImageUrl: text("original_image_url"),
    additionalImages: jsonb("additional_images").$type<string[]>().notNull().default([]),
    crop: jsonb("crop").$type<Record<string, unknown> | null>(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    /** True when creating the order reserved a unit of the product's stock (product_stock). */
    stockReserved: boolean("stock_reserved").notNull().default(false),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    changedBy: text("changed_by"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId),
    oneOf("order_status_history_from_check", t.fromStatus, ORDER_STATUSES),
    oneOf("order_status_history_to_check", t.toStatus, ORDER_STATUSES),
  ],
);

export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id"),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId)],
);

/** Every payment-provider event seen, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id"),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** One print file (3MF) to generate per lithophane panel of a paid order. */
export const printJobs = pgTable(
  "print_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    panelIndex: integer("panel_index").notNull(),
    imageUrl: text("image_url").notNull(),
    status: text("status", { enum: PRINT_JOB_STATUSES }).notNull().default("pending"),
    progress: real("progress").notNull().default(0),
    fileKey: text("file_key"),
    triangles: integer("triangles"),
    bytes: integer("bytes"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The active filament's attenuation k per mm and name when the job was queued (issue 19,
     * decision 071): a retry prints the same tones. Null for jobs queued before calibration
     * existed: they use DEFAULT_ATTENUATION_PER_MM.
     */
    attenuationPerMm: doublePrecision("attenuation_per_mm"),
    filamentName: text("filament_name"),
    /**
     * grayscale | colour (issue 22): a colour job prints a multi-material 3MF with the colour
     * printer's four spools as they were when the job was queued (`colour_filaments`, the
     * ColourSlot list), so a retry prints the same colours.
     */
    processing: text("processing").notNull().default("grayscale"),
    colourFilaments: jsonb("colour_filaments").$type<Record<string, unknown>[] | null>(),
    /**
     * Production estimate from PrusaSlicer (issue 19 item 5), sliced after the file is made:
     * null (not yet) | pending | done | unavailable (no slicer) | failed.
     */
    estimateStatus: text("estimate_status"),
    printSeconds: integer("print_seconds"),
    filamentGrams: real("filament_grams"),
    estimateError: text("estimate_error"),
    /**
     * The G-code twin (issue 32, decision 321): when PrusaSlicer ran in the print worker, the
     * twin's picture and the preview's (storage keys beside the 3MF), its agreement with the
     * preview, and twin_status (off | pending | passed | flagged | accepted | failed): a flagged
     * job is held for the owner instead of going to the printer. filament_grams_by_extruder: the
     * same slicing's grams per filament (a colour panel's four spools, in extruder order).
     */
    twinStatus: text("twin_status", { enum: TWIN_STATUSES }),
    twinSsim: real("twin_ssim"),
    twinDeltaL: real("twin_delta_l"),
    twinKey: text("twin_key"),
    twinPreviewKey: text("twin_preview_key"),
    twinError: text("twin_error"),
    filamentGramsByExtruder: jsonb("filament_grams_by_extruder").$type<number[] | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("print_jobs_order_idx").on(t.orderId),
    index("print_jobs_status_idx").on(t.status),
    uniqueIndex("print_jobs_panel_idx").on(t.orderItemId, t.panelIndex),
    oneOf("print_jobs_status_check", t.status, PRINT_JOB_STATUSES),
    oneOf("print_jobs_processing_check", t.processing, ["grayscale", "colour"]),
    oneOf("print_jobs_twin_status_check", t.twinStatus, TWIN_STATUSES),
  ],
);

/**
 * Filaments the workshop prints lithophanes in, each with its attenuation k per mm from the
 * owner's calibration reading (issue 19 item 3, decision 071). At most one is active: print
 * jobs and the creator's 3D preview use its k.
 */
export const filaments = pgTable(
  "filaments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    colour: text("colour").notNull(),
    attenuationPerMm: doublePrecision("attenuation_per_mm").notNull(),
    active: boolean("active").notNull().default(false),
    /** The reading k was computed from (CalibrationReading), null when typed in. */
    calibration: jsonb("calibration").$type<Record<string, unknown> | null>(),
    calibratedAt: timestamp("calibrated_at", { withTimezone: true, mode: "date" }),
    /**
     * The colour printer (issue 22, decision 106): the role this spool plays in colour
     * lithophanes (white | cyan | magenta | yellow), its extruder (1-4), and its k per mm for
     * red, green and blue light with the reading it came from ({r, g, b, reading?}). Null when
     * the spool is not loaded for colour.
     */
    colourRole: text("colour_role"),
    extruder: integer("extruder"),
    channelAttenuation: jsonb("channel_attenuation").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("filaments_name_idx").on(sql`lower(${t.name})`),
    uniqueIndex("filaments_one_active_idx").on(t.active).where(sql`${t.active}`),
    uniqueIndex("filaments_colour_role_idx").on(t.colourRole).where(sql`${t.colourRole} is not null`),
    uniqueIndex("filaments_extruder_idx").on(t.extruder).where(sql`${t.extruder} is not null`),
    check(
      "filaments_colour_role_check",
      sql`${t.colourRole} is null or ${t.colourRole} in ('white', 'cyan', 'magenta', 'yellow')`,
    ),
    check("filaments_extruder_check", sql`${t.extruder} is null or ${t.extruder} between 1 and 4`),
  ],
);

// ---------------------------------------------------------------- Shipping zones (issue 16)

/**
 * Where the shop delivers, at what price and in how many working days. Every country (ISO
 * alpha-2) is in at most one zone: the unique index on shipping_zone_countries says so.
 */
export const shippingZones = pgTable("shipping_zones", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  standardPrice: integer("standard_price").notNull(),
  expressPrice: integer("express_price").notNull(),
  /** Standard is free when the subtotal is over this (pence); null: never free. */
  freeStandardOver: integer("free_standard_over"),
  standardDaysMin: integer("standard_days_min").notNull(),
  standardDaysMax: integer("standard_days_max").notNull(),
  expressDaysMin: integer("express_days_min").notNull(),
  expressDaysMax: integer("express_days_max").notNull(),
  /** customer_pays_on_delivery | shop_pays; null where no import charges apply. */
  duties: text("duties"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: updatedAt(),
});

export const shippingZoneCountries = pgTable(
  "shipping_zone_countries",
  {
    zoneId: text("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    country: text("country").notNull(),
  },
  (t) => [
    uniqueIndex("shipping_zone_countries_country_idx").on(t.country),
    index("shipping_zone_countries_zone_idx").on(t.zoneId),
  ],
);

// ---------------------------------------------------------------- Admin, audit, settings

export const userActivityLogs = pgTable(
  "user_activity_logs",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id"),
    userEmail: text("user_email"),
    userRole: text("user_role"),
    actionType: text("action_type").notNull(),
    tableName: text("table_name"),
    recordId: text("record_id"),
    oldValues: jsonb("old_values"),
    newValues: jsonb("new_values"),
    ipAddress: text("ip_address").notNull().default("unknown"),
    userAgent: text("user_agent"),
    environmentMode: text("environment_mode").notNull().default("production"),
    /** The spec's operation context: admin actions are flagged as made through the AI-assisted tooling. */
    operationContext: text("operation_context"),
    success: boolean("success").notNull().default(true),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
  },
  (t) => [index("user_activity_logs_created_idx").on(t.createdAt)],
);

export const systemSettings = pgTable("system_settings", {
  settingKey: text("setting_key").primaryKey(),
  settingValue: text("setting_value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A conversation started by the contact form. status: open | answered | closed; read_at is when
 * an admin last opened it (null: unread, also after the customer answered again).
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    handled: boolean("handled").notNull().default(false),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("open"),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** The newest message in the conversation (the inbox sorts by it). */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_activity_idx").on(t.lastActivityAt),
    oneOf("contact_messages_status_check", t.status, MESSAGE_STATUSES),
  ],
);

/** The rest of a conversation: the shop's replies and the customer's answers (through the signed link). */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    author: text("author", { enum: MESSAGE_AUTHORS }).notNull(),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    /** A customer's answer: the shop reply whose link it came through (each link answers once). */
    viaReplyId: uuid("via_reply_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_replies_message_idx").on(t.messageId, t.createdAt),
    oneOf("contact_replies_author_check", t.author, MESSAGE_AUTHORS),
  ],
);

/**
 * The one mail outbox (decision 285): every e-mail the shop sends (order e-mails, alerts to
 * the owner, replies, refund notices, account e-mails) is a row here, written in the
 * transaction of the change that owes it, sent after commit and retried with backoff by
 * messaging/mail-outbox.ts. dedupe_key makes a replay queue nothing twice.
 *
 * - An order e-mail names its order and template ('confirmation', 'dispatch') and is rendered
 *   when sent, from the order as it is then (to_address … html_body stay null).
 * - Any other e-mail is rendered when queued: what was true then is what is sent.
 * - An e-mail carrying a credential (a password-reset or verification link) has expires_at,
 *   the link's end: it is not sent after that, and its bodies are blanked once it is sent,
 *   skipped, given up or past expires_at.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind", { enum: OUTBOX_EMAIL_KINDS }).notNull(),
    /** The order an order e-mail is rendered from (its rows go with the order). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** Rendered at send time from the order: which e-mail. Null: rendered when queued. */
    template: text("template", { enum: ORDER_EMAIL_KINDS }),
    toAddress: text("to_address"),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /** The end of the credential the e-mail carries: not sent after it, bodies blanked. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    status: text("status", { enum: OUTBOX_EMAIL_STATUSES }).notNull().default("pending"),
    /** Sends started (each claim counts, so a send interrupted by a crash counts too). */
    attempts: integer("attempts").notNull().default(0),
    /** The runner's next try (backoff after a failure). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set while a send is in progress: a lease, so no other process sends it meanwhile. */
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    /** When the mail service accepted the message. */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** Why it failed or was skipped. */
    lastError: text("last_error"),
    /** The one-click unsubscribe address (RFC 8058) of a reminder or review request. */
    listUnsubscribe: text("list_unsubscribe"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_emails_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_emails_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    // The rows whose credential still has a body: what each round's blanking looks at.
    index("outbox_emails_credentials_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.textBody} <> ''`),
    oneOf("outbox_emails_status_check", t.status, OUTBOX_EMAIL_STATUSES),
    oneOf("outbox_emails_kind_check", t.kind, OUTBOX_EMAIL_KINDS),
    oneOf("outbox_emails_template_check", t.template, ORDER_EMAIL_KINDS),
    // Rendered at send time from an order, or rendered when queued: never neither.
    check(
      "outbox_emails_rendered_check",
      sql`(${t.template} is not null and ${t.orderId} is not null) or (${t.template} is null and ${t.toAddress} is not null and ${t.subject} is not null and ${t.textBody} is not null and ${t.htmlBody} is not null)`,
    ),
  ],
);

/**
 * Money given back on an order (the ledger's minus side; the plus side is orders.total_amount
 * once paid). idempotency_key is the admin's click (a double click refunds once) or the
 * provider's refund id (a replayed webhook records nothing twice).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason"),
    provider: text("provider").notNull(), // stripe | test
    providerRefundId: text("provider_refund_id").unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The order lines this refund gave back in full (a line is refunded at most once). */
    lineIds: jsonb("line_ids").$type<string[]>().notNull().default([]),
    /** Who asked: an admin's e-mail, or 'stripe' for a refund made in Stripe's dashboard. */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId)],
);

/**
 * Photo review (issue 17): the owner asked the customer for a better photo for one panel of an
 * order line (panel 0: the main photo, n: the n-th additional photo). While a request is open the
 * order is "waiting for photo"; the customer's upload through the signed link replaces the photo
 * on the line, re-makes the panel's print file and closes the request (status replaced). At most
 * one open request per panel (partial unique index).
 */
export const photoRequests = pgTable(
  "photo_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    panelIndex: integer("panel_index").notNull(),
    reason: text("reason").notNull(), // too_dark | too_small | other
    note: text("note"),
    status: text("status").notNull().default("open"), // open | replaced | withdrawn
    requestedBy: text("requested_by"),
    /** The photo the panel had, and the one the customer sent (preview URLs). */
    previousImageUrl: text("previous_image_url"),
    newImageUrl: text("new_image_url"),
    /** The admin's click: a double click asks once. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("photo_requests_order_idx").on(t.orderId),
    uniqueIndex("photo_requests_open_panel_idx").on(t.orderItemId, t.panelIndex).where(sql`status = 'open'`),
  ],
);

/**
 * The customer's proof of a paid order (issue 32, decision 321): one row per order when the
 * owner's proof setting was on at payment. state: awaiting | changed | approved | auto_approved,
 * the state of its panels together (order_proof_panels, decision 351: approved once every panel
 * is); due_at: when it approves itself (the sweep); changes: crops changed through it, all panels;
 * mailed_at: when the proof e-mail was queued (once every panel's picture exists, decision 351).
 */
export const orderProofs = pgTable(
  "order_proofs",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    state: text("state", { enum: PROOF_STATES }).notNull().default("awaiting"),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    changes: integer("changes").notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    mailedAt: timestamp("mailed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_proofs_due_idx").on(t.dueAt).where(sql`state in ('awaiting', 'changed')`),
    index("order_proofs_unmailed_idx").on(t.createdAt).where(sql`mailed_at is null`),
    oneOf("order_proofs_state_check", t.state, PROOF_STATES),
  ],
);

/**
 * Each panel of a proof (issue 44 item 2, decision 351): every panel of every lithophane line
 * (panel_index 0 the line's main photo, n its n-th additional photo, as print_jobs number them),
 * approved or re-cropped on its own. changes: crops changed through the proof (at most
 * MAX_PROOF_CROP_CHANGES).
 */
export const orderProofPanels = pgTable(
  "order_proof_panels",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orderProofs.orderId, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    panelIndex: integer("panel_index").notNull(),
    state: text("state", { enum: PROOF_STATES }).notNull().default("awaiting"),
    changes: integer("changes").notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.panelIndex] }),
    index("order_proof_panels_order_idx").on(t.orderId),
    oneOf("order_proof_panels_state_check", t.state, PROOF_STATES),
  ],
);

/** First-party, anonymous funnel events (no user id, no IP): creator visits, steps, add to cart. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    eventType: text("event_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_type_created_idx").on(t.eventType, t.createdAt)],
);

// ---------------------------------------------------------------- Storefront imagery and reviews (issue 20)

/** One encoded width of an owner-managed image. */
export interface ImageVariantRow {
  w: number;
  url: string;
}

/**
 * An owner-managed image (home hero, shop hero, "made by our customers" gallery), cropped to
 * its slot's aspect and encoded as AVIF and WebP at the slot's widths (storefront/site-images.ts).
 */
export const siteImages = pgTable(
  "site_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slot: text("slot").notNull(), // home_hero | shop_hero | gallery
    alt: text("alt").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    avif: jsonb("avif").$type<ImageVariantRow[]>().notNull(),
    webp: jsonb("webp").$type<ImageVariantRow[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("site_images_slot_idx").on(t.slot, t.sortOrder)],
);

/**
 * A customer's review of a delivered order (one per order), written through the signed link of
 * the review request e-mail. status: pending | approved | rejected; only approved ones show.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    name: text("name").notNull(),
    place: text("place"),
    /** The customer's photo of their lightbox, through the same pipeline as the owner's images. */
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    photoAvif: jsonb("photo_avif").$type<ImageVariantRow[]>(),
    photoWebp: jsonb("photo_webp").$type<ImageVariantRow[]>(),
    status: text("status").notNull().default("pending"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("reviews_status_idx").on(t.status, t.createdAt)],
);

/**
 * Each delivered order's review request, one per order: recorded when it is delivered, queued
 * to the outbox once the owner's days after delivery have passed (issue 33).
 */
export const reviewRequests = pgTable(
  "review_requests",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** When the order was marked delivered. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** When its e-mail was queued (or passed over: unsubscribed, anonymised); null while waiting. */
    queuedAt: timestamp("queued_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("review_requests_waiting_idx").on(t.deliveredAt).where(sql`${t.queuedAt} is null`)],
);

/**
 * A cart whose buyer ticked "E-mail me a reminder" at checkout (issue 33): the address they
 * gave, the cart as it last was, and the reminders sent. One active row per address.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** As typed; compared lower-cased. */
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The cart's lines, priced by the server (CartItem[]). */
    items: jsonb("items").$type<Record<string, unknown>[]>().notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The cart's last change (the idle clock). */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true, mode: "date" }),
    restoredAt: timestamp("restored_at", { withTimezone: true, mode: "date" }),
    /**
     * When the address was confirmed: its owner followed the confirmation e-mail's link, or a
     * signed-in customer asked for their own verified address. Null while pending.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** When this request's confirmation e-mail was queued (the per-address limit counts these). */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true, mode: "date" }),
    status: text("status", { enum: CART_REMINDER_STATUSES }).notNull().default("pending"),
    /** The order that bought it, its total (pence GBP) and whether it was a test order. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    recoveredPence: integer("recovered_pence"),
    testMode: boolean("test_mode"),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_reminders_active_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'active'`),
    index("cart_reminders_due_idx").on(t.lastActivityAt).where(sql`${t.status} = 'active'`),
    index("cart_reminders_closed_idx").on(t.closedAt),
    index("cart_reminders_confirmations_idx")
      .on(sql`lower(${t.email})`, t.confirmationSentAt)
      .where(sql`${t.confirmationSentAt} is not null`),
    oneOf("cart_reminders_status_check", t.status, CART_REMINDER_STATUSES),
  ],
);

/** Addresses that unsubscribed from cart reminders and review requests (lower-cased). */
export const emailOptOuts = pgTable("email_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});
