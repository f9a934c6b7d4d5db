/** What the proof tests share: a refused step, a paid panel whose proof is mailed, the proof's link. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderProofs, outboxEmails } from "../../src/server/db/schema.js";
import { HttpError } from "../../src/server/lib/validation.js";
import { queueReadyProofEmails } from "../../src/server/orders/index.js";
import { uniqueEmail } from "./accounts.js";
import { type CheckoutAnswer, lithophaneItem, shippingInfo } from "./checkout.js";
import { paidOrder } from "./orders.js";
import type { TestShop } from "./test-shop.js";

/** A workflow step refused with this status and code. */
export async function expectRefused(promise: Promise<unknown>, status: number, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(status);
  expect((error as HttpError).code).toBe(code);
}

/**
 * Waits until the order's proof is mailed (a test order's pictures exist at payment). The sweep
 * also runs by itself, woken by the payment, and may hold the proof (skipped by this call) until
 * it commits. Nothing to wait for when no proof was started (the owner's setting off).
 */
export async function proofMailed(shop: TestShop, orderId: string): Promise<void> {
  const mailedAt = async () => {
    const [row] = await shop.ctx.database.db
      .select({ mailedAt: orderProofs.mailedAt })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, orderId));
    return row ? row.mailedAt : "no proof";
  };
  if ((await mailedAt()) === "no proof") return;
  await expect
    .poll(async () => {
      await queueReadyProofEmails(shop.ctx);
      return (await mailedAt()) !== null;
    })
    .toBe(true);
}

/** The proof e-mail's signed token (the outbox row is keyed like the order e-mails). */
export async function proofMailToken(
  shop: TestShop,
  orderId: string,
): Promise<{ token: string; subject: string; to: string }> {
  const [mail] = await shop.ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.dedupeKey, `order:proof:${orderId}`));
  if (!mail?.textBody) throw new Error("no proof e-mail");
  const match = /\/proof\?token=([^\s)#]+)/.exec(mail.textBody);
  if (!match?.[1]) throw new Error(`no proof link in ${mail.textBody}`);
  return { token: decodeURIComponent(match[1]), subject: mail.subject ?? "", to: mail.toAddress ?? "" };
}

/**
 * A paid order of one square panel with its proof mailed. A test order's files are made on
 * request only, but its pictures (the previews) exist, so the sweep mails its proof at once.
 */
export async function paidPanelWithProof(
  shop: TestShop,
  options: { email?: string; cookie?: string } = {},
): Promise<CheckoutAnswer> {
  const answer = await paidOrder(shop, {
    body: {
      cartItems: [lithophaneItem("starter")],
      shippingInfo: shippingInfo({ email: options.email ?? uniqueEmail("proof") }),
    },
    ...(options.cookie ? { cookie: options.cookie } : {}),
  });
  await proofMailed(shop, answer.orderId);
  return answer;
}
