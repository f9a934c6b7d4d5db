/**
 * Placing an order (checkout): a workflow of named steps (issue 49 item 1), run by `runSteps`.
 *
 *   check-cart          a cart for the bulk-order form is refused
 *   price-cart          every line priced on the server from the pricing snapshot, its photos checked
 *                       (the shop's own uploads, the bundle's count, a crop inside the photo), the
 *                       delivery country's zone found
 *   write-order         the pending order, its lines, its discount use and the stock it holds, all or
 *                       nothing (one statement, or one transaction through runWorkflow); when the
 *                       catalogue changed since the snapshot, priced again from the database first
 *     compensated by    cancel-written-order: the order cancelled (its stock and code use released)
 *   open-payment-page   the provider's page for the lines (less their discount shares) and shipping
 *   answer              the created order, with the token its pages are read with
 *
 * It answers the created order, or a typed refusal carrying the HTTP status the route sends it
 * with: a refusal ends the workflow at the step that made it.
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
  type PricingSnapshot,
  priceCartItems,
  priceFromSnapshot,
  pricingSnapshot,
} from "../../catalogue/index.js";
import { findLinePhotoProblems } from "../../fulfilment/index.js";
import { orderAccessToken, PaymentProviderError } from "../../payments/index.js";
import { runSteps, runWorkflow, type WorkflowStep } from "../../platform/index.js";
import { CHANGED_BY } from "../changed-by.js";
import { type CreatedOrder, createOrder, type OrderLineInput, setPaymentSession } from "../orders.js";
import type { OrderServices } from "../services.js";
import { cancelOrder } from "./cancel-order.js";
import { paymentExpiry } from "./expire-orders.js";

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

const paymentUnavailable: PlaceOrderResult = {
  ok: false,
  refusal: {
    status: 503,
    error: "payment_unavailable",
    message: CHECKOUT_MESSAGES.checkout.paymentUnavailable,
  },
};

/** What the steps know of the order being placed, added to step by step. */
interface PlaceOrderState {
  readonly request: CheckoutRequest;
  readonly buyer: Buyer;
  /** When the unpaid order stops holding its stock and code use; the payment page closes then too. */
  readonly paymentExpiresAt: Date;
  // price-cart
  snapshot?: PricingSnapshot;
  zone?: ShippingZone;
  userId?: string | null;
  photoProblems?: ReadonlyMap<number, string>;
  lines?: OrderLineInput[];
  refused?: RefusedItem[];
  // write-order
  order?: CreatedOrder;
  // open-payment-page
  paymentUrl?: string;
}

type PlaceOrderStep = WorkflowStep<OrderServices, PlaceOrderState, PlaceOrderResult>;

/** A value an earlier step set: its absence is a fault in the steps' order, never the buyer's. */
function known<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`place-order: ${name} is not known yet`);
  return value;
}

const zoneOf = (zones: readonly ShippingZone[], country: string) => zoneForCountry(zones, country);

/** The order's lines, or the refusals, for these prices (one per cart item). */
function decideLines(
  cartItems: CheckoutRequest["cartItems"],
  priced: readonly PricedItem[],
  photoProblems: ReadonlyMap<number, string>,
): { refused: RefusedItem[]; lines: OrderLineInput[] } {
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
    const problem = photoProblems.get(index);
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
}

/**
 * Whether the page's shipping price, when it sent one, differs from the zone's (the buyer is then
 * shown the new one). With a discount code the charge is checked against the code inside the
 * order's transaction (a free-shipping code can only lower it).
 */
function shippingDiffers(
  request: CheckoutRequest,
  lines: readonly OrderLineInput[],
  zone: ShippingZone,
): boolean {
  return (
    request.expectedShippingPence !== undefined &&
    !request.discountCode &&
    checkoutTotals(
      lines.map((l) => l.unitPricePence),
      request.shippingMethod,
      { zone },
    ).shippingPence !== request.expectedShippingPence
  );
}

/** check-cart: more items than a parcel takes go through the bulk-order form. */
const checkCart: PlaceOrderStep = {
  name: "check-cart",
  run: async (_ctx, { request }) =>
    needsSupportForQuantity(request.cartItems.length)
      ? {
          ok: false,
          refusal: {
            status: 422,
            error: "bulk_order",
            message: CHECKOUT_MESSAGES.checkout.bulkOrder.description,
          },
        }
      : undefined,
};

/**
 * price-cart: the lines priced from the in-memory pricing snapshot (write-order writes them only
 * while the catalogue, zones included, is still the snapshot's). A refusal is never decided on
 * the snapshot alone: write-order looks again in the database first. A country missing from the
 * snapshot is looked up again before it is refused.
 */
