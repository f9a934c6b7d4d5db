/**
 * Orders for the tests that need one: a real checkout through the shop's app, paid on its
 * built-in test payment page (`live` pays it as a live order, testMode off, so its print files
 * are made by themselves: a test order's wait for the admin), or rows written straight into the
 * database for the tests of order lists and history (insertOrder).
 */
import type { OrderStatus } from "@shared/orders";
import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../src/server/db/schema.js";
import { CHANGED_BY, completeOrderPayment } from "../../src/server/orders/index.js";
import { type CheckoutAnswer, type CheckoutBody, checkout, pressTestButton } from "./checkout.js";
import type { TestShop } from "./test-shop.js";

export interface PayOptions {
  /** Paid as a live order: its print files are queued without the admin. */
  live?: boolean;
}

/** Presses Pay on the test payment page for `answer`; throws unless the page redirects (303). */
export async function pay(shop: TestShop, answer: CheckoutAnswer, options: PayOptions = {}): Promise<void> {
  if (options.live) {
    await shop.ctx.database.db.update(orders).set({ testMode: false }).where(eq(orders.id, answer.orderId));
  }
  const res = await pressTestButton(shop, answer, "pay");
  if (res.status !== 303) throw new Error(`test payment: ${res.status} ${await res.text()}`);
}

export interface PaidOrderOptions extends PayOptions {
  /** The checkout's body (checkout()'s: the power adapter to the default address, unless given). */
  body?: Partial<CheckoutBody>;
  ip?: string;
  cookie?: string;
}

/** A checkout, paid: its answer. */
export async function paidOrder(shop: TestShop, options: PaidOrderOptions = {}): Promise<CheckoutAnswer> {
  const answer = await checkout(shop, options.body, {
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
  });
  await pay(shop, answer, options);
  return answer;
}

/** Writes an order straight into the database (for order-history tests); returns its id. */
export async function insertOrder(
  shop: TestShop,
  input: {
    userId: string | null;
    email: string;
    status?: OrderStatus;
    testMode?: boolean;
    createdAt?: Date;
    items?: Array<{
      kind?: "lithophane" | "accessory";
      size: string;
      frameColor: string;
      shape: string;
      price: number;
    }>;
  },
): Promise<string> {
  const db = shop.ctx.database.db;
  const items = input.items ?? [
    {
      size: "7 inch x 7 inch",
      frameColor: "White · 1 × Square",
      shape: "Essentials Collection",
      price: 5450,
    },
  ];
  const subtotal = items.reduce((sum, i) => sum + i.price, 0);
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      status: input.status ?? "paid",
      totalAmount: subtotal + 899,
      subtotalAmount: subtotal,
      shippingAmount: 899,
      shippingEmail: input.email,
      shippingFirstName: "Siobhan",
      shippingLastName: "Kelly",
      shippingPhone: "07700900123",
      shippingAddressLine1: "1 Botanic Avenue",
      shippingCity: "Belfast",
      shippingState: "Antrim",
      shippingPostalCode: "BT7 1JG",
      testMode: input.testMode ?? false,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("order insert failed");
  await db.insert(orderItems).values(
    items.map((item, position) => ({
      orderId: order.id,
      position,
      kind: "lithophane",
      config: {},
      ...item,
    })),
  );
  return order.id;
}

/** A test-mode order, paid through the payment workflow (its test invoice issued): a test shop's sale. */
export async function insertPaidTestOrder(shop: TestShop, email: string): Promise<string> {
  const id = await insertOrder(shop, { userId: null, email, status: "pending", testMode: true });
  await completeOrderPayment(shop.ctx, {
    orderId: id,
    by: CHANGED_BY.system,
    cause: "payment",
    paymentReference: null,
  });
  return id;
}
