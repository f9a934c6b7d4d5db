/**
 * Who is on the other end of the socket. Better Auth's rate limiter keys clients by IP, read
 * from a header; the header it reads (CLIENT_IP_HEADER) is set here, by the server, and any
 * value a client sent is thrown away. Behind a reverse proxy listed in TRUSTED_PROXIES the
 * client is the first address in X-Forwarded-For that is not one of those proxies.
 */
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The header Better Auth is told to read the client IP from (advanced.ipAddress). */
export const CLIENT_IP_HEADER = "x-lithobox-client-ip";

/** "::ffff:127.0.0.1" -> "127.0.0.1"; anything else unchanged. */
export function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The TCP peer's address; undefined for a request made in-process (app.request in tests). */
export function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normaliseIp(address) : undefined;
  } catch {
    return undefined;
  }
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ip = normaliseIp(address);
  return ip === "::1" || /^127\.\d+\.\d+\.\d+$/.test(ip);
}

/** True when a proxy says it forwarded this request (the request did not start on this host). */
export function isForwarded(headers: Headers): boolean {
  return headers.has("x-forwarded-for") || headers.has("forwarded") || headers.has("x-real-ip");
}

export function createProxyList(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function inList(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

function forwardedChain(headers: Headers): string[] {
  return (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => normaliseIp(part.trim()))
    .filter(Boolean);
}

/**
 * The client's IP. In-process requests (tests) have no socket: a single valid X-Forwarded-For
 * address stands for the client there, so tests can act as different clients.
 */
export function clientIp(c: Context, trustedProxies: BlockList | null): string | undefined {
  const socket = socketAddress(c);
  const chain = forwardedChain(c.req.raw.headers);
  if (!socket) {
    const only = chain.length === 1 ? chain[0] : undefined;
    return only && isIP(only) ? only : undefined;
  }
  if (!trustedProxies || !inList(trustedProxies, socket)) return socket;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i] ?? "";
    if (!isIP(hop)) return socket;
    if (!inList(trustedProxies, hop)) return hop;
  }
  return socket;
}