const priceCart: PlaceOrderStep = {
  name: "price-cart",
  run: async (ctx, state) => {
    const { request } = state;
    const db = ctx.database.db;
    const snapshot = await pricingSnapshot(db);
    const zone =
      zoneOf(snapshot.zones, request.shippingInfo.country) ??
      zoneOf(await listShippingZones(db), request.shippingInfo.country);
    if (!zone) return countryRefusal(request.shippingInfo.country);
    const userId = await state.buyer.userId();
    const problems = await findLinePhotoProblems(db, ctx.storage, request.cartItems, {
      userId,
      offered: snapshot.offered,
    });
    const photoProblems = new Map(problems.map((problem) => [problem.index, problem.message]));
    const configs = request.cartItems.map((item) => item.config);
    Object.assign(state, {
      snapshot,
      zone,
      userId,
      photoProblems,
      ...decideLines(request.cartItems, priceFromSnapshot(snapshot, configs), photoProblems),
    });
    return undefined;
  },
};

/** The order as createOrder writes it, for these lines and this zone. */
async function writePendingOrder(
  ctx: OrderServices,
  state: PlaceOrderState,
  written: {
    lines: readonly OrderLineInput[];
    zone: ShippingZone;
    catalogFingerprint: string | null;
    freeShippingThresholdPence: number;
    stockedProductIds?: ReadonlySet<string>;
  },
): Promise<CreatedOrder | null> {
  const { request } = state;
  const provider = ctx.payments;
  const configs = request.cartItems.map((item) => item.config);
  // The rate the shopper's prices were converted at (the shop's rates, as /api/rates gave them):
  // the receipts after payment show the figures in their currency too (issue 47).
  const displayRate =
    request.currency === "GBP" ? null : (await ctx.rates.getRates()).rates[request.currency];
  return createOrder(ctx, {
    paymentExpiresAt: state.paymentExpiresAt,
    freeShippingThresholdPence: written.freeShippingThresholdPence,
    discountCode: request.discountCode ? request.discountCode : null,
    gift: request.gift ?? null,
    billingAddress: request.billingAddress ?? null,
    userId: known(state.userId, "the buyer"),
    shipping: request.shippingInfo,
    shippingMethod: request.shippingMethod,
    zone: written.zone,
    // A colour lithophane in the cart: production +2 days, so the promised window moves too.
    deliveryWindow: orderDeliveryWindow(
      written.zone,
      request.shippingMethod,
      new Date(),
      productionDaysFor(configs),
    ),
    displayCurrency: request.currency,
    displayRate,
    lines: written.lines,
    forceTestMode: provider.kind === "test",
    paymentProvider: provider.kind,
    catalogFingerprint: written.catalogFingerprint,
    ...(written.stockedProductIds ? { stockedProductIds: written.stockedProductIds } : {}),
    ...(provider.kind === "test" ? { paymentSessionId: (id: string) => `test_${id}` } : {}),
  });
}

/** The cart's lines that are the stocked product that ran out, refused by name. */
function outOfStockRefusal(state: PlaceOrderState, error: OutOfStockError): PlaceOrderResult {
  const product = state.snapshot?.products.get(error.productId);
  const name = product?.name ?? CREATOR_MESSAGES.pricing.itemUnknown;
  const message =
    error.available > 0
      ? COMMERCE_MESSAGES.stock.notEnough(name, error.available)
      : COMMERCE_MESSAGES.stock.soldOut(name);
  return itemRefusal(
    state.request.cartItems
      .filter((item) => typeOfConfig(item.config).productIdOf(item.config) === error.productId)
      .map((item) => ({ id: item.id, name, reason: "unavailable" as const, message })),
  );
}

/**
 * write-order: from the snapshot's prices when nothing was refused and the shipping price is the
 * page's (the INSERT writes only if the catalogue is still the snapshot's); otherwise, or when the
 * catalogue changed, decided again from the database (the snapshot forgotten if out of date).
 */
