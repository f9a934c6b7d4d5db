/**
 * The admin area's rules, used at both edges: the product and creator-option forms in the web
 * app, and the request bodies on the server. Money is GBP pence in the API; the forms take
 * pounds ("12.50") and convert with poundsToPence, the one rounding used everywhere.
 */
import { z } from "zod";
import { ADMIN_MESSAGE_TEXTS } from "./admin-messages";
import { BUNDLE_IDS } from "./bundles";
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, DISCOUNT_SCOPES } from "./discounts";
import { poundsToPence } from "./money";
import { OPTION_TYPES } from "./options";
import { PRODUCT_CATEGORIES } from "./products";
import { OPTION_STATUSES, PRODUCT_STATUSES } from "./statuses";
import { hasXmlInvalidChars } from "./xml-text";

export const ADMIN_PRODUCT_STATUSES = PRODUCT_STATUSES;
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];
export const ADMIN_OPTION_STATUSES = OPTION_STATUSES;

/** The largest price we accept: £10,000 (nothing the shop sells comes near). */
export const MAX_PRICE_PENCE = 1_000_000;
/** A creator option may add or take off up to £1,000. */
export const MAX_MODIFIER_PENCE = 100_000;
export const MAX_LIST_ENTRIES = 20;

export const ADMIN_MESSAGES = {
  productIdFormat: "Use lower-case letters, digits and single dashes, e.g. led-light-base.",
  optionValueFormat: "Use lower-case letters, digits, dots, dashes or x, e.g. 7x7 or rose-gold.",
  nameRequired: "Please enter a name.",
  descriptionRequired: "Please enter a description.",
  categoryRequired: "Please choose a category.",
  priceFormat: "Enter an amount in pounds, e.g. 12.50.",
  priceRange: "Enter an amount from £0.00 to £10,000.00.",
  modifierFormat: "Enter an amount in pounds, e.g. 5.00 or -2.50.",
  modifierRange: "Enter an amount between -£1,000.00 and £1,000.00.",
  hexColor: "Use a colour like #1C1C1C.",
  hexRequired: "Frame colours need a colour.",
  sizeMm: "Enter the size in millimetres (10 to 1000).",
  sizeMmRequired: "Sizes need a width and a height in millimetres.",
  tooMany: `Use at most ${MAX_LIST_ENTRIES} lines.`,
} as const;

const M = ADMIN_MESSAGES;

/** Every catalogue text: trimmed, bounded, and free of characters XML cannot carry (the feeds). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters.`)
    .refine((value) => !hasXmlInvalidChars(value), ADMIN_MESSAGE_TEXTS.invisibleCharacters);
const requiredText = (max: number, message: string) => text(max).min(1, message);
const lines = z.array(requiredText(200, "Remove the empty line.")).max(MAX_LIST_ENTRIES, M.tooMany);
const sortOrder = z.number().int().min(-100_000).max(100_000);

export const productIdSchema = z
  .string()
  .trim()
  .min(2, M.productIdFormat)
  .max(60, M.productIdFormat)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.productIdFormat);

/** PATCH /api/admin/products/:id — every field optional. */
export const productUpdateSchema = z.object({
  name: requiredText(120, M.nameRequired).optional(),
  description: requiredText(2000, M.descriptionRequired).optional(),
  category: z.enum(PRODUCT_CATEGORIES, { error: M.categoryRequired }).optional(),
  pricePence: z.number().int().min(0, M.priceRange).max(MAX_PRICE_PENCE, M.priceRange).optional(),
  status: z.enum(ADMIN_PRODUCT_STATUSES).optional(),
  isActive: z.boolean().optional(),
  sortOrder: sortOrder.optional(),
  specifications: lines.optional(),
  features: lines.optional(),
  compatibility: text(500).nullable().optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

/** POST /api/admin/products. */
export const productCreateSchema = productUpdateSchema.extend({
  id: productIdSchema,
  name: requiredText(120, M.nameRequired),
  description: requiredText(2000, M.descriptionRequired),
  category: z.enum(PRODUCT_CATEGORIES, { error: M.categoryRequired }),
  pricePence: z.number().int().min(0, M.priceRange).max(MAX_PRICE_PENCE, M.priceRange),
});
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

export const optionValueSchema = z
  .string()
  .trim()
  .min(1, M.optionValueFormat)
  .max(40, M.optionValueFormat)
  .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, M.optionValueFormat);

export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, M.hexColor);
const mm = z.number().int(M.sizeMm).min(10, M.sizeMm).max(1000, M.sizeMm);

