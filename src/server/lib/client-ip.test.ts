import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, createProxyList, isLoopback, normaliseIp } from "./client-ip.js";

/** A Hono context as @hono/node-server builds it: the socket in c.env.incoming. */
function fakeContext(socket: string | undefined, headers: Record<string, string> = {}): Context {
  return {
    env: socket
      ? { incoming: { socket: { remoteAddress: socket, remotePort: 5000, remoteFamily: "IPv4" } } }
      : undefined,
    req: { raw: new Request("http://shop.test/api/x", { headers }) },
  } as unknown as Context;
}

describe("clientIp", () => {
  it("is the socket address, whatever X-Forwarded-For says, when no proxy is trusted", () => {
    expect(clientIp(fakeContext("203.0.113.9", { "x-forwarded-for": "198.51.100.1" }), null)).toBe(
      "203.0.113.9",
    );
    expect(clientIp(fakeContext("::ffff:203.0.113.9"), null)).toBe("203.0.113.9");
  });

  it("walks X-Forwarded-For from the right past trusted proxies", () => {
    const proxies = createProxyList(["10.0.0.0/8", "192.0.2.10"]);
    const c = fakeContext("10.1.2.3", { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 192.0.2.10" });
    expect(clientIp(c, proxies)).toBe("198.51.100.7");
    // A request straight from an untrusted address cannot name someone else.
    expect(clientIp(fakeContext("198.51.100.50", { "x-forwarded-for": "1.2.3.4" }), proxies)).toBe(
      "198.51.100.50",
    );
    // Garbage in the chain: fall back to the socket.
    expect(clientIp(fakeContext("10.1.2.3", { "x-forwarded-for": "not-an-ip" }), proxies)).toBe("10.1.2.3");
  });

  it("believes a single forwarded address only for in-process requests (tests)", () => {
    expect(clientIp(fakeContext(undefined, { "x-forwarded-for": "10.9.8.7" }), null)).toBe("10.9.8.7");
    expect(
      clientIp(fakeContext(undefined, { "x-forwarded-for": "10.9.8.7, 10.0.0.1" }), null),
    ).toBeUndefined();
    expect(clientIp(fakeContext(undefined), null)).toBeUndefined();
  });
});

describe("isLoopback", () => {
  it("knows loopback addresses", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("10.0.0.1")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
    expect(normaliseIp("::ffff:10.0.0.1")).toBe("10.0.0.1");
  });
});