const writeOrder: PlaceOrderStep = {
  name: "write-order",
  run: async (ctx, state) => {
    const { request } = state;
    const db = ctx.database.db;
    const snapshot = known(state.snapshot, "the pricing snapshot");
    let zone = known(state.zone, "the zone");
    let lines = known(state.lines, "the lines");
    let refused = known(state.refused, "the refusals");
    try {
      const shippingLooksChanged = refused.length === 0 && shippingDiffers(request, lines, zone);
      let order =
        refused.length === 0 && !shippingLooksChanged
          ? await writePendingOrder(ctx, state, {
              lines,
              zone,
              catalogFingerprint: snapshot.fingerprint,
              freeShippingThresholdPence: snapshot.prices.freeShippingThresholdPence,
              stockedProductIds: snapshot.stockedProductIds,
            })
          : null;
      if (!order) {
        if (refused.length === 0 && !shippingLooksChanged) dropPricingSnapshot(db, snapshot);
        const configs = request.cartItems.map((item) => item.config);
        const [priced, prices, zones] = await Promise.all([
          priceCartItems(db, configs),
          loadShopPrices(db),
          listShippingZones(db),
        ]);
        const currentZone = zoneOf(zones, request.shippingInfo.country);
        if (!currentZone) return countryRefusal(request.shippingInfo.country);
        zone = currentZone;
        ({ refused, lines } = decideLines(
          request.cartItems,
          priced,
          known(state.photoProblems, "the photos"),
        ));
        if (refused.length > 0) return itemRefusal(refused);
        if (shippingDiffers(request, lines, zone)) return shippingRefusal;
        order = await writePendingOrder(ctx, state, {
          lines,
          zone,
          catalogFingerprint: null,
          freeShippingThresholdPence: prices.freeShippingThresholdPence,
        });
        if (!order) throw new Error("order not created");
      }
      Object.assign(state, { order, zone, lines, refused });
      return undefined;
    } catch (error) {
      // The stocked accessory sold out (or has fewer units than the cart): name the lines.
      if (error instanceof OutOfStockError) return outOfStockRefusal(state, error);
      throw error;
    }
  },
  // cancel-written-order: a later step failed (the payment page could not be opened).
  compensate: async (ctx, state) => {
    const order = state.order;
    if (!order) return;
    await runWorkflow(ctx, (tx) =>
      cancelOrder(ctx, tx, {
        orderId: order.id,
        cause: "customer",
        by: CHANGED_BY.system,
        note: "Payment could not be started",
      }),
    );
  },
};

/**
 * open-payment-page: what the provider charges per line is the line's price less its share of the
 * discount, so the lines and shipping add up to the order's total to the penny.
 */
const openPaymentPage: PlaceOrderStep = {
  name: "open-payment-page",
  run: async (ctx, state) => {
    const { shippingInfo, shippingMethod } = state.request;
    const gift = state.request.gift ?? null;
    const order = known(state.order, "the order");
    const lines = known(state.lines, "the lines");
    const zone = known(state.zone, "the zone");
    const provider = ctx.payments;
    const discountShares = allocateDiscount(
      lines.map((line) => ({ kind: line.kind, pricePence: line.unitPricePence })),
      order.discountScope ?? "all",
      order.discountPence,
    );
    const session = await provider.createSession({
      expiresAt: state.paymentExpiresAt,
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
    if (provider.kind !== "test") await setPaymentSession(ctx.database.db, order.id, session.sessionId);
    state.paymentUrl = session.url;
    return undefined;
  },
};

/** answer: the created order, logged, with the token its pages are read with. */
const answerCreated: PlaceOrderStep = {
  name: "answer",
  run: async (ctx, state) => {
    const order = known(state.order, "the order");
    ctx.log.info(
      {
        orderId: order.id,
        total: order.totalPence,
        items: order.itemCount,
        provider: ctx.payments.kind,
        user: state.userId,
      },
      "order created",
    );
    return {
      ok: true,
      created: {
        orderId: order.id,
        displayNumber: order.displayNumber,
        url: known(state.paymentUrl, "the payment page"),
        orderTotal: order.totalPence,
        itemCount: order.itemCount,
        token: orderAccessToken(ctx.config.authSecret, order.id),
        testMode: order.testMode,
      },
    };
  },
};

const PLACE_ORDER_STEPS: readonly PlaceOrderStep[] = [
  checkCart,
  priceCart,
  writeOrder,
  openPaymentPage,
  answerCreated,
];

/** Places the order (the steps above); a provider that cannot open its page is answered 503. */
export async function placeOrder(
  ctx: OrderServices,
  request: CheckoutRequest,
  buyer: Buyer,
): Promise<PlaceOrderResult> {
  const state: PlaceOrderState = {
    request,
    buyer,
    paymentExpiresAt: paymentExpiry(new Date(), ctx.config.orders.paymentMinutes),
  };
  try {
    return await runSteps(ctx, "place-order", PLACE_ORDER_STEPS, state);
  } catch (error) {
    if (error instanceof PaymentProviderError) return paymentUnavailable;
    throw error;
  }
}
