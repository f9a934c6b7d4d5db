/**
 * The steps every order workflow is made of, inside the workflow's transaction: lock the order,
 * make one move of the lifecycle table (src/shared/order-lifecycle.ts) with its history row, and
 * run the move's effects. What an effect owes after commit is added to the workflow's Effects.
 */
import {
  orderTransition,
  type Transition,
  type TransitionCause,
  type TransitionEffect,
} from "@shared/order-lifecycle";
import { ORDER_STATUS_LABELS, type OrderStatus } from "@shared/orders";
import type { ShippingMethod } from "@shared/shipping";
import { zoneForCountry } from "@shared/shipping-zones";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import {
  consumeStock,
  dispatchedDeliveryWindow,
  listShippingZones,
  releaseStock,
  settleDiscount,
  zoneDays,
} from "../catalogue/index.js";
import type { Tx } from "../db/client.js";
import { cartItems, orderItems, orderStatusHistory, orders } from "../db/schema.js";
import { queuePrintJobsOnPayment } from "../fulfilment/index.js";
import { HttpError } from "../lib/validation.js";
import { alertLowStock, alertPaidOrder, orderEmailKey, queueOrderEmail } from "../messaging/index.js";
import { issueInvoice } from "../payments/index.js";
import type { AfterCommit, Effects } from "../platform/index.js";
import { scheduleReviewRequest } from "../storefront/index.js";
import { closeCartRemindersOnPurchase } from "./cart-reminders.js";
import { isUuid, type OrderRow } from "./orders.js";
import { startProof } from "./proofs.js";
import type { OrderServices } from "./services.js";

export { CHANGED_BY } from "./changed-by.js";

export interface StatusChange {
  orderId: string;
  from: string;
  to: string;
  /** False when nothing changed (same status, or a late or repeated event). */
  changed: boolean;
  order: OrderRow;
}

/** What an order workflow answers: the status change and the effects owed after commit. */
export interface WorkflowResult {
  change: StatusChange;
  effects: AfterCommit[];
}

