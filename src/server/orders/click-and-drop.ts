/**
 * Royal Mail Click & Drop (issue 33 item 3, decision 334): the selected orders that are ready to
 * dispatch as rows of Click & Drop's order-import spreadsheet, the owner's service codes, and
 * the lookup of a tracking file's order references. The dispatch itself is the fulfilment
 * workflow, run per row by the admin route (carrier Royal Mail, the tracking link, the e-mail).
 */
import {
  type ClickAndDropSettings,
  clickAndDropDate,
  clickAndDropSettingsSchema,
  DEFAULT_CLICK_AND_DROP_SETTINGS,
  normaliseReference,
  packageSize,
  parcelWeightGrams,
  phoneDigits,
  romanText,
  serviceFor,
  splitName,
  weightKg,
} from "@shared/click-and-drop";
import { AWAITING_DISPATCH } from "@shared/fulfilment";
import { ORDER_NUMBER_LENGTH } from "@shared/limits";
import { displayOrderNumber, parseOrderNumber } from "@shared/orders";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import countries from "i18n-iso-countries";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orders, systemSettings } from "../db/schema.js";
import { type AuditActor, defineSettingWorkflow, withAudit, writeSetting } from "../platform/index.js";
import { isUuid } from "./orders.js";

export const CLICK_AND_DROP_SETTINGS_KEY = "click_and_drop_settings";

export async function getClickAndDropSettings(db: DbOrTx): Promise<ClickAndDropSettings> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, CLICK_AND_DROP_SETTINGS_KEY));
  if (!row?.value) return DEFAULT_CLICK_AND_DROP_SETTINGS;
  try {
    const parsed = clickAndDropSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_CLICK_AND_DROP_SETTINGS;
  } catch {
    return DEFAULT_CLICK_AND_DROP_SETTINGS;
  }
}

export async function setClickAndDropSettings(
  db: DbOrTx,
  value: ClickAndDropSettings,
): Promise<{ before: ClickAndDropSettings; after: ClickAndDropSettings }> {
  const before = await getClickAndDropSettings(db);
  const text = JSON.stringify(value);
  await writeSetting(db, CLICK_AND_DROP_SETTINGS_KEY, text);
  return { before, after: value };
}

/** The owner's Royal Mail services saved, audited. */
export const saveClickAndDropSettings = defineSettingWorkflow({
  actionType: "settings.click_and_drop",
  recordId: CLICK_AND_DROP_SETTINGS_KEY,
  save: setClickAndDropSettings,
});

/** The selected ready orders as Click & Drop rows, the export audited. */
export async function exportClickAndDrop(
  db: DbOrTx,
  actor: AuditActor,
  ids: readonly string[],
): Promise<ClickAndDropExport> {
  const result = await clickAndDropRows(db, ids, await getClickAndDropSettings(db));
  await withAudit(db, actor, {
    actionType: "export.click_and_drop",
    tableName: "orders",
    recordId: null,
    newValues: { exported: result.exported, skipped: result.skipped },
  });
  return result;
}

/** ISO alpha-2 -> alpha-3 ("GB" -> "GBR"), the import's country code; the English name if unknown. */
function countryCode(alpha2: string, name: string): string {
  return countries.alpha2ToAlpha3(alpha2.toUpperCase()) ?? name;
}

export interface ClickAndDropExport {
  /** One row per order, in CLICK_AND_DROP_COLUMNS' order. */
  rows: unknown[][];
  /** The selected orders written. */
  exported: string[];
  /** Selected orders left out: not found, or not waiting to be dispatched. */
  skipped: string[];
}

