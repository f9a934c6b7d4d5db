/**
 * Alerts to the owner (OWNER_EMAIL, else the first admin): a new paid order, a new message or
 * a customer's answer, a failed print job, an e-mail given up. Each is queued in the mail
 * outbox (so it is retried like any e-mail) with a dedupe key, in the transaction of the event
 * when there is one; the admin Settings choose which alerts are sent.
 */
import { ADMIN_SETTINGS_TEXTS, adminSettingsUrl } from "@shared/admin-settings";
import { BRAND_NAME } from "@shared/brand";
import { formatGbp } from "@shared/money";
import { displayOrderNumber, legacyOrderNumber } from "@shared/orders";
import { type OwnerAlertKind, parseOwnerAlerts } from "@shared/owner-alerts";
import { LOW_STOCK_THRESHOLD } from "@shared/stock";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx } from "../db/client.js";
import { orderItems, orders, productStock, products, systemSettings, users } from "../db/schema.js";
import { type AuditActor, runWorkflow, type WorkflowHost, writeSetting } from "../platform/index.js";
import { renderEmail } from "./emails/render.js";
import { queueMail } from "./mail-outbox.js";

export const OWNER_ALERTS_KEY = "owner_alerts";

export async function getOwnerAlerts(db: DbOrTx): Promise<OwnerAlertKind[]> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, OWNER_ALERTS_KEY))
    .limit(1);
  return parseOwnerAlerts(row?.value);
}

export async function setOwnerAlerts(db: DbOrTx, kinds: readonly OwnerAlertKind[]): Promise<void> {
  const value = JSON.stringify(kinds);
  await writeSetting(db, OWNER_ALERTS_KEY, value);
}

/** OWNER_EMAIL, else the address of the earliest admin account; null when the shop has no admin yet. */
/**
 * Which alerts the owner wants and where they go (OWNER_EMAIL, else the first admin's address),
 * in one round trip: every alert reads both, inside the transaction of what it reports.
 */
export async function ownerAlertSettings(
  db: DbOrTx,
  config: Pick<Config, "ownerEmail">,
): Promise<{ kinds: OwnerAlertKind[]; to: string | null }> {
  const [row] = await db
    .select({
      alerts: sql<
        string | null
      >`(select ${systemSettings.settingValue} from ${systemSettings} where ${systemSettings.settingKey} = ${OWNER_ALERTS_KEY})`,
      admin: config.ownerEmail
        ? sql<string | null>`null`
        : sql<
            string | null
          >`(select ${users.email} from ${users} where ${users.role} = 'admin' order by ${users.createdAt} asc limit 1)`,
    })
    .from(sql`(select 1) as one`);
  return { kinds: parseOwnerAlerts(row?.alerts), to: config.ownerEmail || row?.admin || null };
}

export interface OwnerAlert {
  kind: OwnerAlertKind;
  /** One alert per event, ever: `paid:<orderId>`, `message:<id>`, … */
  key: string;
  subject: string;
  paragraphs: string[];
  /** A path in the admin ("/admin/orders/…"). */
  adminPath: string;
  actionLabel: string;
}

/** Queues the alert when the owner wants this kind; returns the outbox id (for sendNow) or null. */
export async function queueOwnerAlert(
  db: DbOrTx,
  config: Pick<Config, "ownerEmail" | "publicUrl">,
  alert: OwnerAlert,
): Promise<string | null> {
  const { kinds, to } = await ownerAlertSettings(db, config);
  if (!kinds.includes(alert.kind) || !to) return null;
  const url = `${config.publicUrl}${alert.adminPath}`;
  const subject = `[${BRAND_NAME}] ${alert.subject}`;
  return queueMail(db, {
    dedupeKey: `alert:${alert.key}`,
    kind: "owner_alert",
    to,
    subject,
    ...renderEmail({
      title: alert.subject,
      blocks: [...alert.paragraphs, { action: { label: alert.actionLabel, url } }],
      footnote: ADMIN_SETTINGS_TEXTS.alertFootnote,
      footnoteLink: {
        label: ADMIN_SETTINGS_TEXTS.alertFootnoteLink,
        url: adminSettingsUrl(config.publicUrl, "alerts"),
      },
    }),
  });
}