/** PATCH /api/admin/options/:id — every field optional; the type and value never change. */
export const optionUpdateSchema = z.object({
  name: requiredText(120, M.nameRequired).optional(),
  description: text(500).optional(),
  status: z.enum(ADMIN_OPTION_STATUSES).optional(),
  isActive: z.boolean().optional(),
  sortOrder: sortOrder.optional(),
  hexColor: hexColorSchema.nullable().optional(),
  shapeIds: z.array(optionValueSchema).max(20).nullable().optional(),
  widthMm: mm.nullable().optional(),
  heightMm: mm.nullable().optional(),
  priceModifierPence: z
    .number()
    .int()
    .min(-MAX_MODIFIER_PENCE, M.modifierRange)
    .max(MAX_MODIFIER_PENCE, M.modifierRange)
    .optional(),
});
export type OptionUpdateInput = z.infer<typeof optionUpdateSchema>;

/** POST /api/admin/options: a frame colour needs its colour, a size its millimetres. */
export const optionCreateSchema = optionUpdateSchema
  .extend({
    optionType: z.enum(OPTION_TYPES),
    value: optionValueSchema,
    name: requiredText(120, M.nameRequired),
  })
  .superRefine((o, ctx) => {
    if (o.optionType === "frame_color" && !o.hexColor) {
      ctx.addIssue({ code: "custom", path: ["hexColor"], message: M.hexRequired });
    }
    if (o.optionType === "size") {
      if (o.widthMm == null) ctx.addIssue({ code: "custom", path: ["widthMm"], message: M.sizeMmRequired });
      if (o.heightMm == null) ctx.addIssue({ code: "custom", path: ["heightMm"], message: M.sizeMmRequired });
    }
  });
export type OptionCreateInput = z.infer<typeof optionCreateSchema>;

export const reorderSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(500),
});

export const optionReorderSchema = reorderSchema.extend({ optionType: z.enum(OPTION_TYPES) });

// ---------------------------------------------------------------------------- form helpers

/** "12.50" -> 1250; the form's price field (pounds, no currency sign). */
export const poundsFieldSchema = z
  .string()
  .trim()
  .regex(/^\d{1,5}(?:\.\d{1,2})?$/, M.priceFormat)
  .transform((v) => poundsToPence(Number(v)))
  .refine((p) => p >= 0 && p <= MAX_PRICE_PENCE, M.priceRange);

/** "-2.50" -> -250; a price modifier in pounds. */
export const modifierPoundsFieldSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,4}(?:\.\d{1,2})?$/, M.modifierFormat)
  .transform((v) => poundsToPence(Number(v)))
  .refine((p) => Math.abs(p) <= MAX_MODIFIER_PENCE, M.modifierRange);

