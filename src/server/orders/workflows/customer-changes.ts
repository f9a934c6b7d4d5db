/**
 * The customer's own changes to a paid order from its page (issue 47 item 14), while its proof
 * waits for them and nothing is being made (selfServiceRefusal, @shared/order-self-service):
 *
 *   cancelByCustomer       paid -> cancelled: the full refund through refundOrder (the same
 *                          ledger, provider refund, credit note and refund e-mail as the
 *                          owner's), the owner alerted. One key per order: a second click, or
 *                          a second tab, answers the first refund and refunds nothing more.
 *   changeDeliveryAddress  the delivery address replaced, within the order's country (its zone
 *                          and shipping price stay those paid), written on the order's history,
 *                          the owner alerted.
 *
 * Each locks the proof (if any) and then the order, in the proof workflow's order, so a
 * cancellation and an approval of the same order never interleave: whichever commits first
 * decides, and the other is refused.
 */
import { formatGbp } from "@shared/money";
import {
  addressChangeRefusal,
  type DeliveryAddressChange,
  SELF_SERVICE_TEXTS,
  type SelfServiceRefusal,
  selfServiceRefusal,
} from "@shared/order-self-service";
import { TIMELINE_NOTES } from "@shared/order-timeline";
import { addressLines } from "@shared/order-view";
import { displayOrderNumber } from "@shared/orders";
import { countryName } from "@shared/world-countries";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { orderProofs, orders } from "../../db/schema.js";
import { HttpError } from "../../lib/validation.js";
import { queueOwnerAlert } from "../../messaging/index.js";
import { Effects } from "../../platform/index.js";
import type { OrderRow } from "../orders.js";
import { orderLedger } from "../refunds.js";
import type { OrderServices } from "../services.js";
import type { WorkflowResult } from "../transitions.js";
import { lockOrder, recordHistory, type StatusChange } from "../transitions.js";
import { type RefundResult, refundOrder } from "./refund-order.js";

/** The one refund key of a customer's cancellation: the same order is refunded once. */
export const CUSTOMER_CANCEL_KEY = "customer-cancel";

export interface CustomerChangeInput {
  orderId: string;
  /** CHANGED_BY.customer(...): who asked, as the history records it. */
  by: string;
  now?: Date;
}

function refuse(reason: SelfServiceRefusal | "other_country"): never {
  throw new HttpError(409, `self_service_${reason}`, SELF_SERVICE_TEXTS.refusals[reason]);
}