export class OrderStatusError extends HttpError {
  constructor(from: string, to: string) {
    const label = (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s;
    super(409, "invalid_status_change", `An order that is ${label(from)} cannot become ${label(to)}.`);
    this.name = "OrderStatusError";
  }
}

/** The order row, locked for the rest of the transaction; 404 when there is none. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = isUuid(orderId)
    ? await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for("update")
    : [];
  if (!row) throw new HttpError(404, "order_not_found", "Order not found.");
  return row;
}

/** The move `cause` asks for, or OrderStatusError when the lifecycle table does not allow it. */
export function requireTransition(from: string, to: string, cause: TransitionCause): Transition {
  const transition = orderTransition(from, to, cause);
  if (!transition) throw new OrderStatusError(from, to);
  return transition;
}

export interface HistoryRow {
  orderId: string;
  from: string;
  to: string;
  by: string;
  note: string | null;
  at: Date;
}

/** Several history rows (a sweep's batch) in one statement. */
export async function recordHistories(tx: Tx, rows: readonly HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into ${orderStatusHistory} (order_id, from_status, to_status, changed_by, note, created_at)
    values ${sql.join(
      rows.map(
        (row) =>
          sql`(${row.orderId}, ${row.from}, ${row.to}, ${row.by}, ${row.note}, ${row.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}`);
}

/**
 * The history row of a move (or of a note on the same status), optionally with one more
 * statement in the same round trip (`also`: a data-modifying statement after the WITH).
 */
export async function recordHistory(tx: Tx, row: HistoryRow, also?: SQL): Promise<void> {
  const insert = sql`insert into ${orderStatusHistory} (order_id, from_status, to_status, changed_by, note, created_at)
    values (${row.orderId}, ${row.from}, ${row.to}, ${row.by}, ${row.note}, ${row.at.toISOString()}::timestamptz)`;
  await tx.execute(also ? sql`with history as (${insert}) ${also}` : insert);
}

/** The carrier's window for a parcel dispatched at `at`: the order's zone's days for its method. */
async function carrierWindow(tx: Tx, order: OrderRow, at: Date) {
  const zones = await listShippingZones(tx);
  const zone =
    zones.find((z) => z.id === order.shippingZone) ?? zoneForCountry(zones, order.shippingCountryCode);
  if (!zone) return null;
  const method: ShippingMethod = order.shippingMethod === "express" ? "express" : "standard";
  return dispatchedDeliveryWindow(zoneDays(zone, method), at);
}

export interface Move {
  to: OrderStatus;
  cause: TransitionCause;
  by: string;
  note?: string | null;
  /** Set with the status (tracking number, carrier, payment fields). */
  fields?: Partial<Pick<OrderRow, "trackingNumber" | "carrier" | "paidAt" | "paymentReference">>;
}

/**
 * One move of the lifecycle table on a row this transaction has locked: checked against the
 * table, written with its history row, and its effects run. Answers the row as written.
 */
export async function moveOrder(
  ctx: OrderServices,
  tx: Tx,
  current: OrderRow,
  move: Move,
  effects: Effects,
): Promise<OrderRow> {
  const transition = requireTransition(current.status, move.to, move.cause);
  const now = new Date();
  const carrier = transition.effects.includes("carrier-window")
    ? await carrierWindow(tx, current, now)
    : null;
  const [order] = await tx
    .update(orders)
    .set({
      ...move.fields,
      ...(carrier ? { deliveryEarliest: carrier.earliest, deliveryLatest: carrier.latest } : {}),
      status: move.to,
      updatedAt: now,
    })
    .where(eq(orders.id, current.id))
    .returning();
  if (!order) throw new Error("order row vanished under its lock");
  await recordHistory(tx, {
    orderId: order.id,
    from: current.status,
    to: move.to,
    by: move.by,
    note: move.note ?? null,
    at: now,
  });
  await runTransitionEffects(ctx, tx, order, transition, move.cause, effects);
  return order;
}

/**
 * The effects of a move, in the table's order, for an order whose status row and history are
 * written. `done` names effects the caller already wrote in its own statement (the payment's
 * confirmation row goes with its history row in one round trip).
 */
export async function runTransitionEffects(
  ctx: OrderServices,
  tx: Tx,
  order: OrderRow,
  transition: Transition,
  cause: TransitionCause,
  effects: Effects,
  done: ReadonlySet<TransitionEffect> = new Set(),
): Promise<void> {
  // The order's lines, read once for the steps that need them (the proof, the invoice); one
  // promise, as a query builder awaited twice would run twice.
  let lines: Promise<Array<typeof orderItems.$inferSelect>> | undefined;
  const orderLines = () => {
    lines ??= tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position))
      .execute();
    return lines;
  };
  for (const effect of transition.effects) {
    switch (effect) {
      case "take-holds":
        await consumeStock(tx, order.id);
        // Only an order with a code holds a use (createOrder reserves it with the code set).
        if (order.discountCode) await settleDiscount(tx, order.id, "used");
        break;
      case "release-holds":
        await releaseStock(tx, order.id);
        if (order.discountCode) await settleDiscount(tx, order.id, "released");
        break;
      case "clear-saved-cart":
        if (order.userId) await tx.delete(cartItems).where(eq(cartItems.userId, order.userId));
        break;
      case "queue-print-files":
        // Test orders queue none by themselves (an admin asks for them): a test shop cannot be made to print.
        if ((await queuePrintJobsOnPayment(tx, ctx.storage, order.id, order)) > 0)
          effects.add({ kind: "wake-print-jobs" });
        break;
      case "owner-alerts":
        effects.mail(await alertPaidOrder(tx, ctx.config, order.id, order));
        // An accessory this payment took to the low-stock line (issue 18).
        effects.mailKeys(await alertLowStock(tx, ctx.config, order.id));
        break;
      case "confirmation-email":
      case "dispatch-email": {
        const email = effect === "confirmation-email" ? "confirmation" : "dispatch";
        if (!done.has(effect)) await queueOrderEmail(tx, order.id, email);
        effects.mailKeys([orderEmailKey(order.id, email)]);
        break;
      }
      case "issue-invoice":
        // Numbered in this transaction (a rolled-back payment leaves no gap); the number locks
        // the counter row every payment shares, so the table puts it last: held until commit only.
        await issueInvoice(tx, order.id, order, await orderLines());
        break;
      case "close-payment-page":
        // Stripe told us itself when it closed the page (a failed or expired session).
        if (cause !== "payment" && order.paymentProvider === "stripe" && order.paymentSessionId)
          effects.add({ kind: "close-payment-page", orderId: order.id, sessionId: order.paymentSessionId });
        break;
      case "proof-request":
        // The proof's rows only: its e-mail goes once the panels' pictures exist (decision 351).
        if (await startProof(tx, order, await orderLines())) effects.add({ kind: "wake-proofs" });
        break;
      case "close-cart-reminders":
        await closeCartRemindersOnPurchase(tx, order);
        break;
      case "schedule-review-request":
        await scheduleReviewRequest(tx, order.id);
        break;
      case "carrier-window":
        break; // set with the status row (moveOrder)
    }
  }
}
