import { zValidator } from "@hono/zod-validator";
import {
  type CheckoutCreated,
  type CheckoutStatus,
  checkoutTotals,
  type RefusedItem,
  shippingLineLabel,
} from "@shared/checkout";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { allocateDiscount } from "@shared/discounts";
import { MESSAGES } from "@shared/messages";
import { paymentOutcome } from "@shared/order-lifecycle";
import { displayOrderNumber } from "@shared/orders";
import { checkoutRequestSchema } from "@shared/schemas";
import { needsSupportForQuantity } from "@shared/shipping";
import { zoneForCountry } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { orders } from "../db/schema.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { getSessionUser } from "../lib/session.js";
import { type ApiError, validationHook } from "../lib/validation.js";
import { orderDeliveryWindow } from "../services/delivery-dates.js";
import { findLinePhotoProblems } from "../services/line-photos.js";
import {
  CHANGED_BY,
  cancelPendingOrder,
  createOrder,
  isUuid,
  type OrderLineInput,
  setPaymentSession,
} from "../services/orders.js";
import { isValidOrderAccessToken, orderAccessToken } from "../services/payments/tokens.js";
import { PaymentProviderError } from "../services/payments/types.js";
import {
  dropPricingSnapshot,
  type PricedItem,
  priceCartItems,
  priceFromSnapshot,
  pricingSnapshot,
} from "../services/pricing.js";
import { listShippingZones } from "../services/shipping-zones.js";
import { loadShopPrices } from "../services/shop-prices.js";
import { OutOfStockError } from "../services/stock.js";

/** Per client IP per minute. A customer checks out a handful of times at most. */
export const CHECKOUT_RATE_LIMIT = 20;
/** The payment-pending page polls every 2 s; this leaves room for a few tabs. */
export const CHECKOUT_STATUS_RATE_LIMIT = 120;

export type { CheckoutCreated, CheckoutStatus, RefusedItem };

const statusQuerySchema = z.object({ token: z.union([z.string(), z.array(z.string())]).optional() });

export interface CheckoutRefusal extends ApiError {
  items?: RefusedItem[];
}

/** How a cart line is named in an error: the accessory's name, or "Lithophane (Keepsake Collection)". */
function cartItemName(item: { config: { kind: string }; frameStyle: string; shape: string }): string {
  const name =
    item.config.kind === "accessory" ? item.frameStyle : `${MESSAGES.cart.itemTitle} (${item.shape})`;
  return name.trim().slice(0, 120) || "An item";
}

/**
 * POST /checkout {cartItems, shippingInfo, currency, shippingMethod}
 *   -> 201 CheckoutCreated: a pending order (prices, shipping and total decided here), and
 *      the page to pay on;
 *   -> 400 validation_failed {message, fields} (the spec's texts);
 *   -> 422 item_unavailable {message, items: RefusedItem[]} when a line cannot be sold or
 *      cannot be made (a photo count other than the bundle's, a crop outside the photo, a
 *      photo that is not one of the shop's stored uploads), 422 bulk_order for 5 or more units (the spec: contact support);
 *   -> 422 country_not_delivered {message, fields} when no shipping zone has the country;
 *   -> 409 shipping_price_changed when expectedShippingPence is not the zone's price;
 *   -> 429 rate_limited; 503 payment_unavailable when Stripe cannot be reached.
 * GET /checkout/status/:orderId?token=... -> CheckoutStatus, for the order's token or its
 *   signed-in owner; 404 otherwise.
 */