/** The proof then the order, locked (the proof workflow's order), and why the customer may not change it. */
async function lockForChange(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<{ order: OrderRow; refusal: SelfServiceRefusal | null }> {
  const [proof] = await tx
    .select({ state: orderProofs.state, dueAt: orderProofs.dueAt })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .limit(1)
    .for("update");
  const order = await lockOrder(tx, orderId);
  const refusal = order.anonymisedAt ? "ended" : selfServiceRefusal(order.status, proof ?? null, now);
  return { order, refusal };
}

function customerName(order: OrderRow): string {
  return `${order.shippingFirstName} ${order.shippingLastName}`.trim() || order.shippingEmail;
}

/** The customer cancels their paid order: everything paid comes back, the order is cancelled. */
export async function cancelByCustomer(
  ctx: OrderServices,
  tx: Tx,
  input: CustomerChangeInput,
): Promise<RefundResult> {
  const now = input.now ?? new Date();
  const { order, refusal } = await lockForChange(tx, input.orderId, now);
  // A repeated click (or another tab) after the cancellation: the same refund, nothing more.
  const { refunds, ledger } = await orderLedger(tx, order);
  const earlier = refunds.find((r) => r.idempotencyKey === `admin:${order.id}:${CUSTOMER_CANCEL_KEY}`);
  if (earlier) {
    const unchanged: StatusChange = {
      orderId: order.id,
      from: order.status,
      to: order.status,
      changed: false,
      order,
    };
    return {
      refundId: earlier.id,
      amount: earlier.amount,
      duplicate: true,
      ledger,
      change: unchanged,
      effects: [],
    };
  }
  if (refusal) refuse(refusal);
  const result = await refundOrder(
    ctx,
    tx,
    order.id,
    {
      // Everything paid and not yet given back: the whole order.
      amount: ledger.refundable,
      reason: TIMELINE_NOTES.cancelledByCustomer,
      customerMessage: SELF_SERVICE_TEXTS.refundMessage,
      idempotencyKey: CUSTOMER_CANCEL_KEY,
      cancelOrder: true,
      by: input.by,
    },
    { id: input.by, email: "customer" },
  );
  const number = displayOrderNumber(order.orderNumber);
  const amount = formatGbp(result.amount);
  const effects = new Effects();
  effects.mail(
    await queueOwnerAlert(tx, ctx.config, {
      kind: "order_changed",
      key: `customer-cancel:${order.id}`,
      subject: `${order.testMode ? "[TEST] " : ""}${SELF_SERVICE_TEXTS.ownerCancelSubject(number, amount)}`,
      paragraphs: [SELF_SERVICE_TEXTS.ownerCancelBody(customerName(order), number, amount)],
      adminPath: `/admin/orders/${order.id}`,
      actionLabel: "Open the order",
    }),
  );
  return { ...result, effects: [...result.effects, ...effects.list] };
}

/** The customer moves the delivery within the order's country; the same address again changes nothing. */
export async function changeDeliveryAddress(
  ctx: OrderServices,
  tx: Tx,
  input: CustomerChangeInput & { address: DeliveryAddressChange },
): Promise<WorkflowResult> {
  const now = input.now ?? new Date();
  const { order, refusal } = await lockForChange(tx, input.orderId, now);
  if (refusal) refuse(refusal);
  const address = input.address;
  if (addressChangeRefusal(order.shippingCountryCode, address.country)) refuse("other_country");
  const next = {
    shippingAddressLine1: address.addressLine1,
    shippingAddressLine2: address.addressLine2 ? address.addressLine2 : null,
    shippingCity: address.city,
    shippingState: address.state,
    shippingPostalCode: address.postalCode,
  };
  const unchanged: StatusChange = {
    orderId: order.id,
    from: order.status,
    to: order.status,
    changed: false,
    order,
  };
  const same = (Object.keys(next) as Array<keyof typeof next>).every((k) => (order[k] ?? null) === next[k]);
  if (same) return { change: unchanged, effects: [] };
  const [updated] = await tx
    .update(orders)
    .set({ ...next, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  const lines = (o: OrderRow) =>
    addressLines({
      line1: o.shippingAddressLine1,
      line2: o.shippingAddressLine2,
      city: o.shippingCity,
      state: o.shippingState,
      postalCode: o.shippingPostalCode,
      country: o.shippingCountry || countryName(o.shippingCountryCode),
    }).join(", ");
  const after = updated ?? order;
  await recordHistory(tx, {
    orderId: order.id,
    from: order.status,
    to: order.status,
    by: input.by,
    note: `${TIMELINE_NOTES.addressChanged}: was ${lines(order)}`,
    at: now,
  });
  const number = displayOrderNumber(order.orderNumber);
  const effects = new Effects();
  effects.mail(
    await queueOwnerAlert(tx, ctx.config, {
      kind: "order_changed",
      key: `customer-address:${order.id}:${now.getTime()}`,
      subject: `${order.testMode ? "[TEST] " : ""}${SELF_SERVICE_TEXTS.ownerAddressSubject(number)}`,
      paragraphs: [SELF_SERVICE_TEXTS.ownerAddressBody(customerName(order), number, lines(after))],
      adminPath: `/admin/orders/${order.id}`,
      actionLabel: "Open the order",
    }),
  );
  return { change: { ...unchanged, order: after }, effects: effects.list };
}
