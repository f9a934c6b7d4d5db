/**
 * Placing an order: `placeOrder(ctx, request, buyer)` prices the cart on the server, checks
 * every line can be sold and made, writes the pending order (with its discount, stock and
 * delivery window) and opens the payment page. It answers the created order, or a typed refusal
 * carrying the HTTP status the route sends it with.
 */

import { type CheckoutCreated, checkoutTotals, type RefusedItem, shippingLineLabel } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { productionDaysFor } from "@shared/delivery-dates";
import { allocateDiscount } from "@shared/discounts";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { describeLine } from "@shared/order-line";
import { productTypeOf, typeOfConfig } from "@shared/product-types";
import type { CheckoutRequest } from "@shared/schemas";
import { needsSupportForQuantity } from "@shared/shipping";
import { type ShippingZone, zoneForCountry } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import {
  dropPricingSnapshot,
  listShippingZones,
  loadShopPrices,
  OutOfStockError,
  orderDeliveryWindow,
  type PricedItem,
  priceCartItems,
  priceFromSnapshot,
  pricingSnapshot,
} from "../catalogue/index.js";
import { findLinePhotoProblems } from "../fulfilment/index.js";
import { orderAccessToken, PaymentProviderError } from "../payments/index.js";
import { runWorkflow } from "../platform/index.js";
import { CHANGED_BY } from "./changed-by.js";
import { createOrder, type OrderLineInput, setPaymentSession } from "./orders.js";
import type { OrderServices } from "./services.js";
import { cancelOrder } from "./workflows/cancel-order.js";
import { paymentExpiry } from "./workflows/expire-orders.js";

/** Why an order was not placed, with the status it is answered with. */
export type CheckoutRefusal =
  | { status: 422; error: "bulk_order"; message: string }
  | { status: 422; error: "country_not_delivered"; message: string; fields: Record<string, string> }
  | { status: 422; error: "item_unavailable"; message: string; items: RefusedItem[] }
  | { status: 409; error: "shipping_price_changed"; message: string }
  | { status: 503; error: "payment_unavailable"; message: string };

export type PlaceOrderResult =
  | { ok: true; created: CheckoutCreated }
  | { ok: false; refusal: CheckoutRefusal };

export interface Buyer {
  /** The signed-in customer's id, or null for a guest; asked only once the cart passed the first checks. */
  userId: () => Promise<string | null>;
}

/** How a cart line is named in an error: the accessory's name, or "Lithophane (Keepsake Collection)". */
function cartItemName(item: { config: { kind: string }; frameStyle: string; shape: string }): string {
  const name = productTypeOf(item.config).cartName(item);
  return name.trim().slice(0, 120) || "An item";
}

/** A priced line's name and description on the payment page (describeLine). */
function lineNameAndDescription(line: {
  kind: string;
  item: { config: unknown; additionalImages: readonly string[] };
  description: { title: string; sizeLabel: string; shapeName: string; frameStyle: string };
}): { name: string; description: string } {
  const described = describeLine({
    kind: line.kind,
    size: line.description.sizeLabel,
    shape: line.description.shapeName,
    frameStyle: line.description.frameStyle,
    config: line.item.config,
    additionalImages: line.item.additionalImages,
  });
  return {
    // An accessory's title is its product's name (its frameStyle), a made line's its type's.
    name: described.title,
    description: described.summary,
  };
}

function itemRefusal(refused: readonly RefusedItem[]): PlaceOrderResult {
  return {
    ok: false,
    refusal: {
      status: 422,
      error: "item_unavailable",
      message: refused.map((r) => r.message).join(" "),
      items: [...refused],
    },
  };
}

function countryRefusal(countryCode: string): PlaceOrderResult {
  const message = INTERNATIONAL_MESSAGES.notDelivered(countryName(countryCode));
  return {
    ok: false,
    refusal: {
      status: 422,
      error: "country_not_delivered",
      message,
      fields: { "shippingInfo.country": message },
    },
  };
}

const shippingRefusal: PlaceOrderResult = {
  ok: false,
  refusal: {
    status: 409,
    error: "shipping_price_changed",
    message: INTERNATIONAL_MESSAGES.shippingPriceChanged,
  },
};