/** 1250 -> "12.50", -250 -> "-2.50": pence shown in a pounds field. */
export function penceToPoundsField(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** One entry per non-blank line. */
export function splitLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------- analytics events

/**
 * The first-party analytics events the shop records (POST /api/events). Only the type and the
 * time are stored: no user id, no IP, no page URL.
 */
export const ANALYTICS_EVENT_TYPES = [
  "creator_view",
  "creator_step",
  "creator_upload",
  "add_to_cart",
  /** A lithophane added to the cart in the page load that uploaded its photo (issue 47 item 11). */
  "upload_add_to_cart",
  "checkout_start",
  "shop_view",
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const analyticsEventSchema = z.object({
  type: z.enum(ANALYTICS_EVENT_TYPES, { error: "Unknown event type." }),
});

/**
 * The funnel the analytics screen draws, from creator visit to paid order. "Added to cart"
 * counts only lithophanes added after an upload (not accessories, not Order again), and
 * nestFunnel keeps every step within the one before it (issue 47 item 11).
 */
export const FUNNEL_STEPS = [
  { id: "creator_view", label: "Creator visits" },
  { id: "creator_upload", label: "Photo uploaded" },
  { id: "upload_add_to_cart", label: "Added to cart" },
  { id: "checkout_start", label: "Checkout started" },
  { id: "paid_order", label: "Paid orders" },
] as const;

// ---------------------------------------------------------------- commerce controls (issue 18)

const pence = z.number().int().min(0, M.priceRange).max(MAX_PRICE_PENCE, M.priceRange);

/** PUT /api/admin/prices — bundle prices and the free-shipping threshold (each optional). */
export const shopPricesSchema = z.object({
  bundles: z
    .array(
      z
        .object({
          id: z.enum(BUNDLE_IDS),
          pricePence: pence.min(1, M.priceRange),
          undiscountedPence: pence.nullable(),
        })
        .refine((b) => b.undiscountedPence == null || b.undiscountedPence >= b.pricePence, {
          message: "The price before the saving must be at least the bundle price.",
          path: ["undiscountedPence"],
        }),
    )
    .max(BUNDLE_IDS.length)
    .optional(),
  freeShippingThresholdPence: pence.optional(),
});
export type ShopPricesUpdate = z.infer<typeof shopPricesSchema>;

const isoDate = z.iso.datetime({ offset: true, error: "Enter a date and time." });

const discountFields = {
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int().min(0).max(MAX_PRICE_PENCE),
  minSpendPence: pence.nullable().default(null),
  startsAt: isoDate.nullable().default(null),
  endsAt: isoDate.nullable().default(null),
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  maxUsesPerCustomer: z.number().int().min(1).max(1_000).nullable().default(null),
  scope: z.enum(DISCOUNT_SCOPES).default("all"),
  paused: z.boolean().default(false),
};

function checkDiscount(
  d: { kind: string; value: number; startsAt: string | null; endsAt: string | null },
  ctx: z.RefinementCtx,
) {
  if (d.kind === "percent" && (d.value < 1 || d.value > 100))
    ctx.addIssue({ code: "custom", path: ["value"], message: "Enter a percentage from 1 to 100." });
  if (d.kind === "fixed" && d.value < 1)
    ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an amount above £0.00." });
  if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start." });
}

/** POST /api/admin/discounts */
export const discountCodeCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, "Use 3 to 32 letters, digits, dashes or underscores.")),
    ...discountFields,
  })
  .superRefine(checkDiscount);
export type DiscountCodeCreate = z.infer<typeof discountCodeCreateSchema>;

/** PATCH /api/admin/discounts/:id — pause or resume, and the limits and dates. */
export const discountCodeUpdateSchema = z.object({
  paused: z.boolean().optional(),
  endsAt: isoDate.nullable().optional(),
  maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
  maxUsesPerCustomer: z.number().int().min(1).max(1_000).nullable().optional(),
});

/** PUT /api/admin/products/:id/stock — null: made to order. */
export const stockUpdateSchema = z.object({
  onHand: z.number().int().min(0, "Enter 0 or more.").max(100_000).nullable(),
});

/** PUT /api/admin/invoice-settings */
export const invoiceSettingsSchema = z.object({
  businessName: requiredText(120, M.nameRequired),
  address: z.array(text(120)).max(6),
  vatRegistered: z.boolean(),
  vatNumber: text(20)
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(
      z.string().regex(/^(|GB\d{9}|GB\d{12}|XI\d{9}|XI\d{12})$/, "Use a UK VAT number, e.g. GB123456789."),
    ),
  vatRatePercent: z.number().min(0).max(100),
  email: text(200),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
