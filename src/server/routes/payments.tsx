/** @jsxImportSource hono/jsx */
import { randomBytes } from "node:crypto";
import { orderShippingLabel } from "@shared/checkout";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { formatGbp } from "@shared/money";
import { isPaidStatus } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { type Context, Hono } from "hono";
import type { AppContext } from "../context.js";
import { standalonePage } from "../lib/standalone-page.js";
import { type ApiError, HttpError } from "../lib/validation.js";
import { orderItemDetails, orderItemTitle } from "../messaging/index.js";
import {
  CHANGED_BY,
  cancelPendingOrder,
  completeOrderPayment,
  getOrder,
  getOrderWithItems,
  handleStripeEvent,
  type OrderRow,
  type OrderWithItems,
  type StatusChange,
} from "../orders/index.js";
import type { StripePaymentProvider } from "../payments/index.js";
import { isValidOrderAccessToken, TEST_PAYMENT_PATH } from "../payments/index.js";

function invalidLink(c: Context) {
  return standalonePage(
    c,
    "Payment link not valid",
    <>
      <span class="badge">TEST MODE</span>
      <h1>This payment link is not valid</h1>
      <p>The link may be incomplete. Please go back to the shop and start the checkout again.</p>
    </>,
    404,
  );
}

function TestPaymentPage({ order, token }: { order: OrderWithItems; token: string }) {
  const base = `${TEST_PAYMENT_PATH}/${order.id}`;
  const q = `?token=${encodeURIComponent(token)}`;
  const shippingLabel = orderShippingLabel(order);
  const total = formatGbp(order.totalAmount);
  return (
    <>
      <span class="badge">TEST MODE</span>
      <h1>Test payment</h1>
      <p class="number">Order #{displayOrderNumber(order.orderNumber)}</p>
      <p class="warning">
        <strong>This is a test payment page.</strong> No real payment will be taken and no card details are
        needed. Choose Pay to complete the order as paid, or Cancel to cancel it.
      </p>
      <table>
        {order.items.map((item) => (
          <tr>
            <td>
              {orderItemTitle(item)}
              <span class="details">{orderItemDetails(item)}</span>
            </td>
            <td class="amount">{formatGbp(item.price * item.quantity)}</td>
          </tr>
        ))}
        {order.discountAmount > 0 ? (
          // Lines at list price, the discount its own row: they add up to the total (decision 331).
          <tr>
            <td>{COMMERCE_MESSAGES.discounts.rowLabel(order.discountCode)}</td>
            <td class="amount">{`−${formatGbp(order.discountAmount)}`}</td>
          </tr>
        ) : null}
        <tr>
          <td>
            Shipping<span class="details">{shippingLabel}</span>
          </td>
          <td class="amount">{order.shippingAmount === 0 ? "Free" : formatGbp(order.shippingAmount)}</td>
        </tr>
        <tr class="total">
          <td>Total (GBP)</td>
          <td class="amount">{total}</td>
        </tr>
      </table>
      <div class="actions">
        <form method="post" action={`${base}/pay${q}`}>
          <button type="submit">Pay {total}</button>
        </form>
        <form method="post" action={`${base}/cancel${q}`}>
          <button class="secondary" type="submit">
            Cancel payment
          </button>
        </form>
      </div>
      <p class="note">After paying or cancelling you will be taken back to the shop.</p>
    </>
  );
}

function outcomePath(orderId: string, status: string): string {
  const query = `?order=${encodeURIComponent(orderId)}`;
  return isPaidStatus(status)
    ? `/checkout/success${query}`
    : status === "pending"
      ? ""
      : `/checkout/cancel${query}`;
}

/**
 * Payment completion.
 * - POST /payments/stripe/webhook: Stripe events, signature checked over the raw body with
 *   STRIPE_WEBHOOK_SECRET -> 200 {received: true, action}; 400 on a bad signature; 404 when
 *   Stripe is not configured.
 * - GET /payments/test/:orderId?token=...: the built-in TEST MODE payment page (HTML, no script).
 * - POST /payments/test/:orderId/pay|cancel?token=...: complete or cancel the order through
 *   the same functions the webhook uses, then 303 to /checkout/success or /checkout/cancel.
 */
export function paymentRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  /** The order behind a test payment link, or null when the link is not valid. */
  const testOrder = async (c: Context): Promise<OrderRow | null> => {
    const orderId = c.req.param("orderId") ?? "";
    if (!isValidOrderAccessToken(ctx.config.authSecret, orderId, c.req.query("token"))) return null;
    const order = await getOrder(db, orderId);
    return order && order.paymentProvider === "test" ? order : null;
  };

  return new Hono()
    .post("/payments/stripe/webhook", async (c) => {
      const provider = ctx.payments;
      if (provider.kind !== "stripe")
        return c.json<ApiError>({ error: "not_found", message: "Not found" }, 404);
      const signature = c.req.header("stripe-signature");
      // The signature covers the exact bytes Stripe sent: read the raw body, never re-encoded JSON.
      const raw = await c.req.text();
      if (!signature)
        return c.json<ApiError>({ error: "invalid_signature", message: "Missing Stripe signature." }, 400);
      let event: ReturnType<StripePaymentProvider["constructEvent"]>;
      try {
        event = (provider as StripePaymentProvider).constructEvent(raw, signature);
      } catch (error) {
        ctx.log.warn({ err: error }, "stripe webhook signature check failed");
        return c.json<ApiError>(
          { error: "invalid_signature", message: "The webhook signature is not valid." },
          400,
        );
      }
      const outcome = await handleStripeEvent(ctx, event);
      return c.json({ received: true as const, ...outcome });
    })
    .get("/payments/test/:orderId", async (c) => {
      const found = await testOrder(c);
      if (!found) return invalidLink(c);
      const done = outcomePath(found.id, found.status);
      if (done) return c.redirect(done, 303);
      const order = await getOrderWithItems(db, found.id);
      if (!order) return invalidLink(c);
      return standalonePage(
        c,
        `Test payment: order #${displayOrderNumber(order.orderNumber)}`,
        <TestPaymentPage order={order} token={c.req.query("token") ?? ""} />,
      );
    })
    .post("/payments/test/:orderId/pay", async (c) => {
      const orderId = c.req.param("orderId");
      if (!isValidOrderAccessToken(ctx.config.authSecret, orderId, c.req.query("token")))
        return invalidLink(c);
      // The order is read (and locked) once, by the payment's transaction, which refuses an
      // order of another provider as not found.
      let change: StatusChange;
      try {
        ({ change } = await completeOrderPayment(ctx, {
          orderId,
          by: CHANGED_BY.testPayment,
          cause: "payment",
          paymentReference: `test_pay_${randomBytes(12).toString("hex")}`,
          note: "Paid on the test payment page",
          provider: "test",
        }));
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return invalidLink(c);
        throw error;
      }
      const order = change.order;
      return c.redirect(
        outcomePath(order.id, change.order.status) || `/checkout/cancel?order=${order.id}`,
        303,
      );
    })
    .post("/payments/test/:orderId/cancel", async (c) => {
      const order = await testOrder(c);
      if (!order) return invalidLink(c);
      const { change } = await cancelPendingOrder(ctx, {
        orderId: order.id,
        cause: "customer",
        by: CHANGED_BY.testPayment,
        note: "Cancelled on the test payment page",
      });
      return c.redirect(
        outcomePath(order.id, change.order.status) || `/checkout/cancel?order=${order.id}`,
        303,
      );
    });
}
