import { createHash, randomBytes } from "node:crypto";
import { shippingLineLabel } from "@shared/checkout";
import { formatGbp } from "@shared/money";
import { isPaidStatus } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { isShippingMethod } from "@shared/shipping";
import { type Context, Hono } from "hono";
import type { AppContext } from "../context.js";
import type { ApiError } from "../lib/validation.js";
import { escapeHtml } from "../services/emails/auth-emails.js";
import { orderItemDetails, orderItemTitle } from "../services/emails/order-emails.js";
import {
  CHANGED_BY,
  cancelPendingOrder,
  completeOrderPayment,
  getOrder,
  getOrderWithItems,
  type OrderRow,
  type OrderWithItems,
} from "../services/orders.js";
import type { StripePaymentProvider } from "../services/payments/index.js";
import { handleStripeEvent } from "../services/payments/stripe-webhook.js";
import { TEST_PAYMENT_PATH } from "../services/payments/test-provider.js";
import { isValidOrderAccessToken } from "../services/payments/tokens.js";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;background:#f5f5f4;color:#1c1917;font:16px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:520px;margin:0 auto;background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
.badge{display:inline-block;background:#fde047;color:#422006;font-weight:800;letter-spacing:.08em;padding:6px 12px;border-radius:999px;font-size:14px}
.warning{background:#fef9c3;border:1px solid #facc15;border-radius:10px;padding:12px 14px;margin:16px 0;color:#422006}
h1{font-size:26px;margin:16px 0 4px}
.number{color:#57534e;margin:0 0 16px}
table{width:100%;border-collapse:collapse;margin:12px 0 20px}
td{padding:8px 0;border-bottom:1px solid #e7e5e4;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;padding-left:12px}
.details{display:block;color:#57534e;font-size:14px}
tr.total td{border-bottom:0;font-weight:700;font-size:18px}
.actions{display:flex;flex-wrap:wrap;gap:12px}
form{margin:0;flex:1 1 180px}
button{width:100%;min-height:48px;border-radius:999px;font-family:inherit;font-size:17px;font-weight:600;line-height:1.2;cursor:pointer;padding:12px 20px}
.pay{background:#1c1917;color:#fff;border:1px solid #1c1917}
.pay:hover,.pay:focus-visible{background:#44403c}
.cancel{background:#fff;color:#1c1917;border:1px solid #a8a29e}
.cancel:hover,.cancel:focus-visible{background:#f5f5f4}
button:focus-visible{outline:3px solid #ca8a04;outline-offset:2px}
.note{font-size:14px;color:#57534e;margin-top:20px}
`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");
/** No script at all; the one inline style is allowed by its hash; forms post only here. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

function page(c: Context, title: string, body: string, status: 200 | 404 = 200) {
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex");
  return c.html(
    `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`,
    status,
  );
}

function invalidLink(c: Context) {
  return page(
    c,
    "Payment link not valid",
    `<span class="badge">TEST MODE</span>
<h1>This payment link is not valid</h1>
<p>The link may be incomplete. Please go back to the shop and start the checkout again.</p>`,
    404,
  );
}

function testPaymentPage(order: OrderWithItems, token: string) {
  const number = displayOrderNumber(order.id);
  const base = `${TEST_PAYMENT_PATH}/${order.id}`;
  const q = `?token=${encodeURIComponent(token)}`;
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(orderItemTitle(item))}<span class="details">${escapeHtml(orderItemDetails(item))}</span></td><td class="amount">${escapeHtml(formatGbp(item.price * item.quantity))}</td></tr>`,
    )
    .join("\n");
  const shippingLabel = isShippingMethod(order.shippingMethod)
    ? shippingLineLabel(order.shippingMethod)
    : order.shippingMethod;
  const total = formatGbp(order.totalAmount);
  return `<span class="badge">TEST MODE</span>
<h1>Test payment</h1>
<p class="number">Order #${escapeHtml(number)}</p>
<p class="warning"><strong>This is a test payment page.</strong> No real payment will be taken and no card details are needed. Choose Pay to complete the order as paid, or Cancel to cancel it.</p>
<table>
${rows}
<tr><td>Shipping<span class="details">${escapeHtml(shippingLabel)}</span></td><td class="amount">${escapeHtml(order.shippingAmount === 0 ? "Free" : formatGbp(order.shippingAmount))}</td></tr>
<tr class="total"><td>Total (GBP)</td><td class="amount">${escapeHtml(total)}</td></tr>
</table>
<div class="actions">
<form method="post" action="${escapeHtml(`${base}/pay${q}`)}"><button class="pay" type="submit">Pay ${escapeHtml(total)}</button></form>
<form method="post" action="${escapeHtml(`${base}/cancel${q}`)}"><button class="cancel" type="submit">Cancel payment</button></form>
</div>
<p class="note">After paying or cancelling you will be taken back to the shop.</p>`;
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
      return page(
        c,
        `Test payment: order #${displayOrderNumber(order.id)}`,
        testPaymentPage(order, c.req.query("token") ?? ""),
      );
    })
    .post("/payments/test/:orderId/pay", async (c) => {
      const order = await testOrder(c);
      if (!order) return invalidLink(c);
      const change = await completeOrderPayment(ctx, order.id, {
        by: CHANGED_BY.testPayment,
        paymentReference: `test_pay_${randomBytes(12).toString("hex")}`,
        note: "Paid on the test payment page",
      });
      return c.redirect(
        outcomePath(order.id, change.order.status) || `/checkout/cancel?order=${order.id}`,
        303,
      );
    })
    .post("/payments/test/:orderId/cancel", async (c) => {
      const order = await testOrder(c);
      if (!order) return invalidLink(c);
      const change = await cancelPendingOrder(ctx, order.id, {
        by: CHANGED_BY.testPayment,
        note: "Cancelled on the test payment page",
      });
      return c.redirect(
        outcomePath(order.id, change.order.status) || `/checkout/cancel?order=${order.id}`,
        303,
      );
    });
}
