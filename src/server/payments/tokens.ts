/**
 * The per-order access token: an HMAC of the order id under the server's secret, so it needs
 * no storage, cannot be guessed, and is checked in constant time. It opens the built-in test
 * payment page (and its Pay / Cancel actions) and the checkout status of that one order.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`lithobox-order-access:${orderId}`).digest("base64url");
}

export function isValidOrderAccessToken(
  secret: string,
  orderId: string,
  token: string | undefined | null,
): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