/** The selected orders that are ready to dispatch, as Click & Drop import rows (oldest first). */
export async function clickAndDropRows(
  db: DbOrTx,
  ids: readonly string[],
  settings: ClickAndDropSettings,
): Promise<ClickAndDropExport> {
  const wanted = [...new Set(ids)].filter(isUuid);
  const found = wanted.length
    ? await db.select().from(orders).where(inArray(orders.id, wanted)).orderBy(asc(orders.createdAt))
    : [];
  const ready = found.filter((o) => AWAITING_DISPATCH.includes(o.status));
  const items = ready.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          kind: orderItems.kind,
          bundleId: orderItems.bundleId,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            ready.map((o) => o.id),
          ),
        )
    : [];
  const rows = ready.map((o) => {
    const grams = parcelWeightGrams(items.filter((i) => i.orderId === o.id));
    // A gift goes to the recipient named on the parcel (issue 20), at the delivery address.
    const [first, last] = o.gift?.recipientName
      ? splitName(o.gift.recipientName)
      : [o.shippingFirstName, o.shippingLastName];
    return [
      displayOrderNumber(o.orderNumber),
      clickAndDropDate(o.paidAt ?? o.createdAt),
      romanText(first.trim()),
      romanText(last.trim()),
      o.shippingAddressLine1.trim(),
      o.shippingAddressLine2?.trim() ?? "",
      "",
      o.shippingCity.trim(),
      o.shippingState.trim(),
      o.shippingPostalCode.trim().toUpperCase(),
      countryCode(o.shippingCountryCode, o.shippingCountry),
      o.shippingEmail,
      phoneDigits(o.shippingPhone),
      weightKg(grams),
      packageSize(grams, o.shippingCountryCode),
      serviceFor(settings, o.shippingCountryCode, o.shippingMethod),
      pounds(o.subtotalAmount - o.discountAmount),
      pounds(o.shippingAmount),
      pounds(o.totalAmount),
      "GBP",
    ];
  });
  const exported = ready.map((o) => o.id);
  return { rows, exported, skipped: [...new Set(ids)].filter((id) => !exported.includes(id)) };
}

function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

export interface ReferenceMatch {
  /** The one order the reference names, or null: none, or more than one (the report says which). */
  orderId: string | null;
  status: string | null;
  ambiguous: boolean;
}

/**
 * The orders a tracking file's references name: the order's number ("1001", what the export
 * writes since issue 47), the id's first 8 characters (what it wrote before, still in files
 * exported then) or a whole order id. A reference two orders answer names neither.
 */
export async function matchOrderReferences(
  db: DbOrTx,
  references: readonly string[],
): Promise<Map<string, ReferenceMatch>> {
  const keys = [...new Set(references.map(normaliseReference))].filter(
    (k) => parseOrderNumber(k) !== null || isUuid(k),
  );
  const out = new Map<string, ReferenceMatch>();
  if (keys.length === 0) return out;
  const typed = new Map(keys.map((k) => [k, parseOrderNumber(k)]));
  const prefixes = keys.map((k) =>
    isUuid(k) ? k.slice(0, ORDER_NUMBER_LENGTH) : typed.get(k)?.legacyPrefix,
  );
  const numbers = [...typed.values()].flatMap((t) => (t?.number != null ? [t.number] : []));
  const conditions = [
    ...prefixes.flatMap((p) =>
      p ? [sql`substr(${orders.id}::text, 1, ${ORDER_NUMBER_LENGTH}) = ${p}`] : [],
    ),
    ...(numbers.length > 0 ? [inArray(orders.orderNumber, numbers)] : []),
  ];
  const rows = await db
    .select({ id: orders.id, status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(or(...conditions));
  for (const key of keys) {
    const number = typed.get(key)?.number ?? null;
    const prefix = typed.get(key)?.legacyPrefix ?? null;
    const hits = rows.filter((r) =>
      isUuid(key) ? r.id === key : r.orderNumber === number || (prefix !== null && r.id.startsWith(prefix)),
    );
    const only = hits.length === 1 ? hits[0] : undefined;
    out.set(key, {
      orderId: only?.id ?? null,
      status: only?.status ?? null,
      ambiguous: hits.length > 1,
    });
  }
  return out;
}