type AlertConfig = Pick<Config, "ownerEmail" | "publicUrl">;

/** The number the owner reads for an order known by its id ("1001"; issue 47 item 13). */
async function orderNumberOf(db: DbOrTx, orderId: string): Promise<string> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  // An order no longer stored: its old 8-character number still names it.
  return row ? displayOrderNumber(row.orderNumber) : legacyOrderNumber(orderId);
}

/** In the payment's transaction: "New order #… paid: £…". Answers the outbox id, or null when none was queued. */
export async function alertPaidOrder(
  tx: DbOrTx,
  config: AlertConfig,
  orderId: string,
  /** The order as the payment's transaction holds it (not read again). */
  known?: typeof orders.$inferSelect,
): Promise<string | null> {
  const order = known ?? (await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
  if (!order) return null;
  const number = displayOrderNumber(order.orderNumber);
  return queueOwnerAlert(tx, config, {
    kind: "paid_order",
    key: `paid:${orderId}`,
    subject: `${order.testMode ? "Test order" : "New order"} #${number} paid: ${formatGbp(order.totalAmount)}`,
    paragraphs: [
      `${order.shippingFirstName} ${order.shippingLastName} paid ${formatGbp(order.totalAmount)} for order #${number} (${order.shippingMethod} delivery).`,
      ...(order.testMode ? ["This is a test order: no money was taken."] : []),
    ],
    adminPath: `/admin/orders/${orderId}`,
    actionLabel: "Open the order",
  });
}

/**
 * Money arrived for an order that was no longer waiting for it (cancelled by the shop, or
 * expired): recorded on the order, and the owner is told to refund it (decision 281).
 */
export async function alertLatePayment(
  tx: DbOrTx,
  config: AlertConfig,
  order: typeof orders.$inferSelect,
): Promise<string | null> {
  const number = displayOrderNumber(order.orderNumber);
  return queueOwnerAlert(tx, config, {
    kind: "paid_order",
    key: `late-payment:${order.id}`,
    subject: `Payment received for cancelled order #${number}: ${formatGbp(order.totalAmount)} to refund`,
    paragraphs: [
      `${order.shippingFirstName} ${order.shippingLastName} paid ${formatGbp(order.totalAmount)} for order #${number} after it was cancelled.`,
      "The payment is recorded on the order. Refund it from the order's page, or write to the customer first.",
    ],
    adminPath: `/admin/orders/${order.id}`,
    actionLabel: "Open the order",
  });
}

/** A new contact message, or a customer's answer in a conversation. */
export async function alertMessage(
  tx: DbOrTx,
  config: AlertConfig,
  message: {
    id: string;
    name: string;
    email: string;
    subject: string | null;
    body: string;
    answerId?: string;
  },
): Promise<string | null> {
  const preview = message.body.length > 500 ? `${message.body.slice(0, 500)}…` : message.body;
  return queueOwnerAlert(tx, config, {
    kind: "message",
    key: message.answerId ? `answer:${message.answerId}` : `message:${message.id}`,
    subject: `${message.answerId ? "Answer" : "New message"} from ${message.name}${message.subject ? ` (${message.subject})` : ""}`,
    paragraphs: [`${message.name} <${message.email}> wrote:`, preview],
    adminPath: `/admin/messages/${message.id}`,
    actionLabel: "Reply in the inbox",
  });
}

export async function alertPrintFailed(
  db: DbOrTx,
  config: AlertConfig,
  job: { id: string; orderId: string; error: string },
): Promise<string | null> {
  const number = await orderNumberOf(db, job.orderId);
  return queueOwnerAlert(db, config, {
    kind: "print_failed",
    key: `print:${job.id}:${Date.now()}`,
    subject: `A print file for order #${number} failed`,
    paragraphs: [`The print file of a panel of order #${number} could not be generated.`, job.error],
    adminPath: `/admin/orders/${job.orderId}`,
    actionLabel: "Open the order's print files",
  });
}

/** A print file whose G-code twin disagrees with the preview: held, not printed (issue 32). */
export async function alertTwinFlagged(
  db: DbOrTx,
  config: AlertConfig,
  job: { id: string; orderId: string; ssim: number; meanDeltaL: number },
): Promise<string | null> {
  const number = await orderNumberOf(db, job.orderId);
  return queueOwnerAlert(db, config, {
    kind: "proof",
    key: `twin:${job.id}:${Date.now()}`,
    subject: `A print file for order #${number} is held: its twin disagrees with the preview`,
    paragraphs: [
      `The printer simulation of a panel of order #${number} does not look like the creator's preview (SSIM ${job.ssim.toFixed(3)}, mean |ΔL*| ${job.meanDeltaL.toFixed(2)}). The file is held: compare the two pictures in the order's print files, then print it anyway or make it again.`,
    ],
    adminPath: `/admin/orders/${job.orderId}`,
    actionLabel: "Compare the pictures",
  });
}

export async function alertEmailFailed(
  db: DbOrTx,
  config: AlertConfig,
  mail: { kind: string; to: string; subject: string; error: string },
): Promise<string | null> {
  return queueOwnerAlert(db, config, {
    kind: "email_failed",
    key: `mail-failed:${mail.kind}:${mail.to}:${mail.subject}:${Date.now()}`,
    subject: `An e-mail could not be sent: ${mail.subject}`,
    paragraphs: [
      `The shop gave up sending "${mail.subject}" (${mail.kind}) to ${mail.to} (the mail server refused it, or it failed repeatedly).`,
      `Last error: ${mail.error}`,
      "Check the mail settings (SMTP_URL), then write to the customer yourself if needed.",
    ],
    adminPath: "/admin",
    actionLabel: "Open the admin",
  });
}

/**
 * In the payment's transaction: each accessory of the order whose stock this payment took to
 * LOW_STOCK_THRESHOLD or under (consumeStock marks it low_alerted_at). The key carries that
 * time, so each fall below the line alerts once, however many orders follow before a restock.
 * Answers the outbox keys queued (for sending after commit).
 */
export async function alertLowStock(tx: DbOrTx, config: AlertConfig, orderId: string): Promise<string[]> {
  const low = await tx
    .selectDistinct({
      productId: productStock.productId,
      name: products.name,
      onHand: productStock.onHand,
      reserved: productStock.reserved,
      alertedAt: productStock.lowAlertedAt,
    })
    .from(orderItems)
    .innerJoin(productStock, eq(productStock.productId, orderItems.productId))
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        isNotNull(productStock.lowAlertedAt),
        lte(productStock.onHand, LOW_STOCK_THRESHOLD),
      ),
    );
  const keys: string[] = [];
  for (const item of low) {
    if (!item.alertedAt) continue;
    const key = `low:${item.productId}:${item.alertedAt.getTime()}`;
    const available = Math.max(0, item.onHand - item.reserved);
    const queued = await queueOwnerAlert(tx, config, {
      kind: "low_stock",
      key,
      subject: available === 0 ? `${item.name} is out of stock` : `${item.name}: only ${available} left`,
      paragraphs: [
        `${item.name} has ${item.onHand} on the shelf${item.reserved > 0 ? `, ${item.reserved} of them held by unpaid orders` : ""}.`,
        "Restock it, then set the new number on the Products screen.",
      ],
      adminPath: "/admin/products",
      actionLabel: "Open the products",
    });
    if (queued) keys.push(`alert:${key}`);
  }
  return keys;
}

/** The owner's choice of alerts, saved and audited. */
export async function saveOwnerAlerts(
  host: WorkflowHost,
  actor: AuditActor,
  kinds: readonly OwnerAlertKind[],
): Promise<void> {
  await runWorkflow(
    host,
    async (tx) => {
      const before = await getOwnerAlerts(tx);
      await setOwnerAlerts(tx, kinds);
      return { audit: { oldValues: { kinds: before } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "settings.owner_alerts",
          tableName: "system_settings",
          recordId: "owner_alerts",
          newValues: { kinds },
        },
      },
    },
  );
}