export async function placeOrder(
  ctx: OrderServices,
  request: CheckoutRequest,
  buyer: Buyer,
): Promise<PlaceOrderResult> {
  const db = ctx.database.db;
  const { cartItems, shippingInfo, currency, shippingMethod, expectedShippingPence, discountCode } = request;
  const gift = request.gift ?? null;
  if (needsSupportForQuantity(cartItems.length)) {
    return {
      ok: false,
      refusal: {
        status: 422,
        error: "bulk_order",
        message: CHECKOUT_MESSAGES.checkout.bulkOrder.description,
      },
    };
  }
  const configs = cartItems.map((item) => item.config);
  // Shipping is priced from the country's zone in the pricing snapshot; the order is written
  // only while the catalogue (zones included) is still the snapshot's. A country missing from
  // the snapshot is looked up again before it is refused.
  const snapshot = await pricingSnapshot(db);
  const zoneOf = (zones: readonly ShippingZone[]) => zoneForCountry(zones, shippingInfo.country);
  let zone = zoneOf(snapshot.zones) ?? zoneOf(await listShippingZones(db));
  if (!zone) return countryRefusal(shippingInfo.country);
  const userId = await buyer.userId();
  const photoProblems = await findLinePhotoProblems(db, ctx.storage, cartItems, {
    userId,
    offered: snapshot.offered,
  });
  const problemAt = new Map(photoProblems.map((problem) => [problem.index, problem.message]));

  /** The order's lines, or the refusals, for these prices (one per cart item). */
  const decide = (priced: readonly PricedItem[]) => {
    const refused: RefusedItem[] = [];
    const lines: OrderLineInput[] = [];
    cartItems.forEach((item, index) => {
      const result = priced[index];
      if (!result?.ok) {
        const name = cartItemName(item);
        const reason = result?.message ?? CREATOR_MESSAGES.pricing.itemUnknown;
        refused.push({
          id: item.id,
          name,
          reason: result?.reason ?? "unknown",
          message: CHECKOUT_MESSAGES.checkout.itemUnavailable(name, reason),
        });
        return;
      }
      // A lithophane must be one that can be made: the bundle's number of photos, each one
      // of this shop's stored uploads (the print-file worker reads storage only and never
      // fetches another host's URL), and a crop inside the main photo.
      // An accessory made to order must have its choices (issue 30 item 14).
      const problem = problemAt.get(index);
      if (problem) {
        const name = cartItemName(item);
        refused.push({
          id: item.id,
          name,
          reason: "invalid",
          message: CHECKOUT_MESSAGES.checkout.itemUnavailable(name, problem),
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

  // The page's shipping price, when it sent one, must be the zone's: else the buyer is shown the new one.
  // With a discount code the charge is checked against the code inside the order's
  // transaction (a free-shipping code can only lower it).
  const shippingDiffers = (lines: readonly OrderLineInput[], zone: ShippingZone) =>
    expectedShippingPence !== undefined &&
    !discountCode &&
    checkoutTotals(
      lines.map((l) => l.unitPricePence),
      shippingMethod,
      { zone },
    ).shippingPence !== expectedShippingPence;

  const provider = ctx.payments;
  // A colour lithophane in the cart: production +2 days, so the promised window moves too.
  const production = productionDaysFor(configs);
  // The rate the shopper's prices were converted at (the shop's rates, as /api/rates gave them):
  // the receipts after payment show the figures in their currency too (issue 47).
  const displayRate = currency === "GBP" ? null : (await ctx.rates.getRates()).rates[currency];
  // Unpaid, the order holds its stock and code use until then; Stripe's page closes then too.
  const paymentExpiresAt = paymentExpiry(new Date(), ctx.config.orders.paymentMinutes);
  const place = async (
    lines: readonly OrderLineInput[],
    zone: ShippingZone,
    catalogFingerprint: string | null,
    freeShippingThresholdPence: number,
    stockedProductIds?: ReadonlySet<string>,
  ) =>
    createOrder(ctx.database, {
      paymentExpiresAt,
      freeShippingThresholdPence,
      discountCode: discountCode ? discountCode : null,
      gift,
      billingAddress: request.billingAddress ?? null,
      userId,
      shipping: shippingInfo,
      shippingMethod,
      zone,
      deliveryWindow: orderDeliveryWindow(zone, shippingMethod, new Date(), production),
      displayCurrency: currency,
      displayRate,
      lines,
      forceTestMode: provider.kind === "test",
      paymentProvider: provider.kind,
      catalogFingerprint,
      ...(stockedProductIds ? { stockedProductIds } : {}),
      ...(provider.kind === "test" ? { paymentSessionId: (id: string) => `test_${id}` } : {}),
    });

  // Priced from the in-memory snapshot; the INSERT writes the order only if the catalogue
  // is still the snapshot's. A refusal is never decided on the snapshot alone.
  let { refused, lines } = decide(priceFromSnapshot(snapshot, configs));
  let order: Awaited<ReturnType<typeof place>>;
  try {
    const shippingLooksChanged = refused.length === 0 && shippingDiffers(lines, zone);
    order =
      refused.length === 0 && !shippingLooksChanged
        ? await place(
            lines,
            zone,
            snapshot.fingerprint,
            snapshot.prices.freeShippingThresholdPence,
            snapshot.stockedProductIds,
          )
        : null;
    if (!order) {
      // The catalogue changed (or something looked unsellable, or the page's shipping price
      // differs): decide from the database, and forget the snapshot if it was out of date.
      if (refused.length === 0 && !shippingLooksChanged) dropPricingSnapshot(db, snapshot);
      const [priced, prices, zones] = await Promise.all([
        priceCartItems(db, configs),
        loadShopPrices(db),
        listShippingZones(db),
      ]);
      const currentZone = zoneOf(zones);
      if (!currentZone) return countryRefusal(shippingInfo.country);
      zone = currentZone;
      ({ refused, lines } = decide(priced));
      if (refused.length > 0) return itemRefusal(refused);
      if (shippingDiffers(lines, zone)) return shippingRefusal;
      order = await place(lines, zone, null, prices.freeShippingThresholdPence);
      if (!order) throw new Error("order not created");
    }
  } catch (error) {
    if (!(error instanceof OutOfStockError)) throw error;
    // The stocked accessory sold out (or has fewer units than the cart): name the lines.
    const product = snapshot.products.get(error.productId);
    const name = product?.name ?? CREATOR_MESSAGES.pricing.itemUnknown;
    const message =
      error.available > 0
        ? COMMERCE_MESSAGES.stock.notEnough(name, error.available)
        : COMMERCE_MESSAGES.stock.soldOut(name);
    return itemRefusal(
      cartItems
        .filter((item) => typeOfConfig(item.config).productIdOf(item.config) === error.productId)
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
      expiresAt: paymentExpiresAt,
      id: order.id,
      displayNumber: order.displayNumber,
      email: shippingInfo.email,
      lines: lines.map((line, index) => ({
        // The one description of a line (issue 30): the payment page says what the cart said.
        ...lineNameAndDescription(line),
        unitAmountPence: line.unitPricePence - (discountShares[index] ?? 0),
        quantity: 1,
      })),
      shipping: {
        label: shippingLineLabel(shippingMethod, zone),
        amountPence: order.shippingPence,
        country: shippingInfo.country,
        // A gift goes to its recipient; the buyer pays (and gets the e-mails).
        name: gift ? gift.recipientName : `${shippingInfo.firstName} ${shippingInfo.lastName}`,
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
    await runWorkflow(ctx, (tx) =>
      cancelOrder(ctx, tx, {
        orderId: order.id,
        cause: "customer",
        by: CHANGED_BY.system,
        note: "Payment could not be started",
      }),
    );
    return {
      ok: false,
      refusal: {
        status: 503,
        error: "payment_unavailable",
        message: CHECKOUT_MESSAGES.checkout.paymentUnavailable,
      },
    };
  }

  ctx.log.info(
    {
      orderId: order.id,
      total: order.totalPence,
      items: order.itemCount,
      provider: provider.kind,
      user: userId,
    },
    "order created",
  );
  return {
    ok: true,
    created: {
      orderId: order.id,
      displayNumber: order.displayNumber,
      url,
      orderTotal: order.totalPence,
      itemCount: order.itemCount,
      token: orderAccessToken(ctx.config.authSecret, order.id),
      testMode: order.testMode,
    },
  };
}
