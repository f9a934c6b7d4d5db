/**
 * Requests through a test shop's app as a client of its own: a random private address in
 * X-Forwarded-For, so no per-IP limit is shared between calls (in-process requests have no socket).
 */
import { randomBytes } from "node:crypto";
import type { TestShop } from "./test-shop.js";

/** A random private address: a client of its own for the rate limiter. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export type Json = Record<string, unknown>;

/** A JSON request through the app from a fresh client address (or `ip`): its status, parsed body and headers. */
export async function jsonRequest<Body = Json>(
  shop: TestShop,
  method: string,
  path: string,
  json?: unknown,
  cookie: string | null = null,
  ip: string = randomIp(),
): Promise<{ status: number; body: Body; headers: Headers }> {
  const res = await shop.request(path, {
    method,
    ...(json !== undefined ? { json } : {}),
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": ip },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Body, headers: res.headers };
}

/** A request through the shop's app as `cookie`, from a fresh address (per-IP limits): the raw answer. */
export function requestAs(
  target: TestShop,
  method: string,
  pathname: string,
  cookie: string,
  json?: unknown,
) {
  return target.request(pathname, {
    method,
    ...(json !== undefined ? { json } : {}),
    headers: { cookie, "x-forwarded-for": randomIp() },
  });
}