export function checkoutRoutes(ctx: AppContext) {
  const createLimiter = createRateLimiter({
    name: "checkout",
    store: ctx.rateLimits,
    limit: CHECKOUT_RATE_LIMIT,
    windowMs: 60_000,
  });
  const statusLimiter = createRateLimiter({
    name: "checkout-status",
    store: ctx.rateLimits,
    limit: CHECKOUT_STATUS_RATE_LIMIT,
    windowMs: 60_000,
  });
  const db = ctx.database.db;

  return new Hono()
    .post(
      "/checkout",
      rateLimit(ctx, createLimiter, { name: "checkout", message: MESSAGES.checkout.tooManyRequests }),
      zValidator("json", checkoutRequestSchema, validationHook),
      async (c) => {
        const { cartItems, shippingInfo, currency, shippingMethod, expectedShippingPence, discountCode } =
          c.req.valid("json");
        if (needsSupportForQuantity(cartItems.length)) {
          return c.json<CheckoutRefusal, 422>(
            { error: "bulk_order", message: MESSAGES.checkout.bulkOrder.description },
            422,
          );
        }
        // Shipping is priced from the country's zone, read now: an admin's edit applies here.
        const zone = zoneForCountry(await listShippingZones(db), shippingInfo.country);
        if (!zone) {
          const message = MESSAGES.international.notDelivered(countryName(shippingInfo.country));
          return c.json<CheckoutRefusal, 422>(
            { error: "country_not_delivered", message, fields: { "shippingInfo.country": message } },
            422,
          );
        }
        const deliveryWindow = orderDeliveryWindow(zone, shippingMethod, new Date());
        const configs = cartItems.map((item) => item.config);
        const [user, snapshot, photoProblems] = await Promise.all([
          // Sessions live only in cookies: without one there is nobody to look up.
          c.req.header("cookie") ? getSessionUser(ctx, c) : null,
          pricingSnapshot(db),
          findLinePhotoProblems(db, ctx.storage, cartItems),
        ]);
        const problemAt = new Map(photoProblems.map((problem) => [problem.index, problem.message]));

        /** The order's lines, or the refusals, for these prices (one per cart item). */
        const decide = (priced: readonly PricedItem[]) => {
          const refused: RefusedItem[] = [];
          const lines: OrderLineInput[] = [];
          cartItems.forEach((item, index) => {
            const result = priced[index];
            if (!result?.ok) {
              const name = cartItemName(item);
              const reason = result?.message ?? MESSAGES.pricing.itemUnknown;
              refused.push({
                id: item.id,
                name,
                reason: result?.reason ?? "unknown",
                message: MESSAGES.checkout.itemUnavailable(name, reason),
              });
              return;
            }
            // A lithophane must be one that can be made: the bundle's number of photos, each one
            // of this shop's stored uploads (the print-file worker reads storage only and never
            // fetches another host's URL), and a crop inside the main photo.
            const problem = result.kind === "lithophane" ? problemAt.get(index) : undefined;
            if (problem) {
              const name = cartItemName(item);
              refused.push({
                id: item.id,
                name,
                reason: "invalid",
                message: MESSAGES.checkout.itemUnavailable(name, problem),
              });
              return;
            }
            lines.push({
              item,
              kind: result.kind,
              unitPricePence: result.unitPricePence,
              description: result.description,
            });
          });
          return { refused, lines };
        };
        const refusal = (refused: readonly RefusedItem[]) =>
          c.json<CheckoutRefusal, 422>(
            {
              error: "item_unavailable",
              message: refused.map((r) => r.message).join(" "),
              items: [...refused],
            },
            422,
          );

        // The page's shipping price, when it sent one, must be the zone's: else the buyer is shown the new one.
        // With a discount code the charge is checked against the code inside the order's
        // transaction (a free-shipping code can only lower it).
        const shippingDiffers = (lines: readonly OrderLineInput[]) =>
          expectedShippingPence !== undefined &&
          !discountCode &&
          checkoutTotals(
            lines.map((l) => l.unitPricePence),
            shippingMethod,
            { zone },
          ).shippingPence !== expectedShippingPence;
        const shippingRefusal = () =>
          c.json<CheckoutRefusal, 409>(
            { error: "shipping_price_changed", message: MESSAGES.international.shippingPriceChanged },
            409,
          );

        const provider = ctx.payments;
        const place = async (
          lines: readonly OrderLineInput[],
          catalogFingerprint: string | null,
          freeShippingThresholdPence: number,
        ) =>
          createOrder(ctx.database, {
            freeShippingThresholdPence,
            discountCode: discountCode ? discountCode : null,
            userId: user?.id ?? null,
            shipping: shippingInfo,
            shippingMethod,
            zone,
            deliveryWindow,
            displayCurrency: currency,
            lines,
            forceTestMode: provider.kind === "test",
            paymentProvider: provider.kind,
            catalogFingerprint,
            ...(provider.kind === "test" ? { paymentSessionId: (id: string) => `test_${id}` } : {}),
          });

        // Priced from the in-memory snapshot; the INSERT writes the order only if the catalogue
        // is still the snapshot's. A refusal is never decided on the snapshot alone.
        let { refused, lines } = decide(priceFromSnapshot(snapshot, configs));
        let order: Awaited<ReturnType<typeof place>>;
        try {
          if (refused.length === 0 && shippingDiffers(lines)) return shippingRefusal();
          order =
            refused.length === 0
              ? await place(lines, snapshot.fingerprint, snapshot.prices.freeShippingThresholdPence)
              : null;
          if (!order) {
            // The catalogue changed (or something looked unsellable): price from the database,
            // as without a snapshot, and forget the snapshot if it was out of date.
            if (refused.length === 0) dropPricingSnapshot(db, snapshot);
            const [priced, prices] = await Promise.all([priceCartItems(db, configs), loadShopPrices(db)]);
            ({ refused, lines } = decide(priced));
            if (refused.length > 0) return refusal(refused);
            if (shippingDiffers(lines)) return shippingRefusal();
            order = await place(lines, null, prices.freeShippingThresholdPence);
            if (!order) throw new Error("order not created");
          }
        } catch (error) {
          if (!(error instanceof OutOfStockError)) throw error;
          // The stocked accessory sold out (or has fewer units than the cart): name the lines.
          const product = snapshot.products.get(error.productId);
          const name = product?.name ?? MESSAGES.pricing.itemUnknown;
          const message =
            error.available > 0
              ? COMMERCE_MESSAGES.stock.notEnough(name, error.available)
              : COMMERCE_MESSAGES.stock.soldOut(name);
          return refusal(
            cartItems
              .filter((item) => item.config.kind === "accessory" && item.config.productId === error.productId)
              .map((item) => ({ id: item.id, name, reason: "unavailable" as const, message })),
          );
        }

        // What Stripe charges per line: the line's price less its share of the discount, so
        // the lines and shipping add up to the order's total to the penny.
        const discountShares = allocateDiscount(
          lines.map((line) => ({ kind: line.kind, pricePence: line.unitPricePence })),
          order.discountScope ?? "all",
          order.discountPence,
        );

        let url: string;
        try {
          const session = await provider.createSession({
            id: order.id,
            displayNumber: order.displayNumber,
            email: shippingInfo.email,
            lines: lines.map((line, index) => ({
              name: line.description.title,
              description:
                line.kind === "accessory"
                  ? line.description.sizeLabel
                  : `${line.description.shapeName} · ${line.description.sizeLabel} · ${line.description.frameStyle} ${MESSAGES.cart.frameSuffix}`,
              unitAmountPence: line.unitPricePence - (discountShares[index] ?? 0),
              quantity: 1,
            })),
            shipping: {
              label: shippingLineLabel(shippingMethod, zone),
              amountPence: order.shippingPence,
              country: shippingInfo.country,
              name: `${shippingInfo.firstName} ${shippingInfo.lastName}`,
              phone: shippingInfo.phone ? shippingInfo.phone : null,
              address: {
                line1: shippingInfo.addressLine1,
                line2: shippingInfo.addressLine2 ? shippingInfo.addressLine2 : null,
                city: shippingInfo.city,
                state: shippingInfo.state,
                postalCode: shippingInfo.postalCode,
              },
              businessDays: shippingMethod === "express" ? zone.expressDays : zone.standardDays,
            },
            totalPence: order.totalPence,
          });
          if (provider.kind !== "test") await setPaymentSession(db, order.id, session.sessionId);
          url = session.url;
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          await cancelPendingOrder(ctx, order.id, {
            by: CHANGED_BY.system,
            note: "Payment could not be started",
          });
          return c.json<ApiError, 503>(
            { error: "payment_unavailable", message: MESSAGES.checkout.paymentUnavailable },
            503,
          );
        }

        ctx.log.info(
          {
            orderId: order.id,
            total: order.totalPence,
            items: order.itemCount,
            provider: provider.kind,
            user: user?.id ?? null,
          },
          "order created",
        );
        return c.json<CheckoutCreated, 201>(
          {
            orderId: order.id,
            displayNumber: order.displayNumber,
            url,
            orderTotal: order.totalPence,
            itemCount: order.itemCount,
            token: orderAccessToken(ctx.config.authSecret, order.id),
            testMode: order.testMode,
          },
          201,
        );
      },
    )
    .get(
      "/checkout/status/:orderId",
      rateLimit(ctx, statusLimiter, { name: "checkout-status", message: MESSAGES.checkout.tooManyRequests }),
      // Declares ?token for the typed client; any value passes (a wrong one is a 404 below).
      zValidator("query", statusQuerySchema, validationHook),
      async (c) => {
        const orderId = c.req.param("orderId");
        const notFound = () =>
          c.json<ApiError, 404>({ error: "not_found", message: "Order not found." }, 404);
        if (!isUuid(orderId)) return notFound();
        const [order] = await db
          .select({ id: orders.id, status: orders.status, userId: orders.userId })
          .from(orders)
          .where(eq(orders.id, orderId))
          .limit(1);
        if (!order) return notFound();
        let allowed = isValidOrderAccessToken(ctx.config.authSecret, order.id, c.req.query("token"));
        if (!allowed && order.userId) allowed = (await getSessionUser(ctx, c))?.id === order.userId;
        if (!allowed) return notFound();
        c.header("Cache-Control", "no-store");
        return c.json<CheckoutStatus, 200>({
          orderId: order.id,
          displayNumber: displayOrderNumber(order.id),
          status: order.status,
          outcome: paymentOutcome(order.status),
        });
      },
    );
}
