/**
 * Paid orders for the tests that need one: a real checkout through the shop's app, paid on its
 * built-in test payment page. `live` pays it as a live order (testMode off), so its print files
 * are made by themselves (a test order's wait for the admin).
 */
import { eq } from "drizzle-orm";
import { orders } from "../../src/server/db/schema.js";
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
